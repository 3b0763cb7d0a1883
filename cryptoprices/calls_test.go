package cryptoprices_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches an endpoint the package does not type below the same /v2
// base, credential-free like the typed calls; a write is sent once.
func TestDo(t *testing.T) {
	const answer = `{"data":{"amount":"64130.01","base":"BTC","currency":"USD"}}`
	srv := testkit.Start(t, testkit.Reply{Body: answer})
	c := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL))
	var buy cryptoprices.Response[cryptoprices.SpotPrice]
	require.NoError(t, c.Do(context.Background(), "GET", "/prices/BTC-USD/buy", nil, &buy))
	assert.Equal(t, "64130.01", buy.Data.Amount.String())
	assert.Equal(t, answer, string(buy.RawJSON()), "Do fills the raw bytes too")
	r := srv.Last(t)
	testkit.OpenGET(t, r)
	assert.Equal(t, "/v2/prices/BTC-USD/buy", r.Path)

	down := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable, Body: `{"errors":[{"id":"internal_server_error","message":"down"}]}`})
	w := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(down.URL), testkit.Fast)
	err := w.Do(context.Background(), "POST", "/accounts", map[string]string{"name": "savings"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "cryptoprices", Op: "Do", Status: 503, Code: "internal_server_error", Message: "down"})
	assert.Equal(t, 1, down.Hits(), "a write is not retried")
	err = w.Do(context.Background(), "POST", "/accounts", map[string]string{"name": "savings"}, nil, conduit.WithIdempotent())
	assert.Error(t, err)
	assert.Equal(t, 4, down.Hits(), "unless the call says it is idempotent")
}

// Per-call options reach the wire for that call only, and WithResponse
// reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Header: []string{"CF-RAY", "8a5cb2d11e0f4c3b-EWR", "CF-Cache-Status", "HIT"},
		Body: testkit.Fixture(t, "cryptoprices", "spot_price.json")})
	c := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL+"/v2"))
	var resp conduit.Response
	_, err := c.SpotPrice(context.Background(), "BTC", "USD",
		conduit.WithHeader("CB-VERSION", "2024-06-01"), conduit.WithQuery("date", "2024-06-01"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "2024-06-01", got.Header.Get("CB-VERSION"))
	assert.Equal(t, "date=2024-06-01", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "8a5cb2d11e0f4c3b-EWR", resp.RequestID)
	assert.Equal(t, "HIT", resp.Header.Get("CF-Cache-Status"))
	assert.Equal(t, srv.URL+"/v2/prices/BTC-USD/spot?date=2024-06-01", resp.URL)
	assert.Equal(t, 1, resp.Attempts)

	_, err = c.SpotPrice(context.Background(), "BTC", "USD")
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("CB-VERSION"), "a call's options stay with that call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.ExchangeRates(context.Background(), "USD", conduit.WithBodyField("x", 1))
	testkit.InvalidParam(t, err, "options")
	assert.Equal(t, 2, srv.Hits(), "a GET takes no body fields, and says so before sending")
}

// A base pasted with or without its /v2 reaches the same URL, under either
// environment variable.
func TestBaseVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "spot_price.json")})
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/v2", srv.URL + "/v2/"} {
		for _, env := range []string{"CONDUIT_CRYPTOPRICES_CRYPTO_URL", "CONDUIT_CRYPTO_URL"} {
			testkit.ClearEnv(t, "CONDUIT_CRYPTOPRICES_CRYPTO_URL", "CONDUIT_CRYPTO_URL")
			t.Setenv(env, base)
			c, err := cryptoprices.New()
			require.NoError(t, err)
			_, err = c.SpotPrice(context.Background(), "BTC", "USD")
			require.NoError(t, err, base)
			assert.Equal(t, "/v2/prices/BTC-USD/spot", srv.Last(t).Path, base)
		}
	}
}
