package chat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const hookToken = "hook-token_ABC.def~42"

var testHook = chat.NewWebhook("1180000000000097531", hookToken)

func replayWebhook() chat.Webhook {
	return chat.NewWebhook(chat.Snowflake(replay.Credential("chat", "webhook_id")), replay.Credential("chat", "webhook_token"))
}

func TestExecuteWebhook(t *testing.T) {
	c, srv := newReplay(t)
	err := c.ExecuteWebhook(context.Background(), replayWebhook(), chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
	require.NoError(t, err, "204 with no body is success")
	assert.Equal(t, 1, srv.Hits("POST /chat_webhook_base/webhooks/{webhook_id}/{webhook_token}"))
}

func TestExecuteWebhookWait(t *testing.T) {
	c, srv := newReplay(t)
	hook, err := chat.ParseWebhookURL(replayURL(srv))
	require.NoError(t, err)
	m, err := c.ExecuteWebhookWait(context.Background(), hook, chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000005002"), m.ID)
	assert.Equal(t, "Build #130 passed on main", m.Content)
	assert.Equal(t, "ci", m.Author.Username, "the per-message username shows as the author")
	var extra struct {
		WebhookID chat.Snowflake `json:"webhook_id"`
	}
	require.NoError(t, m.Decode(&extra))
	assert.Equal(t, chat.Snowflake(hook.ID), extra.WebhookID)
	golden.JSON(t, "chat", "execute_webhook_wait", m)
}

// replayURL is the full webhook URL the replay server accepts, as the
// platform would hand it out.
func replayURL(srv *replay.Server) string {
	return srv.URL("chat", "chat_webhook_base") + "/webhooks/" + replay.Credential("chat", "webhook_id") + "/" + replay.Credential("chat", "webhook_token")
}

func TestReplayRejectsBotTokenOnWebhook(t *testing.T) {
	// The replay server is the spec's referee: a webhook call carrying any
	// header credential, or a wrong token, is refused.
	c := testkit.Replay(t, "chat", chat.New, conduit.WithMaxRetries(0))
	wrong := chat.NewWebhook(replayWebhook().ID, "not-the-token")
	err := c.ExecuteWebhook(context.Background(), wrong, chat.WebhookMessage{Content: "x"})
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	testkit.NoSecret(t, err, "not-the-token")
}

func TestWebhookRequestShape(t *testing.T) {
	for _, wait := range []bool{false, true} {
		status, body := http.StatusNoContent, ""
		if wait {
			status, body = http.StatusOK, `{"id":"1180000000000005002","content":"deployed"}`
		}
		srv := testkit.Start(t, testkit.Reply{Status: status, Body: body})
		c, err := chat.New(chat.WithWebhookBaseURL(srv.URL+"/api/"), conduit.WithBaseURL(srv.URL+"/api/v10"), chat.WithBotToken(testToken))
		require.NoError(t, err)
		msg := chat.WebhookMessage{Content: "deployed", Username: "ci"}
		if wait {
			m, err := c.ExecuteWebhookWait(context.Background(), testHook, msg)
			require.NoError(t, err)
			assert.Equal(t, chat.Snowflake("1180000000000005002"), m.ID)
			assert.Equal(t, "wait=true", srv.Last(t).Query)
		} else {
			require.NoError(t, c.ExecuteWebhook(context.Background(), testHook, msg))
			assert.Empty(t, srv.Last(t).Query)
		}
		got := srv.Last(t)
		assert.Equal(t, 1, srv.Hits())
		assert.Equal(t, "POST", got.Method)
		assert.Equal(t, "/api/webhooks/1180000000000097531/"+hookToken, got.Path, "no version segment on webhooks")
		assert.JSONEq(t, `{"content":"deployed","username":"ci","allowed_mentions":{"parse":[]}}`, string(got.Body), "no mention notifies anyone unless allowed")
		assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
		assert.Empty(t, got.Header.Get("Authorization"), "the path is the credential: no header")
		assert.Empty(t, got.Holds(testToken), "the bot token stays out of webhook calls")
		assert.Equal(t, []string{"path"}, got.Holds(hookToken))
	}
}

func TestWebhookUsernameOmittedWhenEmpty(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNoContent})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL))
	require.NoError(t, err)
	require.NoError(t, c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"}))
	assert.JSONEq(t, `{"content":"x","allowed_mentions":{"parse":[]}}`, string(srv.Last(t).Body))
}

func TestWebhookErrorsHideToken(t *testing.T) {
	keptRedacted := func(t *testing.T, err error) {
		var e *chat.Error
		require.ErrorAs(t, err, &e)
		assert.Contains(t, string(e.Body), "[REDACTED]", "the echo is kept, redacted")
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "404 unknown webhook", Reply: testkit.Reply{Status: 404, Body: `{"message":"Unknown Webhook","code":10015}`},
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "10015"}},
		{Name: "401 echoing the path", Reply: testkit.Reply{Status: 401, Body: `{"message":"Invalid Webhook Token for /api/webhooks/1180000000000097531/` + hookToken + `","code":50027}`},
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "50027"}, Then: keptRedacted},
		{Name: "400 html echo", Reply: testkit.Reply{Status: 400, Body: `<html>bad request to /webhooks/1180000000000097531/` + hookToken + `</html>`},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400}, Then: keptRedacted},
	}, []string{hookToken}, testkit.Op{Service: "chat", Op: "ExecuteWebhookWait", Endpoint: "POST /webhooks/{webhook_id}/{webhook_token}", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, chat.New, chat.WithWebhookBaseURL(url)).ExecuteWebhookWait(context.Background(), testHook, chat.WebhookMessage{Content: "x"})
		return err
	}})
}

func TestWebhookNetworkErrorHidesToken(t *testing.T) {
	c, err := chat.New(chat.WithWebhookBaseURL(testkit.Closed(t)), fast)
	require.NoError(t, err)
	err = c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "[REDACTED]", "the URL is printed, redacted")
	testkit.NoSecret(t, err, hookToken)
}

func TestWebhookRetriedOnceAfter429(t *testing.T) {
	srv := testkit.Start(t, rateLimited("0.01"), testkit.Reply{Status: http.StatusNoContent})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL), fast)
	require.NoError(t, err)
	require.NoError(t, c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"}))
	assert.Equal(t, 2, srv.Hits())
}

func TestWebhookNotRetriedAfter502(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway, ContentType: "text/plain", Body: "bad gateway"})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL), fast)
	require.NoError(t, err)
	err = c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"})
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits())
}

func TestWebhookWaitWithoutMessage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNoContent})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL))
	require.NoError(t, err)
	m, err := c.ExecuteWebhookWait(context.Background(), testHook, chat.WebhookMessage{Content: "x"})
	assert.Nil(t, m)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "wait=true promised the message")
}

func TestParseWebhookURL(t *testing.T) {
	for _, in := range []string{
		"https://chat.example/api/webhooks/1180000000000097531/" + hookToken,
		"https://chat.example/api/v10/webhooks/1180000000000097531/" + hookToken,
		"https://chat.example/webhooks/1180000000000097531/" + hookToken,
		"https://canary.chat.example/api/webhooks/1180000000000097531/" + hookToken + "/",
		"  http://127.0.0.1:8080/chat_webhook_base/webhooks/1180000000000097531/" + hookToken + "\n",
	} {
		w, err := chat.ParseWebhookURL(in)
		require.NoError(t, err, in)
		assert.Equal(t, testHook.ID, w.ID, in)
		assert.Equal(t, testHook.Token(), w.Token(), in)
	}
	for _, in := range []string{
		"",
		"not a url",
		"chat.example/api/webhooks/1/" + hookToken,
		"ftp://chat.example/api/webhooks/1/" + hookToken,
		"https:///api/webhooks/1/" + hookToken,
		"https://chat.example/api/webhooks/1",
		"https://chat.example/api/webhooks//" + hookToken,
		"https://chat.example/api/webhooks/1/",
		"https://chat.example/api/webhooks/abc/" + hookToken,
		"https://chat.example/api/webhooks/1/" + hookToken + "/slack",
		"https://chat.example/api/hooks/1/" + hookToken,
		"https://chat.example/api/webhooks/1/" + hookToken + "?wait=true",
		"https://chat.example/api/webhooks/1/" + hookToken + "#x",
		"https://user:" + hookToken + "@chat.example/api/webhooks/1/" + hookToken,
		"https://chat.example/api/webhooks/1/" + hookToken + "%20",
		"https://chat.example/api/webhooks/1/" + hookToken + "%2Fx",
		"https://chat.example/api/webhooks/1/" + hookToken + "%zz",
		"https://chat.example/api/webhooks/1/..",
	} {
		_, err := chat.ParseWebhookURL(in)
		var e *chat.Error
		require.ErrorAs(t, err, &e, in)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, in)
		assert.Equal(t, "webhook_url", e.Field, in)
		testkit.NoSecret(t, err, hookToken)
	}
}

func TestWebhookNeverPrintsToken(t *testing.T) {
	w := testHook
	outs := []string{
		w.String(), w.GoString(),
		fmt.Sprint(w), fmt.Sprintf("%v|%+v|%#v|%s|%q|%d|%x|%X|%10v", w, w, w, w, w, w, w, w, w),
		fmt.Sprintf("%v %+v %#v", &w, &w, &w),
		fmt.Sprintf("%+v %#v", struct{ Hook chat.Webhook }{w}, []chat.Webhook{w}),
	}
	j, err := json.Marshal(map[string]any{"hook": w})
	require.NoError(t, err)
	type holder struct{ Hook chat.Webhook }
	x, err := xml.Marshal(holder{w})
	require.NoError(t, err)
	var logs bytes.Buffer
	slog.New(slog.NewTextHandler(&logs, nil)).Info("posting", "hook", w)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("posting", "hook", w, "ptr", &w)
	outs = append(outs, string(j), string(x), logs.String())
	for _, out := range outs {
		testkit.NoSecretIn(t, out, hookToken)
		assert.Contains(t, out, "1180000000000097531", "the id still identifies the webhook")
	}
	assert.Equal(t, "webhook 1180000000000097531/[REDACTED]", w.String())
	assert.Equal(t, `chat.Webhook{ID:"1180000000000097531", Token:"[REDACTED]"}`, fmt.Sprintf("%#v", w))
	assert.Equal(t, `chat.Webhook{ID:"?", Token:"[REDACTED]"}`, chat.NewWebhook(hookToken, hookToken).GoString(),
		"a token pasted into ID is not printed either")
	assert.Equal(t, `chat.Webhook{ID:"?", Token:""}`, chat.Webhook{}.GoString())
}

func FuzzParseWebhookURL(f *testing.F) {
	for _, s := range []string{
		"https://chat.example/api/webhooks/1180000000000097531/" + hookToken,
		"https://chat.example/api/v10/webhooks/1/a/",
		"http://h/webhooks/1/%41",
		"https://h/webhooks/1/a?x",
		"https://h/webhooks/%31/a",
		"https://h/webhooks/1/..",
		"//h/webhooks/1/a",
		"https://h/webhooks/1/a%2Fb",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		w, err := chat.ParseWebhookURL(in)
		if err != nil {
			var e *chat.Error
			if !assert.ErrorAs(t, err, &e) || e.Field != "webhook_url" || !assert.ErrorIs(t, err, conduit.ErrInvalidParam) {
				t.Fatalf("%q: unexpected error %v", in, err)
			}
			if strings.Contains(in, "://") && strings.Contains(err.Error(), in) {
				t.Fatalf("%q: the error quotes the URL", in)
			}
			return
		}
		if w.ID == "" || w.Token() == "" || strings.ContainsAny(w.Token(), "/?#% ") || strings.Trim(string(w.ID), "0123456789") != "" {
			t.Fatalf("%q parsed to unusable %#v (id %q)", in, w, w.ID)
		}
		again, err := chat.ParseWebhookURL("https://chat.example/api/webhooks/" + string(w.ID) + "/" + w.Token())
		if err != nil || again.ID != w.ID || again.Token() != w.Token() {
			t.Fatalf("%q: the parsed webhook does not survive a round trip: %v", in, err)
		}
		if len(w.Token()) >= 12 && strings.Contains(fmt.Sprintf("%v %+v %#v %s %d", w, w, w, w, w), w.Token()) {
			t.Fatalf("%q: printing the webhook shows its token", in)
		}
	})
}

func TestExecuteWebhookCancelled(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNoContent})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = c.ExecuteWebhook(ctx, testHook, chat.WebhookMessage{Content: "x"})
	assert.ErrorIs(t, err, context.Canceled)
	testkit.NoSecret(t, err, hookToken)
	assert.Zero(t, srv.Hits())
}

func TestLogsHideTokens(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	srv := testkit.Start(t, rateLimited("0.01"), testkit.Reply{Status: http.StatusNoContent},
		testkit.Reply{Status: 401, Body: `{"message":"401: Unauthorized ` + testToken + `","code":0}`})
	c, err := chat.New(chat.WithWebhookBaseURL(srv.URL), conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), conduit.WithLogger(logger), fast)
	require.NoError(t, err)
	require.NoError(t, c.ExecuteWebhook(context.Background(), testHook, chat.WebhookMessage{Content: "x"}))
	_, err = c.CurrentUser(context.Background())
	require.Error(t, err)
	logger.Debug("failed", "err", err)
	out := logs.String()
	assert.Equal(t, 3, strings.Count(out, "conduit request"), "one line per attempt: 429, 204, 401")
	assert.Contains(t, out, "/webhooks/{webhook_id}/{webhook_token}")
	testkit.NoSecretIn(t, out, hookToken, testToken)
}

// deployConfig is how a caller keeps a webhook: exported, unexported, by
// pointer, in a slice, a map and an interface, and one struct deeper.
type deployConfig struct {
	Name     string
	Alerts   chat.Webhook
	fallback chat.Webhook
	ptr      *chat.Webhook
	all      []chat.Webhook
	byTeam   map[string]chat.Webhook
	any      any
	nested   struct{ hook chat.Webhook }
}

// A webhook's token never prints from inside a caller's struct, whatever
// the field (fmt reads an unexported field without calling the Webhook's
// own Format) and whatever the verb, nor through slog's text and JSON
// handlers.
func TestWebhookInCallersStructNeverPrintsToken(t *testing.T) {
	hook := chat.NewWebhook("1180000000000097531", hookToken)
	cfg := deployConfig{Name: "deploys", Alerts: hook, fallback: hook, ptr: &hook, all: []chat.Webhook{hook},
		byTeam: map[string]chat.Webhook{"infra": hook}, any: hook}
	cfg.nested.hook = hook
	anon := struct{ hook chat.Webhook }{hook}
	for _, verb := range []string{"%s", "%q", "%v", "%+v", "%#v", "%x", "%X", "%d", "%10.3v", "%T"} {
		for _, v := range []any{cfg, &cfg, anon, &anon, []any{cfg}} {
			testkit.NoSecretIn(t, fmt.Sprintf(verb, v), hookToken)
		}
	}
	assert.Contains(t, fmt.Sprintf("%+v", cfg), "deploys", "the rest of the struct still prints")

	for name, h := range map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		"json": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	} {
		var logs bytes.Buffer
		logger := slog.New(h(&logs))
		logger.Info("deploying", "cfg", cfg, "ptr", &cfg, "anon", anon, "hook", hook)
		logger.Info("grouped", slog.Group("g", slog.Any("cfg", cfg)), slog.Any("hooks", cfg.all))
		require.NotEmpty(t, logs.String(), name)
		testkit.NoSecretIn(t, logs.String(), hookToken)
		assert.Contains(t, logs.String(), "1180000000000097531", "%s: the id still identifies the webhook", name)
	}
	assert.Equal(t, hookToken, cfg.fallback.Token(), "the token is still there for the request")
}
