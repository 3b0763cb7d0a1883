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

// Do reaches an endpoint the package does not type with the credentials in
// the JSON body, as the spec places them, and decodes the answer; a POST
// is a write, repeated only when the call says it only reads.
func TestDo(t *testing.T) {
	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable}
	ok := testkit.Reply{Body: `{"item":{"item_id":"it-1"},"request_id":"r-9"}`}
	srv := testkit.Start(t, ok, unavailable, unavailable, ok)
	c := newLocal(t, srv)
	var out struct {
		Item struct {
			ItemID string `json:"item_id"`
		} `json:"item"`
	}
	require.NoError(t, c.Do(context.Background(), "POST", "/item/get", map[string]string{"access_token": accessToken}, &out))
	assert.Equal(t, "it-1", out.Item.ItemID)
	got := srv.Last(t)
	assert.Equal(t, "/item/get", got.URI)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken}, got.JSON(t))
	assertCredsOnlyInBody(t, got, clientID, secret)

	err := c.Do(context.Background(), "POST", "/item/get", nil, &out)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 2, srv.Hits(), "a write that may have arrived is not repeated")
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret}, srv.Last(t).JSON(t), "a nil body sends just the credentials")

	require.NoError(t, c.Do(context.Background(), "POST", "/item/get", nil, &out, conduit.WithIdempotent()))
	assert.Equal(t, 4, srv.Hits(), "a call marked idempotent is retried like a read")
}

// Per-call options reach the wire of a typed call, and WithResponse
// describes its answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"institutions":[]}`, Header: []string{"X-Request-Id", "hdr-1"}})
	c := newLocal(t, srv)
	var resp conduit.Response
	_, err := c.SearchInstitutions(context.Background(), "platypus", nil,
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("debug", "1"),
		conduit.WithBodyField("options", map[string]any{"include_optional_metadata": true}), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "/institutions/search?debug=1", got.URI)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "query": "platypus",
		"options": map[string]any{"include_optional_metadata": true}}, got.JSON(t))
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "hdr-1", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/institutions/search?debug=1", resp.URL)
	assert.Nil(t, resp.RateLimit, "the service sends no budget headers")

	_, err = c.GetBalance(context.Background(), accessToken, conduit.WithBodyField("secret", "other"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "no option replaces a credential")
	// A product newer than the constants goes through the body field, which
	// replaces the typed member.
	_, err = c.SearchInstitutions(context.Background(), "x", &banklink.SearchInstitutionsParams{Products: []banklink.Product{banklink.ProductAuth}},
		conduit.WithBodyField("products", []string{"balance_plus"}))
	require.NoError(t, err)
	assert.Equal(t, []any{"balance_plus"}, srv.Last(t).JSON(t)["products"])
	assert.Equal(t, 2, srv.Hits())
}

// The environment is read in any case and reported in the spec's; an
// earlier release's base URL variable still works.
func TestEnvironmentAnyCaseAndOldEnvNames(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"institutions":[]}`})
	clearEnv(t)
	t.Setenv("CONDUIT_BANKLINK_ENVIRONMENT", "PRODUCTION")
	t.Setenv("CONDUIT_BANK_PRODUCTION_URL", srv.URL+"/old-name")
	c := testkit.Client(t, banklink.New, banklink.WithClientID(clientID), banklink.WithSecret(secret))
	assert.Equal(t, banklink.Production, c.Environment())
	_, err := c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, "/old-name/institutions/search", srv.Last(t).URI)

	t.Setenv("CONDUIT_BANKLINK_BANK_PRODUCTION_URL", srv.URL+"/new-name")
	c = testkit.Client(t, banklink.New, banklink.WithClientID(clientID), banklink.WithSecret(secret), banklink.WithEnvironment("Sandbox"),
		banklink.WithSandboxURL(srv.URL+"/sandbox"))
	assert.Equal(t, banklink.Sandbox, c.Environment())
	c = testkit.Client(t, banklink.New, banklink.WithClientID(clientID), banklink.WithSecret(secret))
	_, err = c.SearchInstitutions(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, "/new-name/institutions/search", srv.Last(t).URI, "the new name wins")
}

func TestEnums(t *testing.T) {
	assert.True(t, banklink.ProductStatements.Known())
	assert.False(t, banklink.Product("Auth").Known(), "products are lower case")
	assert.True(t, banklink.CountryFI.Known())
	assert.False(t, banklink.CountryCode("JP").Known(), "a country the service does not serve")
	var in banklink.Institution
	require.NoError(t, conduit.Unmarshal([]byte(`{"products":["auth","cra_base_report"],"country_codes":["US","JP"]}`), &in))
	assert.Equal(t, []banklink.Product{banklink.ProductAuth, "cra_base_report"}, in.Products, "a product newer than the constants decodes")
	assert.Equal(t, []banklink.CountryCode{banklink.CountryUS, "JP"}, in.CountryCodes)
}
