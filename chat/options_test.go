package chat_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a path relative to chat_url, version included, with the bot
// token in Authorization as the typed calls send it; a write through Do
// is sent once unless the caller says repeating it is harmless (the
// platform has no nonce for most writes).
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"1180000000000000101","name":"deploys","topic":"CI"}`})
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL+"/api"), chat.WithBotToken(testToken))
	var ch struct {
		Topic string `json:"topic"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/channels/1180000000000000101", nil, &ch))
	assert.Equal(t, "CI", ch.Topic)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v10/channels/1180000000000000101", got.URI)
	assertBotAuthOnly(t, got)

	overloaded := testkit.Reply{Status: http.StatusServiceUnavailable, Body: testkit.Fixture(t, "chat", "overloaded.json")}
	srv = testkit.Start(t, overloaded, overloaded, overloaded, testkit.Reply{Body: `{"id":"1180000000000005009"}`})
	c = testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), fast)
	err := c.Do(context.Background(), "POST", "/channels/1180000000000000101/messages/1180000000000005001/crosspost", nil, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "chat", Op: "Do",
		Endpoint: "POST /channels/1180000000000000101/messages/1180000000000005001/crosspost", Status: 503, Code: "130000",
		Message: "API resource is currently overloaded. Try again a little later."})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assertBotAuthOnly(t, srv.Last(t))

	var out struct{ ID chat.Snowflake }
	require.NoError(t, c.Do(context.Background(), "PATCH", "/channels/1180000000000000101", map[string]string{"topic": "CI"}, &out, conduit.WithIdempotent()))
	assert.Equal(t, chat.Snowflake("1180000000000005009"), out.ID)
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, the write is retried like a read")
	assert.JSONEq(t, `{"topic":"CI"}`, string(srv.Last(t).Body))
}

// Per-call options reach the wire of a typed call, a body field beside the
// typed members, and WithResponse describes the answer, the route's budget
// included.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json"),
		Header: []string{"X-RateLimit-Bucket", "5f1e0c9a7b3d2e4f", "X-RateLimit-Limit", "5", "X-RateLimit-Remaining", "4", "X-RateLimit-Reset-After", "2.5"}})
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken))
	var resp conduit.Response
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "deployed", nil,
		conduit.WithHeader("X-Audit-Log-Reason", "release"), conduit.WithQuery("trace", "1"),
		conduit.WithBodyField("tts", true), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "release", got.Header.Get("X-Audit-Log-Reason"))
	assert.Equal(t, "/v10/channels/1180000000000000101/messages?trace=1", got.URI)
	body := got.JSON(t)
	assert.Equal(t, true, body["tts"], "the extra member travels beside the typed ones")
	assert.Equal(t, "deployed", body["content"])
	assert.Equal(t, true, body["enforce_nonce"])
	assertBotAuthOnly(t, got)

	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, srv.URL+"/v10/channels/1180000000000000101/messages?trace=1", resp.URL)
	assert.Empty(t, resp.RequestID, "the platform sends no request id")
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, "5f1e0c9a7b3d2e4f", resp.RateLimit.Bucket)
	assert.Equal(t, conduit.Budget{Limit: 5, Remaining: 4, Reset: 2500 * time.Millisecond}, resp.RateLimit.Requests)
	assert.Equal(t, "5", resp.Header.Get("X-RateLimit-Limit"))

	_, err = c.CurrentUser(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Audit-Log-Reason"), "a call's options end with the call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.CreateMessage(context.Background(), "1180000000000000101", "x", nil, conduit.WithHeader("Authorization", "Bot other"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "chat", Op: "CreateMessage", Field: "options"})
	_, err = c.CurrentUser(context.Background(), conduit.WithBodyField("x", 1))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "chat", Op: "CurrentUser", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}

// Webhook calls take per-call options too; their token stays out of what
// WithResponse reports.
func TestWebhookPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"1180000000000005002","content":"deployed"}`})
	c := testkit.Client(t, chat.New, chat.WithWebhookBaseURL(srv.URL+"/api"))
	var resp conduit.Response
	_, err := c.ExecuteWebhookWait(context.Background(), testHook, chat.WebhookMessage{Content: "deployed"},
		conduit.WithQuery("thread_id", "1180000000000000555"), conduit.WithBodyField("flags", 4096), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "wait=true&thread_id=1180000000000000555", got.Query)
	assert.Equal(t, float64(4096), got.JSON(t)["flags"])
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.NotContains(t, resp.URL, hookToken)
	assert.Contains(t, resp.URL, "/api/webhooks/1180000000000097531/")
}

// chat_url pasted with or without its version segment, with or without a
// trailing slash, reaches the same URL; the webhook base has none.
func TestVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "current_user.json")})
	for _, base := range []string{srv.URL + "/api", srv.URL + "/api/", srv.URL + "/api/v10", srv.URL + "/api/v10/"} {
		_, err := testkit.Client(t, chat.New, conduit.WithBaseURL(base), chat.WithBotToken(testToken)).CurrentUser(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/api/v10/users/@me", srv.Last(t).Path, "%s: the version segment is added once", base)
	}
	assert.Equal(t, 4, srv.Hits())
}
