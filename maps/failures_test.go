package maps_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

// call runs the operation a fixture belongs to, by its file's prefix, on a
// client of srv that does not retry.
func call(t *testing.T, srv *testkit.Server, file string, opts ...maps.Option) (op string, err error) {
	c := newLocal(t, srv, append([]maps.Option{conduit.WithMaxRetries(0)}, opts...)...)
	ctx := context.Background()
	switch file[:6] {
	case "geocod":
		_, err = c.Geocode(ctx, "somewhere", nil)
		return "Geocode", err
	case "places":
		_, err = c.SearchText(ctx, "pizza", nil)
		return "SearchText", err
	}
	_, err = c.ComputeRoutes(ctx, "a", "b", nil)
	return "ComputeRoutes", err
}

// Each failure the hosts document, in both dialects, is the sentinel the
// package documentation's table promises, with the code (the status word,
// never the number), the ErrorInfo reason, the message, the RequestInfo
// id and the RetryInfo wait.
func TestFailureFixtures(t *testing.T) {
	type want struct {
		is, isNot               error
		code, reason, requestID string
		message                 string
		retryAfter              time.Duration
	}
	for _, tc := range []struct {
		file   string
		status int
		want   want
	}{
		{"geocode_request_denied.json", 200, want{conduit.ErrUnauthorized, nil, "REQUEST_DENIED", "", "", "The provided API key is invalid. ", 0}},
		{"geocode_over_daily_limit.json", 200, want{conduit.ErrUnauthorized, conduit.ErrRateLimited, "OVER_DAILY_LIMIT", "", "",
			"Billing is not enabled on the project of this key.", 0}},
		{"geocode_over_query_limit.json", 200, want{conduit.ErrRateLimited, nil, "OVER_QUERY_LIMIT", "", "",
			"Too many geocoding requests per second from this key.", 0}},
		{"geocode_unknown_error.json", 200, want{conduit.ErrAPI, conduit.ErrNotFound, "UNKNOWN_ERROR", "", "", `status "UNKNOWN_ERROR"`, 0}},
		{"places_api_key_invalid.json", 400, want{conduit.ErrUnauthorized, nil, "INVALID_ARGUMENT", "API_KEY_INVALID", "",
			"The key sent with this request is not a valid API key.", 0}},
		{"places_service_blocked.json", 403, want{conduit.ErrUnauthorized, nil, "PERMISSION_DENIED", "API_KEY_SERVICE_BLOCKED", "",
			"Requests from this key to places.googleapis.com are blocked.", 0}},
		{"places_unavailable.json", 503, want{conduit.ErrAPI, conduit.ErrRateLimited, "UNAVAILABLE", "", "9f1c2a7e4b6d8053",
			"Places is briefly unavailable; try again.", 0}},
		{"routes_rate_limited.json", 429, want{conduit.ErrRateLimited, nil, "RESOURCE_EXHAUSTED", "RATE_LIMIT_EXCEEDED", "",
			"Compute Routes requests per minute are used up for project 902114518877.", 17500 * time.Millisecond}},
		{"routes_daily_quota.json", 429, want{conduit.ErrQuotaExceeded, conduit.ErrRateLimited, "RESOURCE_EXHAUSTED", "RESOURCE_QUOTA_EXCEEDED", "",
			"The daily quota of Compute Routes requests of this project is spent.", 0}},
		{"routes_not_found.json", 404, want{conduit.ErrNotFound, nil, "NOT_FOUND", "", "", "No such method on routes.googleapis.com.", 0}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, ContentType: "application/json; charset=UTF-8", Body: testkit.Fixture(t, "maps", tc.file)})
			op, err := call(t, srv, tc.file)
			e := testkit.Check(t, err, testkit.Shape{Is: tc.want.is, Service: "maps", Op: op, Status: tc.status, Code: tc.want.code, Message: tc.want.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the service sent is ErrAPI")
			if tc.want.isNot != nil {
				assert.NotErrorIs(t, err, tc.want.isNot)
			}
			assert.Equal(t, tc.want.reason, e.Reason)
			assert.Equal(t, tc.want.requestID, e.RequestID)
			assert.Equal(t, tc.want.retryAfter, e.RetryAfter)
			testkit.NoSecret(t, err, keyForms...)
		})
	}
}

// ZERO_RESULTS, the geocoding "not found", is an empty answer.
func TestZeroResultsFixture(t *testing.T) {
	c, _ := local(t, testkit.Reply{Body: testkit.Fixture(t, "maps", "geocode_zero_results.json")})
	r, err := c.Geocode(context.Background(), "Atlantis", nil)
	require.NoError(t, err)
	assert.Empty(t, r.Results)
	assert.Equal(t, "ZERO_RESULTS", r.Status)
}

// What the profile says about retrying, status words under 200 included: a
// rate limit is retried after the wait RetryInfo names (capped by
// WithMaxRetryWait) or the backoff, a spent daily quota and bad keys are
// not.
func TestFailureRetries(t *testing.T) {
	for _, tc := range []struct {
		file   string
		status int
		hits   int
	}{
		{"geocode_over_query_limit.json", 200, 2},
		{"geocode_unknown_error.json", 200, 2},
		{"geocode_request_denied.json", 200, 1},
		{"places_api_key_invalid.json", 400, 1},
		{"places_unavailable.json", 503, 2},
		{"routes_daily_quota.json", 429, 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			ok := testkit.Reply{Body: `{"results":[],"status":"OK"}`}
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "maps", tc.file)}, ok)
			_, err := call(t, srv, tc.file, conduit.WithMaxRetries(1))
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
	t.Run("retryDelay past the cap", func(t *testing.T) {
		srv := testkit.Start(t, testkit.Reply{Status: 429, Body: testkit.Fixture(t, "maps", "routes_rate_limited.json")})
		_, err := call(t, srv, "routes", conduit.WithMaxRetries(1), conduit.WithMaxRetryWait(time.Second))
		var e *maps.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, 17500*time.Millisecond, e.RetryAfter)
		assert.Equal(t, 1, srv.Hits(), "a wait longer than the cap ends the call, for the caller to decide")
	})
}
