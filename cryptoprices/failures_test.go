package cryptoprices_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The service's failure shapes (testdata/cryptoprices): the first entry of
// the errors list gives Code and Message, the id decides the kind, and the
// edge's CF-RAY is the request id.
func TestFailureFixtures(t *testing.T) {
	const ray = "8a5cb2d11e0f4c3a-EWR"
	fixture := func(name string, status int, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: "application/json; charset=utf-8", Header: header,
			Body: testkit.Fixture(t, "cryptoprices", name)}
	}
	then := func(requestID string, retryAfter time.Duration, attempts int) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			e := err.(*cryptoprices.Error)
			assert.Empty(t, e.Reason)
			assert.Equal(t, requestID, e.RequestID)
			assert.Equal(t, retryAfter, e.RetryAfter)
			assert.Equal(t, attempts, e.Attempts)
		}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "rate limited", Reply: fixture("rate_limited.json", 429, "CF-RAY", ray, "Server", "cloudflare"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "rate_limit_exceeded", Message: "Too many requests"},
			Then: then(ray, 0, 3)},
		{Name: "rate limited with a wait", Reply: fixture("rate_limited.json", 429, "CF-RAY", ray, "Retry-After", "120"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "rate_limit_exceeded", Message: "Too many requests"},
			Then: then(ray, 2*time.Minute, 1)},
		{Name: "unknown currency", Reply: fixture("invalid_currency.json", 400, "CF-RAY", ray),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "invalid_request", Message: "Invalid currency (XYZ)"},
			Then: then(ray, 0, 1)},
		{Name: "not found", Reply: fixture("not_found.json", 404),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "not_found", Message: "Not found"},
			Then: then("", 0, 1)},
		{Name: "expired token", Reply: fixture("expired_token.json", 401),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "expired_token", Message: "The access token expired"},
			Then: then("", 0, 1)},
		{Name: "OAuth error", Reply: fixture("oauth_error.json", 401),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "invalid_grant", Message: "The provided authorization grant is invalid or expired."},
			Then: then("", 0, 1)},
		{Name: "a token id under another status", Reply: fixture("expired_token.json", 400),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 400, Code: "expired_token", Message: "The access token expired"},
			Then: then("", 0, 1)},
	}, nil, testkit.Op{Service: "cryptoprices", Op: "SpotPrice", Endpoint: "GET /prices/{pair}/spot", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(url), testkit.Fast, conduit.WithMaxRetryWait(time.Second))
		_, err := c.SpotPrice(context.Background(), "XYZ", "USD")
		return err
	}})
}

// A price or a rate table for another pair than the one asked is refused,
// whatever the case of the codes.
func TestAnswerForAnotherPair(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "spot_price.json")})
	c := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL))
	_, err := c.SpotPrice(context.Background(), "btc", "usd")
	assert.NoError(t, err, "codes compare without case")
	_, err = c.SpotPrice(context.Background(), "BTC", "EUR")
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "cryptoprices", Op: "SpotPrice",
		Endpoint: "GET /prices/{pair}/spot", Message: "asked for BTC-EUR, answered with the price of BTC-USD"})
	assert.Contains(t, string(e.Body), `"amount": "64123.4500000001"`)

	srv = testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "exchange_rates.json")})
	c = testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL))
	_, err = c.ExchangeRates(context.Background(), "EUR")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "cryptoprices", Op: "ExchangeRates",
		Endpoint: "GET /exchange-rates", Message: "asked for rates relative to EUR, answered relative to USD"})
}

// The replay server answers an unknown currency as the service does.
func TestFailuresFromReplay(t *testing.T) {
	c := testkit.Replay(t, "cryptoprices", cryptoprices.New)
	_, err := c.SpotPrice(context.Background(), "XYZ", "USD")
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "cryptoprices", Op: "SpotPrice", Endpoint: "GET /prices/{pair}/spot",
		Status: 400, Code: "invalid_request", Message: "Invalid currency (XYZ)"})
	assert.Equal(t, "8a00000000000001-EWR", e.RequestID)
	_, err = c.ExchangeRates(context.Background(), "xyz")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "cryptoprices", Op: "ExchangeRates", Endpoint: "GET /exchange-rates",
		Status: 400, Code: "invalid_request", Message: "Invalid currency (XYZ)"})
}
