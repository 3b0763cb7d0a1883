package animegraph_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each failure the service documents, as it sends it (a real HTTP status,
// and a GraphQL errors list whose entries repeat it as "status"), is the
// sentinel the package documentation's table promises, with the first
// error's status as Code, its message, and the wait of Retry-After. The
// service sends no request id.
func TestFailureFixtures(t *testing.T) {
	reset := strconv.FormatInt(time.Now().Add(42*time.Second).Unix(), 10)
	query := func(c *animegraph.Client) error { return c.Query(context.Background(), pageDocument, nil, &page{}) }
	media := func(c *animegraph.Client) error { _, err := c.Media(context.Background(), "no such show"); return err }
	for _, tc := range []struct {
		file, contentType string
		status            int
		header            []string
		call              func(*animegraph.Client) error
		op                string
		is, isNot         error
		code, message     string
		retryAfter        time.Duration
		errors            int // GraphQL errors in the error's Detail
	}{
		{"rate_limited.json", "", 429, []string{"Retry-After", "42", "X-RateLimit-Limit", "90", "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", reset},
			query, "Query", conduit.ErrRateLimited, conduit.ErrNotFound, "429", "Too Many Requests.", 42 * time.Second, 1},
		{"media_not_found.json", "", 404, []string{"X-RateLimit-Limit", "90", "X-RateLimit-Remaining", "71"},
			media, "Media", conduit.ErrNotFound, conduit.ErrRateLimited, "404", "Not Found.", 0, 1},
		{"invalid_query.json", "", 400, nil, query, "Query", conduit.ErrAPI, conduit.ErrNotFound, "400", `Cannot query field "Nope" on type "Query".`, 0, 2},
		// The field and its complaint stay in the error's Detail.
		{"validation_error.json", "", 400, nil, query, "Query", conduit.ErrAPI, conduit.ErrInvalidParam, "400", "validation", 0, 1},
		// A token refused on a public read is bad input, by its status.
		{"invalid_token.json", "", 400, nil, query, "Query", conduit.ErrAPI, conduit.ErrUnauthorized, "400", "Invalid token", 0, 1},
		{"server_error.json", "", 500, nil, query, "Query", conduit.ErrAPI, conduit.ErrRateLimited, "500", "Internal Server Error", 0, 1},
		{"server_error.json", "", 503, []string{"Retry-After", "30"}, query, "Query", conduit.ErrAPI, nil, "500", "Internal Server Error", 30 * time.Second, 1},
		// Partial data beside an error, under 200: the error's status is
		// the Code, and the call fails with what it means.
		{"partial.json", "", 200, nil, query, "Query", conduit.ErrNotFound, conduit.ErrRateLimited, "404", "Not Found.", 0, 1},
	} {
		t.Run(tc.file+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, ContentType: tc.contentType, Header: tc.header, Body: testkit.Fixture(t, "animegraph", tc.file)})
			c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0), unlimited)
			err := tc.call(c)
			e := testkit.Check(t, err, testkit.Shape{Is: tc.is, Service: "animegraph", Op: tc.op, Endpoint: "POST /", Status: tc.status,
				Code: tc.code, Message: tc.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the service sent is ErrAPI")
			if tc.isNot != nil {
				assert.NotErrorIs(t, err, tc.isNot)
			}
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID, "the service sends no request id")
			assert.Equal(t, tc.retryAfter, e.RetryAfter)
			assert.Len(t, animegraph.GraphQLErrors(err), tc.errors)
			if slices.Contains(tc.header, "X-RateLimit-Limit") {
				require.NotNil(t, e.RateLimit, "the budget comes with the failure")
				assert.Equal(t, int64(90), e.RateLimit.Requests.Limit)
			} else {
				assert.Nil(t, e.RateLimit)
			}
		})
	}
}

// The field a validation failure names is reachable through the error's
// GraphQL errors.
func TestValidationDetail(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 400, Body: testkit.Fixture(t, "animegraph", "validation_error.json")})
	err := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited).Query(context.Background(), pageDocument, nil, nil)
	list := animegraph.GraphQLErrors(err)
	require.Len(t, list, 1)
	testkit.Unshown(t, &list[0], "validation", map[string]any{"score": []string{"The score must be between 0 and 100."}})
}

// An edge's refusal page in front of the service is no credential problem:
// the reads need none.
func TestEdgeRefusal(t *testing.T) {
	testkit.Errors(t, []testkit.Case{
		{Name: "403 html", Reply: testkit.Reply{Status: 403, ContentType: "text/html", Body: "<html><body><h1>403 Forbidden</h1></body></html>", Header: []string{"Cf-Ray", "8f00aa11bb22cc33-AMS"}},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 403}, Then: func(t *testing.T, err error) {
				assert.NotErrorIs(t, err, conduit.ErrUnauthorized)
				var e *animegraph.Error
				require.ErrorAs(t, err, &e)
				assert.Equal(t, "8f00aa11bb22cc33-AMS", e.RequestID, "the edge's ray id")
			}},
		{Name: "403 GraphQL body", Reply: testkit.Reply{Status: 403, Body: `{"errors":[{"message":"Forbidden","status":403}],"data":null}`},
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Code: "403", Message: "Forbidden"}},
	}, nil, testkit.Op{Service: "animegraph", Op: "Query", Endpoint: "POST /", Call: func(t *testing.T, url string) error {
		return testkit.Client(t, animegraph.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(0), unlimited).Query(context.Background(), pageDocument, nil, nil)
	}})
}

// What the profile says about retrying a query: a rate limit after its
// wait and a server fault after the backoff, never bad input or a refusal.
func TestFailureRetries(t *testing.T) {
	for _, tc := range []struct {
		file        string
		status      int
		contentType string
		hits        int
	}{
		{"rate_limited.json", 429, "", 2},
		{"server_error.json", 500, "", 2},
		{"invalid_query.json", 400, "", 1},
		{"validation_error.json", 400, "", 1},
		{"media_not_found.json", 404, "", 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Header: []string{"Retry-After", "0"}, Body: testkit.Fixture(t, "animegraph", tc.file)},
				testkit.Reply{Body: testkit.Fixture(t, "animegraph", "media.json")})
			_, err := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast).Media(context.Background(), "Cowboy Bebop")
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}
