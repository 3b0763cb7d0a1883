package banklink_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const (
	clientID    = "cid-Qm7-unit"
	secret      = "sec-Zp4-unit"
	accessToken = "access-sandbox-Hy2-unit"
)

// clearEnv keeps the developer's own CONDUIT_* settings out of the tests.
func clearEnv(t *testing.T) {
	testkit.ClearEnv(t, "CONDUIT_BANKLINK_CLIENT_ID", "CONDUIT_BANKLINK_SECRET", "CONDUIT_BANKLINK_ENVIRONMENT",
		"CONDUIT_BANKLINK_BANK_SANDBOX_URL", "CONDUIT_BANKLINK_BANK_PRODUCTION_URL", "CONDUIT_BANK_SANDBOX_URL", "CONDUIT_BANK_PRODUCTION_URL")
}

func startReplay(t *testing.T) *replay.Server {
	clearEnv(t)
	return testkit.ReplayServer(t)
}

func newReplay(t *testing.T, srv *replay.Server, opts ...banklink.Option) *banklink.Client {
	return testkit.Client(t, banklink.New, append(srv.Options("banklink"), opts...)...)
}

// newLocal points a fully credentialed client at srv.
func newLocal(t *testing.T, srv *testkit.Server, opts ...banklink.Option) *banklink.Client {
	clearEnv(t)
	base := []banklink.Option{conduit.WithBaseURL(srv.URL), banklink.WithClientID(clientID), banklink.WithSecret(secret), testkit.Fast}
	return testkit.Client(t, banklink.New, append(base, opts...)...)
}

func TestSearchInstitutions(t *testing.T) {
	srv := startReplay(t)
	c := newReplay(t, srv)
	r, err := c.SearchInstitutions(context.Background(), "platypus", &banklink.SearchInstitutionsParams{
		Products: []banklink.Product{banklink.ProductTransactions}, CountryCodes: []banklink.CountryCode{banklink.CountryUS},
	})
	require.NoError(t, err)
	require.Len(t, r.Institutions, 2)
	first := r.Institutions[0]
	assert.Equal(t, "ins_109508", first.InstitutionID)
	assert.Equal(t, "First Platypus Bank", first.Name)
	assert.Equal(t, []banklink.CountryCode{"US"}, first.CountryCodes)
	assert.Contains(t, first.Products, banklink.ProductBalance)
	assert.Equal(t, []banklink.CountryCode{"US", "CA"}, r.Institutions[1].CountryCodes)
	assert.Equal(t, "Ggmk0enW4smO2Tp", r.RequestID)

	var extra struct {
		OAuth          bool     `json:"oauth"`
		RoutingNumbers []string `json:"routing_numbers"`
	}
	require.NoError(t, first.Decode(&extra), "each institution keeps its own raw record")
	assert.Equal(t, []string{"011000138", "011200365"}, extra.RoutingNumbers)
	require.NoError(t, r.Institutions[1].Decode(&extra))
	assert.True(t, extra.OAuth)
	assert.Contains(t, string(r.RawJSON()), `"item_logins"`)
	assert.Equal(t, 1, srv.Hits("POST /bank_sandbox_url/institutions/search"), "sandbox is the default")
	golden.JSON(t, "banklink", "search_institutions", r)
}

func TestGetBalance(t *testing.T) {
	srv := startReplay(t)
	c := newReplay(t, srv)
	r, err := c.GetBalance(context.Background(), replay.Credential("banklink", "access_token"))
	require.NoError(t, err)
	require.Len(t, r.Accounts, 2)
	chk := r.Accounts[0]
	assert.Equal(t, "BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp", chk.AccountID)
	assert.Equal(t, "Platypus Checking", chk.Name)
	assert.Equal(t, "depository", chk.Type)
	assert.Equal(t, "100.00", chk.Balances.Available.String(), "the decimal text is kept as sent")
	assert.Equal(t, "110.25", chk.Balances.Current.String())
	assert.True(t, chk.Balances.Limit.IsZero())
	assert.Equal(t, "USD", chk.Balances.ISOCurrencyCode)

	card := r.Accounts[1]
	assert.True(t, card.Balances.Available.IsZero(), "null stays unknown, not zero")
	assert.Equal(t, "9007199254740993.27", card.Balances.Current.String(), "beyond float64 precision, from a JSON string")
	assert.Equal(t, "20000000000000000.01", card.Balances.Limit.String(), "beyond float64 precision, from a JSON number")
	cur := card.Balances.Current.Rat()
	want, _ := new(big.Rat).SetString("900719925474099327/100")
	assert.Zero(t, want.Cmp(cur), "got %s", cur.FloatString(2))

	var extra struct {
		OfficialName string `json:"official_name"`
	}
	require.NoError(t, chk.Decode(&extra))
	assert.Equal(t, "Platypus Gold Standard 0% Interest Checking", extra.OfficialName)
	var item struct {
		Item struct {
			ItemID string `json:"item_id"`
		} `json:"item"`
	}
	require.NoError(t, r.Decode(&item))
	assert.Equal(t, "Ed6bjNrDLJfGvZWwnkQlfxwoNz54B5C97ejBr", item.Item.ItemID)
	golden.JSON(t, "banklink", "get_balance", r)
}

func TestEnvironmentPicksTheHost(t *testing.T) {
	srv := startReplay(t)
	ctx := context.Background()
	prod := newReplay(t, srv, banklink.WithEnvironment(banklink.Production))
	assert.Equal(t, banklink.Production, prod.Environment())
	_, err := prod.SearchInstitutions(ctx, "platypus", nil)
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits("POST /bank_production_url/institutions/search"))
	assert.Zero(t, srv.Hits("POST /bank_sandbox_url/institutions/search"))

	t.Setenv("CONDUIT_BANKLINK_ENVIRONMENT", "production")
	fromEnv := newReplay(t, srv)
	_, err = fromEnv.GetBalance(ctx, replay.Credential("banklink", "access_token"))
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits("POST /bank_production_url/accounts/balance/get"))

	sandbox := newReplay(t, srv, banklink.WithEnvironment(banklink.Sandbox))
	assert.Equal(t, banklink.Sandbox, sandbox.Environment(), "the option beats the environment variable")
	_, err = sandbox.SearchInstitutions(ctx, "platypus", nil)
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits("POST /bank_sandbox_url/institutions/search"))
}

func TestBaseURLOverridesTheSelectedHost(t *testing.T) {
	clearEnv(t)
	srv := testkit.Start(t, testkit.Reply{Body: `{"institutions":[]}`})
	c, err := banklink.New(banklink.WithEnvironment(banklink.Production), banklink.WithSandboxURL("https://sandbox.invalid"),
		conduit.WithBaseURL(srv.URL+"/bank/"), banklink.WithClientID(clientID), banklink.WithSecret(secret))
	require.NoError(t, err)
	r, err := c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Empty(t, r.Institutions)
	assert.Equal(t, "/bank/institutions/search", srv.Last(t).URI)

	_, err = banklink.New(banklink.WithSandboxURL("http://sandbox.invalid"), banklink.WithClientID(clientID), banklink.WithSecret(secret))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "credentials never travel in clear text beyond loopback")
}

func TestNamedURLsAndTheDefaultOne(t *testing.T) {
	clearEnv(t)
	srv := testkit.Start(t, testkit.Reply{Body: `{"accounts":[]}`})
	creds := []banklink.Option{banklink.WithClientID(clientID), banklink.WithSecret(secret)}
	prod, err := banklink.New(append(creds, banklink.WithEnvironment(banklink.Production), banklink.WithProductionURL(srv.URL))...)
	require.NoError(t, err)
	_, err = prod.GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits())

	// The sandbox, the default environment, is on Plaid's sandbox host.
	testkit.DefaultBaseURL(t, "CONDUIT_BANKLINK_BANK_SANDBOX_URL", "https://sandbox.plaid.com/accounts/balance/get",
		func(o ...banklink.Option) (*banklink.Client, error) {
			return banklink.New(append(append(creds, banklink.WithProductionURL(srv.URL)), o...)...)
		},
		func(c *banklink.Client) error { _, err := c.GetBalance(context.Background(), accessToken); return err })
	assert.Equal(t, 1, srv.Hits())
}

func TestUnknownEnvironment(t *testing.T) {
	clearEnv(t)
	t.Setenv("CONDUIT_BANKLINK_ENVIRONMENT", "Production ")
	_, err := banklink.New()
	var e *banklink.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "environment", e.Field)
	_, err = banklink.New(banklink.WithEnvironment("live"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}

// assertCredsOnlyInBody checks the body's credentials and that no header,
// path or query carries any.
func assertCredsOnlyInBody(t *testing.T, got testkit.Request, creds ...string) {
	t.Helper()
	body := got.JSON(t)
	assert.Equal(t, clientID, body["client_id"])
	assert.Equal(t, secret, body["secret"])
	for _, s := range creds {
		assert.Equal(t, []string{"body"}, got.Holds(s), "a credential outside the body")
	}
	assert.Empty(t, got.Header.Get("Authorization"))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
}

func TestSearchInstitutionsRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"institutions":[]}`})
	c := newLocal(t, srv)
	_, err := c.SearchInstitutions(context.Background(), "first platypus", &banklink.SearchInstitutionsParams{
		Products: []banklink.Product{banklink.ProductAuth, banklink.ProductBalance}, CountryCodes: []banklink.CountryCode{banklink.CountryUS, banklink.CountryGB},
	})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/institutions/search", got.URI)
	assert.Equal(t, map[string]any{
		"client_id": clientID, "secret": secret, "query": "first platypus",
		"products": []any{"auth", "balance"}, "country_codes": []any{"US", "GB"},
	}, got.JSON(t))
	assertCredsOnlyInBody(t, got, clientID, secret)

	_, err = c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "query": "x"}, srv.Last(t).JSON(t), "empty lists are left out")
}

func TestGetBalanceRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"accounts":[]}`})
	_, err := newLocal(t, srv).GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/accounts/balance/get", got.URI)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken}, got.JSON(t))
	assertCredsOnlyInBody(t, got, clientID, secret, accessToken)
}

func TestReadOnlyPostsAreRetried(t *testing.T) {
	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable}
	ok := testkit.Reply{Body: `{"institutions":[],"accounts":[{"account_id":"a1","balances":{"current":1.5}}]}`}
	srv := testkit.Start(t, unavailable, ok, unavailable, ok)
	c := newLocal(t, srv)
	r, err := c.GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	assert.Equal(t, "1.5", r.Accounts[0].Balances.Current.String())
	_, err = c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, 4, srv.Hits(), "each read-only POST was retried once")
}

// allSecrets is everything that must never be printed.
var allSecrets = []string{clientID, secret, accessToken}

func TestErrorBodyEchoingSecretsIsRedacted(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c := newLocal(t, testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in map[string]string
		json.NewDecoder(r.Body).Decode(&in)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Request-Id", "req-42")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]any{
			"error_type":      "INVALID_INPUT",
			"error_code":      "INVALID_ACCESS_TOKEN",
			"error_message":   fmt.Sprintf("access token %s is not valid for client %s with secret %s", in["access_token"], in["client_id"], in["secret"]),
			"display_message": nil,
			"request_id":      "m8MDnv9okwxFNBV",
			"echo":            in,
		})
	})), conduit.WithLogger(logger))
	_, err := c.GetBalance(context.Background(), accessToken)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "banklink", Op: "GetBalance", Endpoint: "POST /accounts/balance/get", Status: http.StatusBadRequest,
		Code: "INVALID_ACCESS_TOKEN", Message: "access token [REDACTED] is not valid for client [REDACTED] with secret [REDACTED]"})
	assert.Equal(t, "m8MDnv9okwxFNBV", e.RequestID, "the service's request_id is in its body, which wins over a proxy's header")
	assert.Contains(t, string(e.Body), `"error_type":"INVALID_INPUT"`)
	assert.Contains(t, err.Error(), "INVALID_ACCESS_TOKEN")
	testkit.NoSecret(t, err, allSecrets...)
	testkit.NoSecretIn(t, logs.String(), allSecrets...)
	assert.NotEmpty(t, logs.String(), "the logger saw the attempt")
}

func TestErrorShapes(t *testing.T) {
	want := func(is error, status int, code, message string) testkit.Shape {
		return testkit.Shape{Is: is, Status: status, Code: code, Message: message}
	}
	malformed := want(conduit.ErrMalformedResponse, 0, "", "")
	testkit.Errors(t, []testkit.Case{
		{Name: "bank error fixture", Reply: testkit.Reply{Status: 400, Body: testkit.Fixture(t, "banklink", "invalid_access_token.json")},
			Want: want(conduit.ErrAPI, 400, "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format. expected format: access-<environment>-<identifier>")},
		{Name: "bad credentials", Reply: testkit.Reply{Status: 400, Body: `{"error_type":"INVALID_INPUT","error_code":"INVALID_API_KEYS","error_message":"invalid client_id or secret provided","display_message":null,"request_id":"r1"}`},
			Want: want(conduit.ErrAPI, 400, "INVALID_API_KEYS", "invalid client_id or secret provided")},
		{Name: "401", Reply: testkit.Reply{Status: 401, Body: `{"error_type":"INVALID_INPUT","error_code":"UNAUTHORIZED","error_message":"no"}`},
			Want: want(conduit.ErrUnauthorized, 401, "UNAUTHORIZED", "no")},
		{Name: "429", Reply: testkit.Reply{Status: 429, Body: `{"error_type":"RATE_LIMIT_EXCEEDED","error_code":"RATE_LIMIT","error_message":"slow down"}`},
			Want: want(conduit.ErrRateLimited, 429, "RATE_LIMIT", "slow down")},
		{Name: "html from a proxy", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body>Bad gateway</body></html>`}, Want: want(conduit.ErrAPI, 502, "", "")},
		{Name: "plain text", Reply: testkit.Reply{Status: 500, ContentType: "text/plain", Body: `internal error`}, Want: want(conduit.ErrAPI, 500, "", "internal error")},
		{Name: "null at 200", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		{Name: "truncated at 200", Reply: testkit.Reply{Body: `{"accounts":[{"account_id":`}, Want: malformed},
		{Name: "non-decimal amount", Reply: testkit.Reply{Body: `{"accounts":[{"balances":{"current":"12,50"}}]}`}, Want: malformed},
	}, allSecrets, testkit.Op{Service: "banklink", Op: "GetBalance", Endpoint: "POST /accounts/balance/get", Call: func(t *testing.T, url string) error {
		clearEnv(t)
		c := testkit.Client(t, banklink.New, conduit.WithBaseURL(url), banklink.WithClientID(clientID), banklink.WithSecret(secret), conduit.WithMaxRetries(0))
		_, err := c.GetBalance(context.Background(), accessToken)
		return err
	}})
}

func TestMissingCredentials(t *testing.T) {
	srv := testkit.Start(t)
	cases := []struct {
		opts         []banklink.Option
		option, env  string
		presentValue string
	}{
		{[]banklink.Option{banklink.WithSecret(secret)}, "banklink.WithClientID", "CONDUIT_BANKLINK_CLIENT_ID", secret},
		{[]banklink.Option{banklink.WithClientID(clientID)}, "banklink.WithSecret", "CONDUIT_BANKLINK_SECRET", clientID},
	}
	for _, tc := range cases {
		clearEnv(t)
		c := testkit.Client(t, banklink.New, append(tc.opts, conduit.WithBaseURL(srv.URL))...)
		hidden := func(err error) error { testkit.NoSecret(t, err, tc.presentValue); return err }
		testkit.MissingCredential(t, srv, tc.option, tc.env,
			func() error { _, err := c.SearchInstitutions(context.Background(), "x", nil); return hidden(err) },
			func() error { _, err := c.GetBalance(context.Background(), accessToken); return hidden(err) })
	}
}

func TestCredentialsFromEnv(t *testing.T) {
	srv := startReplay(t)
	for k, v := range srv.Env() {
		if strings.HasPrefix(k, "CONDUIT_BANK") {
			t.Setenv(k, v)
		}
	}
	c, err := banklink.New()
	require.NoError(t, err)
	_, err = c.SearchInstitutions(context.Background(), "platypus", nil)
	require.NoError(t, err)
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv)
	ctx := context.Background()
	search := func(q string, p *banklink.SearchInstitutionsParams) func() error {
		return func() error { _, err := c.SearchInstitutions(ctx, q, p); return err }
	}
	balance := func(tok string) func() error {
		return func() error { _, err := c.GetBalance(ctx, tok); return err }
	}
	// "Injected" is in a bad token: it is not echoed.
	testkit.BadInput(t, srv, testkit.Shape{Service: "banklink"}, []testkit.Input{
		{Field: "query", Call: search("", nil)},
		{Field: "query", Call: search(" \t", nil)},
		{Field: "products", Call: search("x", &banklink.SearchInstitutionsParams{Products: []banklink.Product{"auth", ""}})},
		{Field: "products", Call: search("x", &banklink.SearchInstitutionsParams{Products: []banklink.Product{"transaction"}})},
		{Field: "products", Call: search("x", &banklink.SearchInstitutionsParams{Products: []banklink.Product{"AUTH"}})},
		{Field: "country_codes", Call: search("x", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"JP"}})},
		{Field: "country_codes", Call: search("x", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"us"}})},
		{Field: "country_codes", Call: search("x", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"USA"}})},
		{Field: "country_codes", Call: search("x", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"GB", ""}})},
		{Field: "country_codes", Call: search("x", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"Ü1"}})},
		{Field: "access_token", Call: balance("")},
		{Field: "access_token", Call: balance("access-sandbox-\nInjected: 1")},
		{Field: "access_token", Call: balance("access sandbox")},
	}, append(allSecrets, "Injected")...)
}

// The amounts of Balances are conduit.Decimal values: exact as sent, from a
// JSON number or string, and written back as the same number.
func TestAmounts(t *testing.T) {
	balances := func(amount string) (banklink.Balances, error) {
		var b banklink.Balances
		err := conduit.Unmarshal([]byte(`{"current":`+amount+`}`), &b)
		return b, err
	}
	for in, want := range map[string]string{
		`100.00`: "100.00", `"110.25"`: "110.25", `-3`: "-3", `0`: "0", `null`: "", `1.5e3`: "1.5e3", `"0.000001"`: "0.000001",
	} {
		b, err := balances(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, b.Current.String(), in)
		out, err := json.Marshal(b.Current)
		require.NoError(t, err)
		if want == "" {
			assert.Equal(t, "null", string(out))
		} else {
			assert.Equal(t, want, string(out), "marshals back to the same number")
		}
	}
	for _, in := range []string{`"12,50"`, `"$5"`, `"1e9999"`, `true`, `"NaN"`, `"0x10"`, `[]`} {
		_, err := balances(in)
		assert.Error(t, err, in)
	}
	b, err := balances(`"1.5e3"`)
	require.NoError(t, err)
	assert.Equal(t, "1500", b.Current.Rat().RatString())
	assert.Nil(t, banklink.Balances{}.Current.Rat(), "an absent amount has no value")
}
