package chat_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// bucketHeaders are what the platform sends with every answer of a route.
func bucketHeaders(remaining string, more ...string) []string {
	return append([]string{"X-RateLimit-Bucket", "5f1e0c9a7b3d2e4f", "X-RateLimit-Limit", "5", "X-RateLimit-Remaining", remaining,
		"X-RateLimit-Reset", "1780395302.913", "X-RateLimit-Reset-After", "0.337", "Via", "1.1 google"}, more...)
}

// Each failure the platform documents, as it sends it, is the sentinel the
// package documentation's table promises, with the JSON code, message and
// wait; the platform sends no request id. A 429's scope and a global limit
// are in the error's RateLimit.
func TestFailureFixtures(t *testing.T) {
	type want struct {
		is, isNot     error
		code, message string
		retryAfter    time.Duration
	}
	for _, tc := range []struct {
		name, file string
		status     int
		header     []string
		want       want
		then       func(t *testing.T, e *chat.Error)
	}{
		{"bad token", "unauthorized.json", 401, []string{"Via", "1.1 google"},
			want{conduit.ErrUnauthorized, conduit.ErrRateLimited, "0", "401: Unauthorized", 0}, nil},
		{"missing permissions", "missing_permissions.json", 403, bucketHeaders("4"),
			want{conduit.ErrUnauthorized, conduit.ErrNotFound, "50013", "Missing Permissions", 0},
			func(t *testing.T, e *chat.Error) {
				require.NotNil(t, e.RateLimit, "the route's budget comes with every answer")
				assert.Equal(t, "5f1e0c9a7b3d2e4f", e.RateLimit.Bucket)
				assert.Equal(t, conduit.Budget{Limit: 5, Remaining: 4, Reset: 337 * time.Millisecond}, e.RateLimit.Requests)
			}},
		{"missing access", "missing_access.json", 403, nil,
			want{conduit.ErrUnauthorized, nil, "50001", "Missing Access", 0}, nil},
		// Retry-After is whole seconds, rounded up from the body's
		// retry_after; conduit reads the header first, so it waits the
		// longer of the two.
		{"route 429", "rate_limited_user.json", 429, bucketHeaders("0", "Retry-After", "1", "X-RateLimit-Scope", "user"),
			want{conduit.ErrRateLimited, conduit.ErrUnauthorized, "", "You are being rate limited.", time.Second},
			func(t *testing.T, e *chat.Error) {
				require.NotNil(t, e.RateLimit)
				assert.Equal(t, "user", e.RateLimit.Scope)
				assert.False(t, e.RateLimit.Global)
				assert.Equal(t, int64(0), e.RateLimit.Requests.Remaining)
			}},
		{"route 429 without Retry-After", "rate_limited_user.json", 429, bucketHeaders("0", "X-RateLimit-Scope", "user"),
			want{conduit.ErrRateLimited, nil, "", "You are being rate limited.", 337 * time.Millisecond}, nil},
		{"global 429", "rate_limited_global.json", 429, []string{"Retry-After", "8", "X-RateLimit-Global", "true", "X-RateLimit-Scope", "global", "Via", "1.1 google"},
			want{conduit.ErrRateLimited, nil, "", "You are being rate limited.", 8 * time.Second},
			func(t *testing.T, e *chat.Error) {
				require.NotNil(t, e.RateLimit)
				assert.True(t, e.RateLimit.Global)
				assert.Equal(t, "global", e.RateLimit.Scope)
			}},
		{"global 429, body only", "rate_limited_global.json", 429, nil,
			want{conduit.ErrRateLimited, nil, "", "You are being rate limited.", 7250 * time.Millisecond}, nil},
		// A 400 whose code is a write limit: no wait within a call lifts it.
		{"opening DMs too fast", "opening_dms_too_fast.json", 400, nil,
			want{conduit.ErrRateLimited, nil, "40003", "You are opening direct messages too fast.", 0}, nil},
		// The field and its own code stay in Body: the profile reads fixed
		// paths, and the field name is a key of the errors object.
		{"invalid form body", "invalid_form_body.json", 400, []string{"Via", "1.1 google"},
			want{conduit.ErrAPI, conduit.ErrInvalidParam, "50035", "Invalid Form Body", 0},
			func(t *testing.T, e *chat.Error) {
				assert.Empty(t, e.Reason)
				assert.Contains(t, string(e.Body), "BASE_TYPE_MAX_LENGTH")
			}},
		{"overloaded", "overloaded.json", 503, nil,
			want{conduit.ErrAPI, conduit.ErrRateLimited, "130000", "API resource is currently overloaded. Try again a little later.", 0}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Header: tc.header, Body: testkit.Fixture(t, "chat", tc.file)})
			c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), conduit.WithMaxRetries(0))
			_, err := c.CreateMessage(context.Background(), "1180000000000000101", "hello", nil)
			e := testkit.Check(t, err, testkit.Shape{Is: tc.want.is, Service: "chat", Op: "CreateMessage", Endpoint: "POST /channels/{channel_id}/messages",
				Status: tc.status, Code: tc.want.code, Message: tc.want.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the platform sent is ErrAPI")
			if tc.want.isNot != nil {
				assert.NotErrorIs(t, err, tc.want.isNot)
			}
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID, "the platform sends no request id")
			assert.InDelta(t, tc.want.retryAfter, e.RetryAfter, float64(time.Millisecond))
			assert.Equal(t, 1, srv.Hits())
			if tc.then != nil {
				tc.then(t, e)
			}
			testkit.NoSecret(t, err, testToken)
		})
	}
}

// A webhook that no longer exists is ErrNotFound, and is not asked again:
// the platform restricts callers that keep posting to deleted webhooks.
func TestUnknownWebhookFixture(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 404, Header: bucketHeaders("4"), Body: testkit.Fixture(t, "chat", "unknown_webhook.json")})
	c := testkit.Client(t, chat.New, chat.WithWebhookBaseURL(srv.URL), testkit.Fast)
	err := c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"})
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "chat", Op: "ExecuteWebhook",
		Endpoint: "POST /webhooks/{webhook_id}/{webhook_token}", Status: 404, Code: "10015", Message: "Unknown Webhook"})
	assert.Zero(t, e.RetryAfter)
	assert.Empty(t, e.RequestID)
	assert.Equal(t, 1, srv.Hits())
	testkit.NoSecret(t, err, hookToken)
}

// What the profile says about retrying: reads and enforced-nonce messages
// are retried after an overload; credentials, write limits and unknown
// resources are not, and a webhook post that may have arrived is sent once.
func TestFailureRetries(t *testing.T) {
	ctx := context.Background()
	create := func(_ *testing.T, c *chat.Client) error {
		_, err := c.CreateMessage(ctx, "1180000000000000101", "hello", nil)
		return err
	}
	webhook := func(_ *testing.T, c *chat.Client) error {
		return c.ExecuteWebhook(ctx, testHook, chat.WebhookMessage{Content: "x"})
	}
	for _, tc := range []struct {
		name, file string
		status     int
		call       func(*testing.T, *chat.Client) error
		hits       int
	}{
		{"overloaded read", "overloaded.json", 503, func(t *testing.T, c *chat.Client) error {
			chs, err := c.GuildChannels(ctx, "1180000000000000007")
			assert.Len(t, chs, 4)
			return err
		}, 2},
		{"overloaded message", "overloaded.json", 503, create, 2},
		{"overloaded webhook", "overloaded.json", 503, webhook, 1},
		{"bad token", "unauthorized.json", 401, create, 1},
		{"missing permissions", "missing_permissions.json", 403, create, 1},
		{"write limit", "opening_dms_too_fast.json", 400, create, 1},
		{"unknown webhook", "unknown_webhook.json", 404, webhook, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok := "create_message.json"
			if tc.name == "overloaded read" {
				ok = "guild_channels.json"
			}
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "chat", tc.file)}, testkit.Reply{Body: testkit.Fixture(t, "chat", ok)})
			c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithWebhookBaseURL(srv.URL), chat.WithBotToken(testToken), testkit.Fast)
			err := tc.call(t, c)
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}
