package banklink_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
)

const (
	clientID    = "cid-Qm7-unit"
	secret      = "sec-Zp4-unit"
	accessToken = "access-sandbox-Hy2-unit"
)

// clearEnv keeps the developer's own CONDUIT_* settings out of the tests.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{"CONDUIT_BANKLINK_CLIENT_ID", "CONDUIT_BANKLINK_SECRET", "CONDUIT_BANKLINK_ENVIRONMENT",
		"CONDUIT_BANK_SANDBOX_URL", "CONDUIT_BANK_PRODUCTION_URL"} {
		t.Setenv(k, "")
	}
}

func startReplay(t *testing.T) *replay.Server {
	t.Helper()
	clearEnv(t)
	srv := replay.Start()
	t.Cleanup(srv.Close)
	return srv
}

func newReplay(t *testing.T, srv *replay.Server, opts ...banklink.Option) *banklink.Client {
	t.Helper()
	c, err := banklink.New(append(srv.Options("banklink"), opts...)...)
	require.NoError(t, err)
	return c
}

// newLocal points a fully credentialed client at h.
func newLocal(t *testing.T, h http.HandlerFunc, opts ...banklink.Option) *banklink.Client {
	t.Helper()
	clearEnv(t)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	base := []banklink.Option{conduit.WithBaseURL(srv.URL), banklink.WithClientID(clientID), banklink.WithSecret(secret),
		conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)}
	c, err := banklink.New(append(base, opts...)...)
	require.NoError(t, err)
	return c
}

func TestSearchInstitutions(t *testing.T) {
	srv := startReplay(t)
	c := newReplay(t, srv)
	r, err := c.SearchInstitutions(context.Background(), "platypus", &banklink.SearchInstitutionsParams{
		Products: []string{"transactions"}, CountryCodes: []string{"US"},
	})
	require.NoError(t, err)
	require.Len(t, r.Institutions, 2)
	first := r.Institutions[0]
	assert.Equal(t, "ins_109508", first.InstitutionID)
	assert.Equal(t, "First Platypus Bank", first.Name)
	assert.Equal(t, []string{"US"}, first.CountryCodes)
	assert.Contains(t, first.Products, "balance")
	assert.Equal(t, []string{"US", "CA"}, r.Institutions[1].CountryCodes)
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
	assert.Equal(t, banklink.Amount("100.00"), chk.Balances.Available, "the decimal text is kept as sent")
	assert.Equal(t, banklink.Amount("110.25"), chk.Balances.Current)
	assert.False(t, chk.Balances.Limit.Known())
	assert.Equal(t, "USD", chk.Balances.ISOCurrencyCode)

	card := r.Accounts[1]
	assert.False(t, card.Balances.Available.Known(), "null stays unknown, not zero")
	assert.Equal(t, banklink.Amount("9007199254740993.27"), card.Balances.Current, "beyond float64 precision, from a JSON string")
	assert.Equal(t, banklink.Amount("20000000000000000.01"), card.Balances.Limit, "beyond float64 precision, from a JSON number")
	cur, err := card.Balances.Current.Rat()
	require.NoError(t, err)
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
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		assert.Equal(t, "/bank/institutions/search", r.URL.Path)
		w.Write([]byte(`{"institutions":[]}`))
	}))
	defer srv.Close()
	c, err := banklink.New(banklink.WithEnvironment(banklink.Production), banklink.WithSandboxURL("http://sandbox.invalid"),
		conduit.WithBaseURL(srv.URL+"/bank/"), banklink.WithClientID(clientID), banklink.WithSecret(secret))
	require.NoError(t, err)
	r, err := c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Empty(t, r.Institutions)
	assert.EqualValues(t, 1, hits.Load())
}

func TestNamedURLsAndMissingOne(t *testing.T) {
	clearEnv(t)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte(`{"accounts":[]}`))
	}))
	defer srv.Close()
	creds := []banklink.Option{banklink.WithClientID(clientID), banklink.WithSecret(secret)}
	prod, err := banklink.New(append(creds, banklink.WithEnvironment(banklink.Production), banklink.WithProductionURL(srv.URL))...)
	require.NoError(t, err)
	_, err = prod.GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	assert.EqualValues(t, 1, hits.Load())

	sandbox, err := banklink.New(append(creds, banklink.WithProductionURL(srv.URL))...)
	require.NoError(t, err)
	_, err = sandbox.GetBalance(context.Background(), accessToken)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_BANK_SANDBOX_URL")
	assert.EqualValues(t, 1, hits.Load())
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

type captured struct {
	method, path, query string
	header              http.Header
	body                map[string]any
	raw                 string
}

func capture(t *testing.T, reply string) (*banklink.Client, *captured) {
	t.Helper()
	got := &captured{}
	c := newLocal(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got.method, got.path, got.query, got.header, got.raw = r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), string(b)
		got.body = nil
		require.NoError(t, json.Unmarshal(b, &got.body))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(reply))
	})
	return c, got
}

// assertCredsOnlyInBody checks that no header or query carries a credential.
func assertCredsOnlyInBody(t *testing.T, got *captured, creds ...string) {
	t.Helper()
	assert.Equal(t, clientID, got.body["client_id"])
	assert.Equal(t, secret, got.body["secret"])
	for _, s := range creds {
		assert.NotContains(t, got.query, s)
		assert.NotContains(t, got.path, s)
		for name, vals := range got.header {
			assert.NotContains(t, strings.Join(vals, " "), s, "credential in header %s", name)
		}
	}
	assert.Empty(t, got.header.Get("Authorization"))
	assert.Equal(t, "application/json", got.header.Get("Content-Type"))
	assert.Equal(t, "application/json", got.header.Get("Accept"))
}

func TestSearchInstitutionsRequestShape(t *testing.T) {
	c, got := capture(t, `{"institutions":[]}`)
	_, err := c.SearchInstitutions(context.Background(), "first platypus", &banklink.SearchInstitutionsParams{
		Products: []string{"auth", "balance"}, CountryCodes: []string{"US", "GB"},
	})
	require.NoError(t, err)
	assert.Equal(t, "POST", got.method)
	assert.Equal(t, "/institutions/search", got.path)
	assert.Empty(t, got.query)
	assert.Equal(t, map[string]any{
		"client_id": clientID, "secret": secret, "query": "first platypus",
		"products": []any{"auth", "balance"}, "country_codes": []any{"US", "GB"},
	}, got.body)
	assertCredsOnlyInBody(t, got, clientID, secret)

	_, err = c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "query": "x"}, got.body, "empty lists are left out")
}

func TestGetBalanceRequestShape(t *testing.T) {
	c, got := capture(t, `{"accounts":[]}`)
	_, err := c.GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	assert.Equal(t, "POST", got.method)
	assert.Equal(t, "/accounts/balance/get", got.path)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken}, got.body)
	assertCredsOnlyInBody(t, got, clientID, secret, accessToken)
}

func TestReadOnlyPostsAreRetried(t *testing.T) {
	var hits atomic.Int32
	c := newLocal(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(`{"accounts":[{"account_id":"a1","balances":{"current":1.5}}]}`))
	})
	r, err := c.GetBalance(context.Background(), accessToken)
	require.NoError(t, err)
	assert.Equal(t, banklink.Amount("1.5"), r.Accounts[0].Balances.Current)
	assert.EqualValues(t, 2, hits.Load())

	hits.Store(0)
	_, err = c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.EqualValues(t, 2, hits.Load())
}

// allSecrets is everything that must never be printed.
var allSecrets = []string{clientID, secret, accessToken}

func assertNoSecret(t *testing.T, err error, more ...string) {
	t.Helper()
	var e *banklink.Error
	require.ErrorAs(t, err, &e)
	for _, out := range append([]string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%v", e), string(e.Body), e.Message, e.Code}, more...) {
		for _, s := range allSecrets {
			assert.NotContains(t, out, s)
		}
	}
}

func TestErrorBodyEchoingSecretsIsRedacted(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c := newLocal(t, func(w http.ResponseWriter, r *http.Request) {
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
	}, conduit.WithLogger(logger))
	_, err := c.GetBalance(context.Background(), accessToken)
	var e *banklink.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, http.StatusBadRequest, e.StatusCode)
	assert.Equal(t, "INVALID_ACCESS_TOKEN", e.Code)
	assert.Equal(t, "access token [REDACTED] is not valid for client [REDACTED] with secret [REDACTED]", e.Message)
	assert.Equal(t, "req-42", e.RequestID)
	assert.Equal(t, "GetBalance", e.Op)
	assert.Equal(t, "POST /accounts/balance/get", e.Endpoint)
	assert.Contains(t, string(e.Body), `"error_type":"INVALID_INPUT"`)
	assert.Contains(t, err.Error(), "INVALID_ACCESS_TOKEN")
	assertNoSecret(t, err, logs.String())
	assert.NotEmpty(t, logs.String(), "the logger saw the attempt")
}

func TestErrorShapes(t *testing.T) {
	fixture, err := os.ReadFile("../testdata/banklink/invalid_access_token.json")
	require.NoError(t, err)
	cases := []struct {
		name    string
		status  int
		ctype   string
		body    string
		code    string
		message string
		is      error
	}{
		{"bank error fixture", 400, "application/json", string(fixture), "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format. expected format: access-<environment>-<identifier>", conduit.ErrAPI},
		{"bad credentials", 400, "application/json", `{"error_type":"INVALID_INPUT","error_code":"INVALID_API_KEYS","error_message":"invalid client_id or secret provided","display_message":null,"request_id":"r1"}`, "INVALID_API_KEYS", "invalid client_id or secret provided", conduit.ErrAPI},
		{"401", 401, "application/json", `{"error_type":"INVALID_INPUT","error_code":"UNAUTHORIZED","error_message":"no"}`, "UNAUTHORIZED", "no", conduit.ErrUnauthorized},
		{"429", 429, "application/json", `{"error_type":"RATE_LIMIT_EXCEEDED","error_code":"RATE_LIMIT","error_message":"slow down"}`, "RATE_LIMIT", "slow down", conduit.ErrRateLimited},
		{"html from a proxy", 502, "text/html", `<html><body>Bad gateway</body></html>`, "", "", conduit.ErrAPI},
		{"plain text", 500, "text/plain", `internal error`, "", "internal error", conduit.ErrAPI},
		{"null at 200", 200, "application/json", `null`, "", "", conduit.ErrMalformedResponse},
		{"truncated at 200", 200, "application/json", `{"accounts":[{"account_id":`, "", "", conduit.ErrMalformedResponse},
		{"non-decimal amount", 200, "application/json", `{"accounts":[{"balances":{"current":"12,50"}}]}`, "", "", conduit.ErrMalformedResponse},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newLocal(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ctype)
				w.WriteHeader(tc.status)
				w.Write([]byte(tc.body))
			}, conduit.WithMaxRetries(0))
			_, err := c.GetBalance(context.Background(), accessToken)
			var e *banklink.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, tc.code, e.Code)
			if tc.message != "" {
				assert.Equal(t, tc.message, e.Message)
			}
			assert.Equal(t, "banklink", e.Service)
			assert.Equal(t, "GetBalance", e.Op)
			assertNoSecret(t, err)
		})
	}
}

func TestMissingCredentials(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
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
		c, err := banklink.New(append(tc.opts, conduit.WithBaseURL(srv.URL))...)
		require.NoError(t, err)
		for _, call := range []func() error{
			func() error { _, err := c.SearchInstitutions(context.Background(), "x", nil); return err },
			func() error { _, err := c.GetBalance(context.Background(), accessToken); return err },
		} {
			err := call()
			assert.ErrorIs(t, err, conduit.ErrMissingCredential)
			assert.Contains(t, err.Error(), tc.option)
			assert.Contains(t, err.Error(), tc.env)
			assert.NotContains(t, err.Error(), tc.presentValue)
		}
	}
	assert.Zero(t, hits.Load(), "a missing credential is reported before any I/O")
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
	var hits atomic.Int32
	c := newLocal(t, func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })
	ctx := context.Background()
	search := func(q string, p *banklink.SearchInstitutionsParams) func() error {
		return func() error { _, err := c.SearchInstitutions(ctx, q, p); return err }
	}
	balance := func(tok string) func() error {
		return func() error { _, err := c.GetBalance(ctx, tok); return err }
	}
	cases := []struct {
		field string
		call  func() error
	}{
		{"query", search("", nil)},
		{"query", search(" \t", nil)},
		{"products", search("x", &banklink.SearchInstitutionsParams{Products: []string{"auth", ""}})},
		{"country_codes", search("x", &banklink.SearchInstitutionsParams{CountryCodes: []string{"us"}})},
		{"country_codes", search("x", &banklink.SearchInstitutionsParams{CountryCodes: []string{"USA"}})},
		{"country_codes", search("x", &banklink.SearchInstitutionsParams{CountryCodes: []string{"GB", ""}})},
		{"country_codes", search("x", &banklink.SearchInstitutionsParams{CountryCodes: []string{"Ü1"}})},
		{"access_token", balance("")},
		{"access_token", balance("access-sandbox-\nInjected: 1")},
		{"access_token", balance("access sandbox")},
	}
	for _, tc := range cases {
		err := tc.call()
		var e *banklink.Error
		require.ErrorAs(t, err, &e, tc.field)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Equal(t, tc.field, e.Field)
		assert.Contains(t, err.Error(), tc.field)
		assert.NotContains(t, err.Error(), "Injected", "the token is not echoed")
	}
	assert.Zero(t, hits.Load(), "bad input must not reach the server")
}

func TestAmount(t *testing.T) {
	for in, want := range map[string]banklink.Amount{
		`100.00`: "100.00", `"110.25"`: "110.25", `-3`: "-3", `0`: "0", `null`: "", `1.5e3`: "1.5e3", `"0.000001"`: "0.000001",
	} {
		var a banklink.Amount
		require.NoError(t, json.Unmarshal([]byte(in), &a), in)
		assert.Equal(t, want, a, in)
		out, err := json.Marshal(a)
		require.NoError(t, err)
		if want == "" {
			assert.Equal(t, "null", string(out))
		} else {
			assert.Equal(t, string(want), string(out), "marshals back to the same number")
		}
	}
	for _, in := range []string{`"12,50"`, `"$5"`, `""`, `"1e9999"`, `true`, `"NaN"`, `"0x10"`, `"01"`, `[]`} {
		var a banklink.Amount
		assert.Error(t, json.Unmarshal([]byte(in), &a), in)
	}
	r, err := banklink.Amount("1.5e3").Rat()
	require.NoError(t, err)
	assert.Equal(t, "1500", r.RatString())
	_, err = banklink.Amount("").Rat()
	assert.Error(t, err)
	_, err = json.Marshal(banklink.Amount("abc"))
	assert.Error(t, err)
}

func FuzzAmount(f *testing.F) {
	for _, s := range []string{`100.00`, `"110.25"`, `null`, `-0.5e-3`, `"1e999"`, `"12,50"`, `1e99999`, `"-"`, `0.1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var a banklink.Amount
		if a.UnmarshalJSON([]byte(in)) != nil || !a.Known() {
			return
		}
		r, err := a.Rat()
		if err != nil {
			t.Fatalf("accepted %q but Rat fails: %v", a, err)
		}
		out, err := a.MarshalJSON()
		if err != nil {
			t.Fatalf("accepted %q but cannot marshal it: %v", a, err)
		}
		var back big.Rat
		if _, ok := back.SetString(string(out)); !ok || back.Cmp(r) != 0 {
			t.Fatalf("%q does not round-trip exactly: %s", a, out)
		}
	})
}
