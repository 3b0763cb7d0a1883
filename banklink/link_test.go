package banklink_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each operation's request: its path and exactly the body members the
// service documents, the credentials in the body and nowhere else.
func TestItemAndLinkRequestShapes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name, path string
		call       func(c *banklink.Client) error
		body       map[string]any
		secrets    []string
	}{
		{"CreateLinkToken", "/link/token/create", func(c *banklink.Client) error {
			_, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "Acme", Language: "en",
				CountryCodes: []banklink.CountryCode{banklink.CountryUS}, User: banklink.LinkUser{ClientUserID: "u-1"},
				Products: []banklink.Product{banklink.ProductTransactions}, Webhook: "https://acme.example/hook"})
			return err
		}, map[string]any{"client_name": "Acme", "language": "en", "country_codes": []any{"US"},
			"user": map[string]any{"client_user_id": "u-1"}, "products": []any{"transactions"}, "webhook": "https://acme.example/hook"}, nil},
		{"CreateLinkToken update mode", "/link/token/create", func(c *banklink.Client) error {
			_, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "Acme", Language: "fr",
				CountryCodes: []banklink.CountryCode{banklink.CountryFR}, User: banklink.LinkUser{ClientUserID: "u-1"}, AccessToken: accessToken})
			return err
		}, map[string]any{"client_name": "Acme", "language": "fr", "country_codes": []any{"FR"},
			"user": map[string]any{"client_user_id": "u-1"}, "access_token": accessToken}, []string{accessToken}},
		{"ExchangePublicToken", "/item/public_token/exchange", func(c *banklink.Client) error {
			_, err := c.ExchangePublicToken(ctx, "public-sandbox-5c224a01")
			return err
		}, map[string]any{"public_token": "public-sandbox-5c224a01"}, []string{"public-sandbox-5c224a01"}},
		{"SandboxCreatePublicToken", "/sandbox/public_token/create", func(c *banklink.Client) error {
			_, err := c.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{banklink.ProductAuth},
				&banklink.SandboxPublicTokenParams{OverrideUsername: "user_transactions_dynamic"})
			return err
		}, map[string]any{"institution_id": "ins_109508", "initial_products": []any{"auth"},
			"options": map[string]any{"override_username": "user_transactions_dynamic"}}, nil},
		{"Accounts", "/accounts/get", func(c *banklink.Client) error {
			_, err := c.Accounts(ctx, accessToken, &banklink.AccountsParams{AccountIDs: []string{"a1", "a2"}})
			return err
		}, map[string]any{"access_token": accessToken, "options": map[string]any{"account_ids": []any{"a1", "a2"}}}, []string{accessToken}},
		{"Item", "/item/get", func(c *banklink.Client) error {
			_, err := c.Item(ctx, accessToken)
			return err
		}, map[string]any{"access_token": accessToken}, []string{accessToken}},
		{"RemoveItem", "/item/remove", func(c *banklink.Client) error {
			_, err := c.RemoveItem(ctx, accessToken, &banklink.RemoveItemParams{ReasonCode: banklink.RemoveFraudAbuse, ReasonNote: "chargebacks"})
			return err
		}, map[string]any{"access_token": accessToken, "reason_code": "FRAUD_ABUSE", "reason_note": "chargebacks"}, []string{accessToken}},
		{"InstitutionByID", "/institutions/get_by_id", func(c *banklink.Client) error {
			_, err := c.InstitutionByID(ctx, "ins_109512", []banklink.CountryCode{banklink.CountryUS}, &banklink.InstitutionByIDParams{IncludeStatus: true})
			return err
		}, map[string]any{"institution_id": "ins_109512", "country_codes": []any{"US"}, "options": map[string]any{"include_status": true}}, nil},
		{"SyncTransactions", "/transactions/sync", func(c *banklink.Client) error {
			_, err := c.SyncTransactions(ctx, accessToken, &banklink.SyncTransactionsParams{Cursor: "c0", Count: 250, DaysRequested: 730})
			return err
		}, map[string]any{"access_token": accessToken, "cursor": "c0", "count": 250.0, "options": map[string]any{"days_requested": 730.0}}, []string{accessToken}},
		{"WebhookVerificationKey", "/webhook_verification_key/get", func(c *banklink.Client) error {
			_, err := c.WebhookVerificationKey(ctx, "bfbd5111-8e33-4643-8ced-b2e642a72f3c")
			return err
		}, map[string]any{"key_id": "bfbd5111-8e33-4643-8ced-b2e642a72f3c"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: `{"request_id":"r1"}`})
			require.NoError(t, tc.call(newLocal(t, srv)))
			got := srv.Last(t)
			assert.Equal(t, "POST", got.Method)
			assert.Equal(t, tc.path, got.URI)
			tc.body["client_id"], tc.body["secret"] = clientID, secret
			assert.Equal(t, tc.body, got.JSON(t))
			assertCredsOnlyInBody(t, got, append(tc.secrets, clientID, secret)...)
		})
	}
}

// Issuing a token, exchanging a single-use one, creating and removing an
// item are writes: a 503 that may have followed their arrival is not
// repeated, where a read is.
func TestWritesAreNotRepeated(t *testing.T) {
	ctx := context.Background()
	writes := map[string]func(c *banklink.Client) error{
		"ExchangePublicToken": func(c *banklink.Client) error { _, err := c.ExchangePublicToken(ctx, "public-sandbox-1"); return err },
		"RemoveItem":          func(c *banklink.Client) error { _, err := c.RemoveItem(ctx, accessToken, nil); return err },
		"SandboxCreatePublicToken": func(c *banklink.Client) error {
			_, err := c.SandboxCreatePublicToken(ctx, "ins_1", []banklink.Product{banklink.ProductAuth}, nil)
			return err
		},
		"CreateLinkToken": func(c *banklink.Client) error {
			_, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "A", Language: "en",
				CountryCodes: []banklink.CountryCode{banklink.CountryUS}, User: banklink.LinkUser{ClientUserID: "u"}, Products: []banklink.Product{banklink.ProductAuth}})
			return err
		},
	}
	for name, call := range writes {
		t.Run(name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable}, testkit.Reply{Body: `{}`})
			err := call(newLocal(t, srv))
			assert.ErrorIs(t, err, conduit.ErrAPI)
			assert.Equal(t, 1, srv.Hits())
		})
	}
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable}, testkit.Reply{Body: `{"item":{"item_id":"i1"}}`})
	r, err := newLocal(t, srv).Item(ctx, accessToken)
	require.NoError(t, err)
	assert.Equal(t, "i1", r.Item.ItemID)
	assert.Equal(t, 2, srv.Hits(), "a read is retried")
}

// The documented answers decode into the typed fields, and a used public
// token fails as the service says.
func TestLinkFlowAnswersDecode(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "create_link_token.json")},
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "exchange_public_token.json")},
		testkit.Reply{Status: http.StatusBadRequest, Body: testkit.Fixture(t, "banklink", "invalid_public_token.json")})
	c := newLocal(t, srv)
	ctx := context.Background()
	link, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "A", Language: "en",
		CountryCodes: []banklink.CountryCode{banklink.CountryUS}, User: banklink.LinkUser{ClientUserID: "u"}, Products: []banklink.Product{banklink.ProductAuth}})
	require.NoError(t, err)
	assert.Equal(t, "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176", link.LinkToken)
	assert.Equal(t, "2020-03-27T12:56:34Z", link.Expiration.UTC().Format("2006-01-02T15:04:05Z"))

	ex, err := c.ExchangePublicToken(ctx, "public-sandbox-b0e2c4ee")
	require.NoError(t, err)
	assert.Equal(t, "access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6", ex.AccessToken)
	assert.Equal(t, "M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op", ex.ItemID)

	_, err = c.ExchangePublicToken(ctx, "public-sandbox-b0e2c4ee")
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Op: "ExchangePublicToken", Status: http.StatusBadRequest, Code: "INVALID_PUBLIC_TOKEN"})
	assert.Equal(t, "INVALID_INPUT", e.Reason)
	testkit.NoSecret(t, err, "public-sandbox-b0e2c4ee", clientID, secret)
}

func TestLinkInputsAreCheckedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv)
	ctx := context.Background()
	valid := func() banklink.LinkTokenRequest {
		return banklink.LinkTokenRequest{ClientName: "A", Language: "en", CountryCodes: []banklink.CountryCode{banklink.CountryUS},
			User: banklink.LinkUser{ClientUserID: "u"}, Products: []banklink.Product{banklink.ProductAuth}}
	}
	for field, edit := range map[string]func(*banklink.LinkTokenRequest){
		"client_name":         func(r *banklink.LinkTokenRequest) { r.ClientName = "" },
		"language":            func(r *banklink.LinkTokenRequest) { r.Language = " " },
		"country_codes":       func(r *banklink.LinkTokenRequest) { r.CountryCodes = []banklink.CountryCode{"usa"} },
		"user.client_user_id": func(r *banklink.LinkTokenRequest) { r.User.ClientUserID = "" },
		"products":            func(r *banklink.LinkTokenRequest) { r.Products = []banklink.Product{"auth", "bogus"} },
		"webhook":             func(r *banklink.LinkTokenRequest) { r.Webhook = "/relative" },
		"redirect_uri":        func(r *banklink.LinkTokenRequest) { r.RedirectURI = "ftp://x" },
		"access_token":        func(r *banklink.LinkTokenRequest) { r.AccessToken = "access sandbox" },
	} {
		r := valid()
		edit(&r)
		_, err := c.CreateLinkToken(ctx, r)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.InstitutionByID(ctx, "ins 1", []banklink.CountryCode{banklink.CountryUS}, nil)
	testkit.InvalidParam(t, err, "institution_id")
	_, err = c.RemoveItem(ctx, accessToken, &banklink.RemoveItemParams{ReasonCode: "other"})
	testkit.InvalidParam(t, err, "reason_code")
	_, err = c.SandboxCreatePublicToken(ctx, "ins_1", []banklink.Product{banklink.ProductAuth}, &banklink.SandboxPublicTokenParams{Webhook: "hooks"})
	testkit.InvalidParam(t, err, "options.webhook")
	assert.Zero(t, srv.Hits())
}
