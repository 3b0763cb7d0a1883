package inference_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// tokensExhausted are the headers of a 429 on the tokens-per-minute budget.
var tokensExhausted = []string{"Retry-After", "3", "X-Ratelimit-Limit-Requests", "1000", "X-Ratelimit-Remaining-Requests", "982",
	"X-Ratelimit-Reset-Requests", "25m55.2s", "X-Ratelimit-Limit-Tokens", "12000", "X-Ratelimit-Remaining-Tokens", "0",
	"X-Ratelimit-Reset-Tokens", "2.25s", "X-Request-Id", "req_01jzq51c0m4r8s2x6n9p3k7yte"}

// Each failure an OpenAI-compatible host sends, {"error": {"message",
// "type", "code"}}, is the sentinel the package documentation's table
// promises: code as Code, type as Reason, the message, the x-request-id
// header as RequestID, and the wait it names.
func TestFailureFixtures(t *testing.T) {
	for _, tc := range []struct {
		name, file            string
		status                int
		header                []string
		is, isNot             error
		code, reason, message string
		requestID             string
		retryAfter            time.Duration
	}{
		{"bad key", "invalid_api_key.json", 401, []string{"X-Request-Id", "req_01jzq4v8k2e9t5m3w7c1a6d0fb"},
			conduit.ErrUnauthorized, conduit.ErrRateLimited, "invalid_api_key", "invalid_request_error", "Invalid API Key", "req_01jzq4v8k2e9t5m3w7c1a6d0fb", 0},
		{"unsupported region", "unsupported_region.json", 403, nil,
			conduit.ErrUnauthorized, nil, "unsupported_country_region_territory", "permission_error", "Country, region, or territory not supported", "", 0},
		{"tokens per minute", "rate_limited_tokens.json", 429, tokensExhausted,
			conduit.ErrRateLimited, conduit.ErrUnauthorized, "rate_limit_exceeded", "tokens",
			"Rate limit reached for model `llama-3.3-70b-versatile` in organization `org_01hz7q` service tier `on_demand` on tokens per minute (TPM): " +
				"Limit 12000, Used 11810, Requested 640. Please try again in 2.25s.", "req_01jzq51c0m4r8s2x6n9p3k7yte", 3 * time.Second},
		// Without Retry-After, the token budget's reset, which is what runs
		// out far more often; else the request budget's.
		{"tokens per minute, resets only", "rate_limited_tokens.json", 429, tokensExhausted[2:],
			conduit.ErrRateLimited, nil, "rate_limit_exceeded", "tokens", "", "req_01jzq51c0m4r8s2x6n9p3k7yte", 2250 * time.Millisecond},
		{"requests per day, reset only", "rate_limited.json", 429, []string{"X-Ratelimit-Remaining-Requests", "0", "X-Ratelimit-Reset-Requests", "1m30s"},
			conduit.ErrRateLimited, nil, "rate_limit_exceeded", "tokens", "", "", 90 * time.Second},
		{"milliseconds", "rate_limited.json", 429, []string{"Retry-After-Ms", "1500", "Retry-After", "2"},
			conduit.ErrRateLimited, nil, "rate_limit_exceeded", "tokens", "", "", 1500 * time.Millisecond},
		{"quota", "insufficient_quota.json", 429, []string{"X-Request-Id", "req_8f2c41d0a9b74e1f93c6"},
			conduit.ErrQuotaExceeded, conduit.ErrRateLimited, "insufficient_quota", "insufficient_quota",
			"This project has used up its quota; check the plan and billing details.", "req_8f2c41d0a9b74e1f93c6", 0},
		{"unknown model", "model_not_found.json", 404, []string{"X-Request-Id", "req_01jzq5a7d1f3h5k7m9p1r3t5v7"},
			conduit.ErrNotFound, conduit.ErrRateLimited, "model_not_found", "invalid_request_error",
			"The model `llama-9-1t` does not exist or you do not have access to it.", "req_01jzq5a7d1f3h5k7m9p1r3t5v7", 0},
		{"flex capacity", "flex_capacity.json", 498, []string{"X-Request-Id", "req_01jzq5k4b6d8f0h2j4l6n8q0s2"},
			conduit.ErrRateLimited, nil, "capacity_exceeded", "invalid_request_error",
			"Flex tier capacity exceeded. This request was on the flex tier; retry later.", "req_01jzq5k4b6d8f0h2j4l6n8q0s2", 0},
		{"overloaded", "overloaded.json", 503, []string{"Retry-After", "1"},
			conduit.ErrAPI, conduit.ErrRateLimited, "server_is_overloaded", "server_error", "The server is overloaded; please retry shortly.", "", time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Header: tc.header, Body: testkit.Fixture(t, "inference", tc.file)})
			_, err := client(t, srv, conduit.WithMaxRetries(0)).CreateChatCompletion(context.Background(), hello())
			e := testkit.Check(t, err, testkit.Shape{Is: tc.is, Service: "inference", Op: "CreateChatCompletion", Endpoint: "POST /chat/completions",
				Status: tc.status, Code: tc.code})
			if tc.message != "" {
				assert.Equal(t, tc.message, e.Message)
			}
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the host sent is ErrAPI")
			if tc.isNot != nil {
				assert.NotErrorIs(t, err, tc.isNot)
			}
			assert.Equal(t, tc.reason, e.Reason)
			assert.Equal(t, tc.requestID, e.RequestID)
			assert.InDelta(t, tc.retryAfter, e.RetryAfter, float64(time.Millisecond))
			testkit.NoSecret(t, err, testKey)
		})
	}
}

// The budget a 429 reports is on the error: both the request and the
// token budgets, so a caller sees which one ran out.
func TestRateLimitedBudget(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 429, Header: tokensExhausted, Body: testkit.Fixture(t, "inference", "rate_limited_tokens.json")})
	_, err := client(t, srv, conduit.WithMaxRetries(0)).CreateChatCompletion(context.Background(), hello())
	var e *inference.Error
	require.ErrorAs(t, err, &e)
	require.NotNil(t, e.RateLimit)
	assert.Equal(t, conduit.Budget{Limit: 1000, Remaining: 982, Reset: 25*time.Minute + 55200*time.Millisecond}, e.RateLimit.Requests)
	assert.Equal(t, conduit.Budget{Limit: 12000, Remaining: 0, Reset: 2250 * time.Millisecond}, e.RateLimit.Tokens)
}

// An error event in the middle of a 200 stream ends it with an error read
// like a failure body: the code (or the type, when the code is null), the
// message; the chunks before it were delivered.
func TestStreamErrorFixture(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "text/event-stream", Header: []string{"X-Request-Id", "req_01jzq5f2s8u4w6y8a0c2e4g6i8"},
		Body: testkit.Fixture(t, "inference", "stream_error.sse")})
	var resp conduit.Response
	s, err := client(t, srv).StreamChatCompletion(context.Background(), hello(), conduit.WithResponse(&resp))
	require.NoError(t, err)
	defer s.Close()
	require.True(t, s.Next())
	assert.Equal(t, "Fast", s.Current().Choices[0].Delta.Content)
	assert.False(t, s.Next())
	e := testkit.Check(t, s.Err(), testkit.Shape{Is: conduit.ErrAPI, Service: "inference", Op: "StreamChatCompletion", Endpoint: "POST /chat/completions",
		Code: "server_error", Message: "Internal error while generating the reply."})
	assert.Equal(t, "server_error", e.Reason)
	assert.Zero(t, e.RetryAfter)
	assert.Equal(t, "req_01jzq5f2s8u4w6y8a0c2e4g6i8", resp.RequestID, "the stream's request id is in its Response")
	assert.Equal(t, 1, srv.Hits(), "a stream that has begun is not sent again")
}

// What the profile says about retrying: a rate limit after its wait and
// an overloaded server after the backoff; a spent quota, a bad key and an
// unknown model never.
func TestFailureRetries(t *testing.T) {
	for _, tc := range []struct {
		file   string
		status int
		hits   int
	}{
		{"rate_limited_tokens.json", 429, 2},
		{"flex_capacity.json", 498, 2},
		{"overloaded.json", 503, 2},
		{"insufficient_quota.json", 429, 1},
		{"invalid_api_key.json", 401, 1},
		{"model_not_found.json", 404, 1},
	} {
		t.Run(tc.file+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Header: []string{"Retry-After", "0"}, Body: testkit.Fixture(t, "inference", tc.file)},
				fixture(t, "create_chat_completion.json"))
			_, err := client(t, srv).CreateChatCompletion(context.Background(), hello())
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}
