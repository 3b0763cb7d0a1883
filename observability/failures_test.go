package observability_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

var (
	auth = func(c *observability.Client) (string, error) {
		_, err := c.Auth(context.Background())
		return "Auth", err
	}
	sendOne = func(c *observability.Client) (string, error) {
		return "SendEvent", c.SendEvent(context.Background(), "checkout", observability.Event{"a": 1})
	}
	getDataset = func(c *observability.Client) (string, error) {
		return "Do", c.Do(context.Background(), "GET", "/1/datasets/checkout-old", nil, &struct{}{})
	}
	createDataset = func(c *observability.Client) (string, error) {
		return "Do", c.Do(context.Background(), "POST", "/1/datasets", map[string]string{"description": "x"}, nil)
	}
)

// Each failure the service documents, in both its shapes, is the sentinel
// the package documentation's table promises, with the problem type's last
// segment as Code, the error member as Message and the instance as
// RequestID.
func TestFailureFixtures(t *testing.T) {
	type want struct {
		is, isNot         error
		code, message, id string
	}
	for _, tc := range []struct {
		file   string
		status int
		call   func(*observability.Client) (string, error)
		want   want
	}{
		{"unknown_api_key.json", 401, auth, want{conduit.ErrUnauthorized, nil, "",
			"unknown API key - check your credentials, region, and API URL", ""}},
		{"forbidden.json", 403, auth, want{conduit.ErrUnauthorized, nil, "forbidden",
			"this key lacks the createDatasets permission", "0b6f3d2c-91e4-4a7b-b5c8-7e2d1f904a63"}},
		{"dataset_not_found.json", 404, getDataset, want{conduit.ErrNotFound, nil, "not-found", "no dataset called checkout-old", ""}},
		{"events_rate_limited.json", 429, sendOne, want{conduit.ErrRateLimited, nil, "", "event dropped: the ingest rate limit was reached", ""}},
		{"validation_failed.json", 422, createDataset, want{conduit.ErrAPI, conduit.ErrNotFound, "validation-failed",
			"the request did not validate", "e57a0c19-3d82-4f6b-a2e1-5c9b7d0f3a48"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, ContentType: "application/problem+json", Body: testkit.Fixture(t, "observability", tc.file)})
			op, err := tc.call(client(t, srv.URL, conduit.WithMaxRetries(0)))
			e := testkit.Check(t, err, testkit.Shape{Is: tc.want.is, Service: "observability", Op: op, Status: tc.status,
				Code: tc.want.code, Message: tc.want.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the service sent is ErrAPI")
			if tc.want.isNot != nil {
				assert.NotErrorIs(t, err, tc.want.isNot)
			}
			assert.Empty(t, e.Reason)
			assert.Equal(t, tc.want.id, e.RequestID)
			assert.Zero(t, e.RetryAfter, "no wait was named")
			testkit.NoSecret(t, err, key)
		})
	}
}

// A 429 names its wait in Retry-After as an HTTP date, and its budget in
// the RateLimit fields; both reach the error.
func TestRateLimitedFixture(t *testing.T) {
	now := time.Now().UTC()
	srv := testkit.Start(t, testkit.Reply{Status: 429, ContentType: "application/problem+json", Body: testkit.Fixture(t, "observability", "rate_limited.json"),
		Header: []string{"Date", now.Format(http.TimeFormat), "Retry-After", now.Add(42 * time.Second).Format(http.TimeFormat),
			"RateLimit", "limit=100, remaining=0, reset=42", "RateLimit-Policy", "100;w=60"}})
	_, err := client(t, srv.URL, conduit.WithMaxRetries(0)).Auth(context.Background())
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrRateLimited, Service: "observability", Op: "Auth", Status: 429,
		Code: "rate-limited", Message: "this key made too many requests; wait before the next"})
	assert.Empty(t, e.RequestID)
	// The date has whole seconds, so the wait is 42s less the part of a
	// second already gone.
	assert.True(t, e.RetryAfter > 40*time.Second && e.RetryAfter <= 42*time.Second, "RetryAfter %v", e.RetryAfter)
	require.NotNil(t, e.RateLimit)
	assert.Equal(t, conduit.Budget{Limit: 100, Remaining: 0, Reset: 42 * time.Second}, e.RateLimit.Requests)
	assert.Contains(t, string(e.Body), "https://api.honeycomb.io/problems/rate-limited", "the whole type stays in the body")
}

// The events endpoint's 429 names no wait: the RateLimit reset is the wait
// when the answer carries one, else the backoff. An ingest is retried after
// a 429 (nothing was stored) and not after a 5xx.
func TestIngestRetries(t *testing.T) {
	limited := testkit.Reply{Status: 429, Body: testkit.Fixture(t, "observability", "events_rate_limited.json"), Header: []string{"RateLimit", "limit=50, remaining=0, reset=1"}}
	srv := testkit.Start(t, limited)
	err := client(t, srv.URL, conduit.WithMaxRetries(1), conduit.WithMaxRetryWait(time.Millisecond)).
		SendEvent(context.Background(), "checkout", observability.Event{"a": 1})
	var e *observability.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, time.Second, e.RetryAfter, "the reset of the spent budget")
	assert.Equal(t, 1, srv.Hits(), "a wait past the cap ends the call, for the caller to decide")

	ok := testkit.Reply{Status: http.StatusAccepted}
	srv = testkit.Start(t, testkit.Reply{Status: 429, Body: testkit.Fixture(t, "observability", "events_rate_limited.json")}, ok)
	require.NoError(t, client(t, srv.URL).SendEvent(context.Background(), "checkout", observability.Event{"a": 1}), "202 is success")
	assert.Equal(t, 2, srv.Hits())

	srv = testkit.Start(t, testkit.Reply{Status: 503, Header: []string{"Retry-After", "0"}}, ok)
	err = client(t, srv.URL).SendEvent(context.Background(), "checkout", observability.Event{"a": 1})
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits(), "an ingest that may have been stored is not sent again")
}
