package fxref_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The service's failure shapes (testdata/fxref): a message and no code, so
// the status decides; no request id and no wait signal anywhere.
func TestFailureFixtures(t *testing.T) {
	fixture := func(name string, status int, contentType string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Header: []string{"Cache-Control", "no-store"},
			Body: testkit.Fixture(t, "fxref", name)}
	}
	attempts := func(n int) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			e := err.(*fxref.Error)
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			assert.Zero(t, e.RetryAfter)
			assert.Equal(t, n, e.Attempts)
		}
	}
	const jsonType = "application/json; charset=utf-8"
	testkit.Errors(t, []testkit.Case{
		{Name: "unknown currency", Reply: fixture("unknown_currency.json", 404, jsonType),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "not found"}, Then: attempts(1)},
		{Name: "invalid date", Reply: fixture("invalid_date.json", 422, jsonType),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 422, Message: "invalid date"}, Then: attempts(1)},
		{Name: "same pair", Reply: fixture("same_pair.json", 422, jsonType),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 422, Message: "bad currency pair"}, Then: attempts(1)},
		{Name: "throttled", Reply: fixture("throttled.html", 429, "text/html"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}, Then: attempts(3)},
	}, nil, testkit.Op{Service: "fxref", Op: "Latest", Endpoint: "GET /latest", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, fxref.New, conduit.WithBaseURL(url), testkit.Fast).Latest(context.Background(), &fxref.RatesParams{Base: "XYZ"})
		return err
	}})
}

// The replay server answers with the same shapes.
func TestFailuresFromReplay(t *testing.T) {
	replayed(t, func(c *fxref.Client) {
		_, err := c.Latest(context.Background(), &fxref.RatesParams{Base: "XYZ"})
		testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "fxref", Op: "Latest", Endpoint: "GET /latest", Status: 404, Message: "not found"})
		_, err = c.Latest(context.Background(), &fxref.RatesParams{Base: "EUR", Symbols: []string{"EUR"}})
		testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fxref", Op: "Latest", Endpoint: "GET /latest", Status: 422, Message: "bad currency pair"})
	})
}
