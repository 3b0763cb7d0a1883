package chat_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func webhookClient(t *testing.T, srv *testkit.Server) *chat.Client {
	return testkit.Client(t, chat.New, chat.WithWebhookBaseURL(srv.URL+"/api"), conduit.WithBaseURL(srv.URL+"/api/v10"), chat.WithBotToken(testToken), fast)
}

func TestWebhookMessageCallsRequestShape(t *testing.T) {
	const path = "/api/webhooks/1180000000000097531/" + hookToken + "/messages/1180000000000005002"
	inThread := &chat.WebhookMessageParams{ThreadID: "1180000000000000401"}
	text := "Build #130 passed on main (re-run of #129)"
	for _, tc := range []struct {
		name, method, query, body string
		reply                     testkit.Reply
		call                      func(*chat.Client) error
	}{
		{name: "read", method: "GET", reply: testkit.Reply{Body: `{"id":"1180000000000005002","content":"Build #130 passed on main"}`},
			call: func(c *chat.Client) error {
				m, err := c.WebhookMessage(context.Background(), testHook, "1180000000000005002", nil)
				if err == nil {
					assert.Equal(t, "Build #130 passed on main", m.Content)
				}
				return err
			}},
		{name: "read in a thread", method: "GET", query: "thread_id=1180000000000000401", reply: testkit.Reply{Body: `{"id":"1180000000000005002"}`},
			call: func(c *chat.Client) error {
				_, err := c.WebhookMessage(context.Background(), testHook, "1180000000000005002", inThread)
				return err
			}},
		{name: "edit", method: "PATCH", query: "thread_id=1180000000000000401", body: `{"content":"` + text + `","allowed_mentions":{"parse":[]}}`,
			reply: testkit.Reply{Body: `{"id":"1180000000000005002","content":"` + text + `"}`},
			call: func(c *chat.Client) error {
				m, err := c.EditWebhookMessage(context.Background(), testHook, "1180000000000005002", chat.MessageEdit{Content: &text}, inThread)
				if err == nil {
					assert.Equal(t, text, m.Content)
				}
				return err
			}},
		{name: "delete", method: "DELETE", reply: testkit.Reply{Status: http.StatusNoContent},
			call: func(c *chat.Client) error {
				return c.DeleteWebhookMessage(context.Background(), testHook, "1180000000000005002", nil)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, tc.reply)
			require.NoError(t, tc.call(webhookClient(t, srv)))
			got := srv.Last(t)
			assert.Equal(t, tc.method+" "+path, got.Method+" "+got.Path)
			assert.Equal(t, tc.query, got.Query)
			if tc.body == "" {
				assert.Empty(t, got.Body)
			} else {
				assert.JSONEq(t, tc.body, string(got.Body))
			}
			assert.Empty(t, got.Header.Get("Authorization"), "the path is the credential: no header")
			assert.Equal(t, []string{"path"}, got.Holds(hookToken))
			assert.Empty(t, got.Holds(testToken))
		})
	}
}

func TestWebhookMessageEditsAreNotRepeatedAndHideTheToken(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 502, ContentType: "text/plain", Body: "bad gateway for /webhooks/1180000000000097531/" + hookToken})
	c := webhookClient(t, srv)
	text := "x"
	_, err := c.EditWebhookMessage(context.Background(), testHook, "1180000000000005002", chat.MessageEdit{Content: &text}, nil)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	testkit.NoSecret(t, err, hookToken)
	err = c.DeleteWebhookMessage(context.Background(), testHook, "1180000000000005002", nil)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	testkit.NoSecret(t, err, hookToken)
	assert.Equal(t, 2, srv.Hits(), "one attempt each")
}

func TestWebhookMessageInputsAreCheckedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := webhookClient(t, srv)
	ctx := context.Background()
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat"}, []testkit.Input{
		{Field: "message_id", Call: func() error { _, err := c.WebhookMessage(ctx, testHook, "", nil); return err }},
		{Field: "thread_id", Call: func() error {
			_, err := c.WebhookMessage(ctx, testHook, "1180000000000005002", &chat.WebhookMessageParams{ThreadID: "general"})
			return err
		}},
		{Field: "webhook_token", Call: func() error {
			return c.DeleteWebhookMessage(ctx, chat.NewWebhook("1180000000000097531", "a/../b"), "1180000000000005002", nil)
		}},
		{Field: "content", Call: func() error {
			_, err := c.EditWebhookMessage(ctx, testHook, "1180000000000005002", chat.MessageEdit{}, nil)
			return err
		}},
		{Field: "thread_id", Call: func() error {
			return c.ExecuteWebhook(ctx, testHook, chat.WebhookMessage{Content: "x", ThreadID: "-1"})
		}},
	}, hookToken, testToken)
}
