package countries_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// waited checks what a Shape leaves out: no reason and no request id (the
// service sends neither), and the wait it asked for, in seconds.
func waited(seconds int64) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		e := err.(*conduit.Error)
		assert.Equal(t, [3]any{"", "", seconds}, [3]any{e.Reason, e.RequestID, int64(e.RetryAfter.Seconds())}, "Reason, RequestID, RetryAfter")
	}
}

// TestFailureFixtures reads the failure shapes of the service's source from
// testdata/countries.
func TestFailureFixtures(t *testing.T) {
	const js = "application/json; charset=utf-8"
	fixture := func(status int, contentType, name string, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: testkit.Fixture(t, "countries", name)}
	}
	shape := func(is error, status int, msg string) testkit.Shape {
		return testkit.Shape{Is: is, Status: status, Message: msg}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "404 unknown country", Reply: fixture(404, js, "country_not_found.json"), Want: shape(conduit.ErrNotFound, 404, "country not found"), Then: waited(0)},
		{Name: "404 unknown route", Reply: fixture(404, js, "unknown_route.json"), Want: shape(conduit.ErrNotFound, 404, "you seem to be lost"), Then: waited(0)},
		{Name: "200 with error true", Reply: fixture(200, js, "cities_not_found.json"), Want: shape(conduit.ErrNotFound, 200, "country not found"), Then: waited(0)},
		{Name: "400 missing param", Reply: fixture(400, js, "missing_param.json"), Want: shape(conduit.ErrAPI, 400, "missing param (country or iso2)"), Then: waited(0)},
		{Name: "422 payload", Reply: fixture(422, js, "invalid_payload.json"), Want: shape(conduit.ErrAPI, 422, "invalid payload format"), Then: waited(0)},
		{Name: "429 with both waits", Reply: fixture(429, js, "rate_limited.json", "RateLimit-Limit", "400", "RateLimit-Remaining", "0", "RateLimit-Reset", "73", "Retry-After", "73"),
			Want: shape(conduit.ErrRateLimited, 429, "Too many requests. Please try again later."), Then: waited(73)},
		{Name: "429 with RateLimit-Reset only", Reply: fixture(429, js, "rate_limited.json", "RateLimit-Limit", "400", "RateLimit-Remaining", "0", "RateLimit-Reset", "41"),
			Want: shape(conduit.ErrRateLimited, 429, "Too many requests. Please try again later."), Then: waited(41)},
		{Name: "500 html", Reply: fixture(500, "text/html; charset=utf-8", "server_error.html"), Want: shape(conduit.ErrAPI, 500, ""), Then: waited(0)},
	}, nil, testkit.Op{Service: "countries", Op: "Cities", Endpoint: "POST /countries/cities", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, countries.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(0)).Cities(context.Background(), "Atlantis")
		return err
	}})
}

// The 429's data is [], which is no empty result: the flag comes first.
func TestRateLimitedIsNoEmptyResult(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Status: 429, Header: []string{"RateLimit-Reset", "0.01"}, Body: testkit.Fixture(t, "countries", "rate_limited.json")},
		testkit.Reply{Body: `{"error":false,"msg":"capitals retrieved","data":[{"name":"Chad","capital":"N'Djamena"}]}`})
	r, err := c.Capitals(context.Background())
	assert.NoError(t, err)
	assert.Len(t, r.Data, 1, "the answer after the wait, not the 429's empty data")
	assert.Equal(t, 2, srv.Hits())
}
