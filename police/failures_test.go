package police_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

// The service's failures as it sends them (testdata/police, written from
// the research notes on data.police.uk): statuses with empty bodies or a
// web server's page, and nothing machine-readable.
func TestFailureFixtures(t *testing.T) {
	html := func(status int, name string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: "text/html", Body: testkit.Fixture(t, "police", name)}
	}
	for _, tc := range []struct {
		name       string
		reply      testkit.Reply
		op         string
		want       testkit.Shape
		retryAfter time.Duration
	}{
		{"429 page", html(429, "too_many_requests.html"), "Forces", testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}, 2 * time.Second},
		{"429 with Retry-After", testkit.Reply{Status: 429, Header: []string{"Retry-After", "1"}}, "StreetCrimes", testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}, time.Second},
		{"503 area too large", testkit.Reply{Status: 503}, "StreetCrimes", testkit.Shape{Is: conduit.ErrAPI, Status: 503, Message: "the area holds more than 10,000 crimes, the service's limit: split it into smaller polygons"}, 0},
		{"400 request too long", html(400, "request_too_long.html"), "StreetCrimes", testkit.Shape{Is: conduit.ErrAPI, Status: 400}, 0},
		{"404 unknown force", testkit.Reply{Status: 404}, "Forces", testkit.Shape{Is: conduit.ErrNotFound, Status: 404}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := testkit.Client(t, police.New, conduit.WithBaseURL(testkit.Start(t, tc.reply).URL), conduit.WithMaxRetries(0))
			var err error
			if tc.op == "Forces" {
				_, err = c.Forces(context.Background())
			} else {
				_, err = c.StreetCrimes(context.Background(), 51.5, -0.12, nil)
			}
			tc.want.Service, tc.want.Op = "police", tc.op
			e := testkit.Check(t, err, tc.want)
			assert.Empty(t, e.Code, "no body code")
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			assert.Equal(t, tc.retryAfter, e.RetryAfter)
		})
	}
}

// An area with too many crimes stays too large: crimes-street's 503 is
// asked once, while the same status elsewhere is an outage worth retrying.
func TestAreaTooLargeNotRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	_, err := c.StreetCrimes(context.Background(), 51.5, -0.12, nil)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits())
	_, err = c.Forces(context.Background())
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1+3, srv.Hits(), "Forces is retried twice")
}

// A 429 is retried like any read; a Retry-After, when sent, wins over the
// two seconds the bucket takes to refill.
func TestRateLimitRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 429, Header: []string{"Retry-After", "0"}}, testkit.Reply{Body: testkit.Fixture(t, "police", "forces.json")})
	fs, err := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL)).Forces(context.Background())
	require.NoError(t, err)
	assert.Len(t, fs, 7)
	assert.Equal(t, 2, srv.Hits())
}
