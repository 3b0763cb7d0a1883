package chat_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const testToken = "tok-Bot.SECRET_9f8e7d"

var fast = testkit.Fast

func newReplay(t *testing.T) (*chat.Client, *replay.Server) {
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, chat.New, srv.Options("chat")...), srv
}

func TestCurrentUser(t *testing.T) {
	c, _ := newReplay(t)
	u, err := c.CurrentUser(context.Background())
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000000042"), u.ID)
	assert.Equal(t, "deploy-bot", u.Username)
	var extra struct {
		Bot    bool   `json:"bot"`
		Locale string `json:"locale"`
	}
	require.NoError(t, u.Decode(&extra))
	assert.True(t, extra.Bot, "fields the spec does not show stay reachable")
	assert.Equal(t, "en-US", extra.Locale)
	golden.JSON(t, "chat", "current_user", u)
}

func TestCreateMessage(t *testing.T) {
	c, srv := newReplay(t)
	m, err := c.CreateMessage(context.Background(), "1180000000000000101", "Deploy 2024.06.21-3 finished in 4m12s", nil)
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000005001"), m.ID)
	assert.Equal(t, chat.Snowflake("1180000000000000101"), m.ChannelID)
	assert.Equal(t, "Deploy 2024.06.21-3 finished in 4m12s", m.Content)
	assert.Equal(t, "deploy-bot", m.Author.Username)
	assert.Contains(t, string(m.Author.RawJSON()), `"public_flags"`, "a nested author keeps its own raw bytes")
	var extra struct {
		Timestamp time.Time `json:"timestamp"`
	}
	require.NoError(t, m.Decode(&extra))
	assert.Equal(t, time.Date(2024, 6, 21, 9, 15, 2, 118e6, time.UTC), extra.Timestamp.UTC())
	assert.Equal(t, 1, srv.Hits("POST /chat_url/v10/channels/{channel_id}/messages"))
	golden.JSON(t, "chat", "create_message", m)
}

func TestGuildChannels(t *testing.T) {
	c, _ := newReplay(t)
	chs, err := c.GuildChannels(context.Background(), "1180000000000000007")
	require.NoError(t, err)
	require.Len(t, chs, 4)
	assert.Equal(t, chat.Snowflake("1180000000000000101"), chs[1].ID)
	assert.Equal(t, chat.Snowflake("1180000000000000102"), chs[2].ID, "a numeric id past 2^53 keeps every digit")
	assert.Equal(t, []chat.ChannelType{chat.GuildCategory, chat.GuildText, chat.GuildText, chat.GuildVoice}, []chat.ChannelType{chs[0].Type, chs[1].Type, chs[2].Type, chs[3].Type})
	assert.Equal(t, []int{0, 0, 1, 2}, []int{chs[0].Position, chs[1].Position, chs[2].Position, chs[3].Position})
	var extra struct {
		Name    string `json:"name"`
		Bitrate int    `json:"bitrate"`
	}
	require.NoError(t, chs[3].Decode(&extra))
	assert.Equal(t, "Standup", extra.Name)
	assert.Equal(t, 64000, extra.Bitrate)
	golden.JSON(t, "chat", "guild_channels", chs)
}

func TestBotRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL+"/api/v10/"), chat.WithBotToken(testToken))
	ctx := context.Background()

	_, err := c.CreateMessage(ctx, "11/80 ?", "hi \"there\"", nil)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/api/v10/channels/11%2F80%20%3F/messages", got.Path, "the id stays one escaped segment")
	assert.Empty(t, got.Query)
	var sent struct {
		Content         string
		Nonce           string
		EnforceNonce    bool `json:"enforce_nonce"`
		AllowedMentions *struct {
			Parse []string
		} `json:"allowed_mentions"`
	}
	require.NoError(t, json.Unmarshal(got.Body, &sent))
	assert.Equal(t, `hi "there"`, sent.Content)
	assert.Len(t, sent.Nonce, 25, "a nonce the platform enforces makes the post safe to retry")
	assert.True(t, sent.EnforceNonce)
	require.NotNil(t, sent.AllowedMentions, "mentions are off unless asked for")
	assert.Empty(t, sent.AllowedMentions.Parse)
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assertBotAuthOnly(t, got)

	_, err = c.CurrentUser(ctx)
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v10/users/@me", got.Path, "@me is a literal segment")
	assert.Empty(t, got.Body)
	assertBotAuthOnly(t, got)

	srv2 := testkit.Start(t, testkit.Reply{Body: `[]`})
	c2 := testkit.Client(t, chat.New, conduit.WithBaseURL(srv2.URL+"/api/v10"), chat.WithBotToken(testToken))
	chs, err := c2.GuildChannels(ctx, "1180000000000000007")
	require.NoError(t, err)
	assert.Empty(t, chs)
	got2 := srv2.Last(t)
	assert.Equal(t, "GET", got2.Method)
	assert.Equal(t, "/api/v10/guilds/1180000000000000007/channels", got2.Path)
	assertBotAuthOnly(t, got2)
}

// assertBotAuthOnly checks the bot token is sent as "Bot <token>" in
// Authorization and nowhere else.
func assertBotAuthOnly(t *testing.T, got testkit.Request) {
	t.Helper()
	assert.Equal(t, "Bot "+testToken, got.Header.Get("Authorization"))
	assert.Equal(t, "conduit-go/"+conduit.Version, got.Header.Get("User-Agent"))
	assert.Equal(t, []string{"header Authorization"}, got.Holds(testToken))
}

func TestBotErrors(t *testing.T) {
	malformed := func(message string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrMalformedResponse, Message: message}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "403 json", Reply: testkit.Reply{Status: 403, Body: testkit.Fixture(t, "chat", "missing_access.json")}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Code: "50001", Message: "Missing Access"}},
		{Name: "401 echoing the header", Reply: testkit.Reply{Status: 401, Body: `{"message":"401: Unauthorized, got Bot ` + testToken + `","code":0}`}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "0", Message: "401: Unauthorized, got Bot [REDACTED]"}},
		{Name: "404 json", Reply: testkit.Reply{Status: 404, Body: `{"message":"Unknown Channel","code":10003}`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "10003", Message: "Unknown Channel"}},
		{Name: "502 html", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body><h1>502 Bad Gateway</h1></body></html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
		{Name: "500 text", Reply: testkit.Reply{Status: 500, ContentType: "text/plain", Body: `upstream timed out`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500, Message: "upstream timed out"}},
		{Name: "null at 200", Reply: testkit.Reply{Body: `null`}, Want: malformed("empty or null body where a record was expected")},
		{Name: "malformed at 200", Reply: testkit.Reply{Body: `{"id":"1","content":`}, Want: malformed("")},
		{Name: "wrong id type", Reply: testkit.Reply{Body: `{"id":1.5,"content":"x"}`}, Want: malformed("")},
	}, []string{testToken}, testkit.Op{Service: "chat", Op: "CreateMessage", Endpoint: "POST /channels/{channel_id}/messages", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, chat.New, conduit.WithBaseURL(url), chat.WithBotToken(testToken), conduit.WithMaxRetries(0))
		_, err := c.CreateMessage(context.Background(), "1180000000000000101", "hello", nil)
		return err
	}})
}

// rateLimited is the platform's 429 body asking for a wait of secs seconds.
func rateLimited(secs string) testkit.Reply {
	return testkit.Reply{Status: http.StatusTooManyRequests, Body: `{"message":"You are being rate limited.","retry_after":` + secs + `,"global":false}`}
}

func TestCreateMessageRetriedOnceAfter429(t *testing.T) {
	srv := testkit.Start(t, rateLimited("0.01"), testkit.Reply{Body: `{"id":"1180000000000005001","content":"hello"}`})
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), fast)
	require.NoError(t, err)
	m, err := c.CreateMessage(context.Background(), "1180000000000000101", "hello", nil)
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000005001"), m.ID)
	assert.Equal(t, 2, srv.Hits(), "a 429 means the write was not acted on: exactly one retry")
}

func TestRetryAfterBodyIsHonoured(t *testing.T) {
	// The body asks for 1.5s, more than this client may wait: the call must
	// stop at once and report the server's wait, not guess its own.
	srv := testkit.Start(t, rateLimited("1.5"), testkit.Reply{})
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), fast, conduit.WithMaxRetryWait(time.Second))
	require.NoError(t, err)
	_, err = c.CreateMessage(context.Background(), "1180000000000000101", "hello", nil)
	var e *chat.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrRateLimited)
	assert.Equal(t, 1500*time.Millisecond, e.RetryAfter)
	assert.Equal(t, "You are being rate limited.", e.Message)
	assert.Equal(t, 1, srv.Hits())
}

// A message carries an enforced nonce, so a 500 whose message may have been
// posted is retried with the same nonce: the platform answers the repeat
// with the message it has, never a second copy.
func TestCreateMessageRetriedWithItsNonceAfter500(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 500, Body: `{"message":"500: Internal Server Error","code":0}`},
		testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), fast)
	require.NoError(t, err)
	_, err = c.CreateMessage(context.Background(), "1180000000000000101", "hello", nil)
	require.NoError(t, err)
	require.Equal(t, 2, srv.Hits())
	assert.Equal(t, nonceOf(t, srv.Requests()[0].Body), nonceOf(t, srv.Requests()[1].Body), "the retry repeats the nonce")

	_, err = c.CreateMessage(context.Background(), "1180000000000000101", "hello", &chat.MessageParams{Nonce: "my-own-nonce-1"})
	require.NoError(t, err)
	assert.Equal(t, "my-own-nonce-1", nonceOf(t, srv.Last(t).Body))
}

func nonceOf(t *testing.T, body []byte) string {
	t.Helper()
	var v struct{ Nonce string }
	require.NoError(t, json.Unmarshal(body, &v))
	return v.Nonce
}

func TestGuildChannelsRetriedAfter503(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 503, ContentType: "text/html"}, testkit.Reply{Body: `[{"id":"1","type":0,"position":0}]`})
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), fast)
	require.NoError(t, err)
	chs, err := c.GuildChannels(context.Background(), "7")
	require.NoError(t, err)
	assert.Len(t, chs, 1)
	assert.Equal(t, 2, srv.Hits(), "a read is retried")
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithWebhookBaseURL(srv.URL), chat.WithBotToken(testToken))
	ctx := context.Background()
	hook := chat.NewWebhook("1180000000000097531", "hook-token_ABC")
	msg := chat.WebhookMessage{Content: "hi"}
	create := func(channel chat.Snowflake, content string) func() error {
		return func() error { _, err := c.CreateMessage(ctx, channel, content, nil); return err }
	}
	execute := func(h chat.Webhook, m chat.WebhookMessage) func() error {
		return func() error { return c.ExecuteWebhook(ctx, h, m) }
	}
	wait := func(h chat.Webhook, m chat.WebhookMessage) func() error {
		return func() error { _, err := c.ExecuteWebhookWait(ctx, h, m); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat"}, []testkit.Input{
		{Field: "channel_id", Call: create("", "hi")},    // empty channel
		{Field: "channel_id", Call: create(" \t", "hi")}, // blank channel
		{Field: "content", Call: create("1", "")},        // empty content
		{Field: "content", Call: create("1", "\n ")},     // blank content
		{Field: "guild_id", Call: func() error { _, err := c.GuildChannels(ctx, ""); return err }},
		{Field: "webhook_id", Call: execute(chat.NewWebhook("", hook.Token()), msg)},
		{Field: "webhook_id", Call: execute(chat.NewWebhook("abc", hook.Token()), msg)}, // non-numeric
		{Field: "webhook_token", Call: execute(chat.NewWebhook(hook.ID, ""), msg)},
		{Field: "webhook_token", Call: execute(chat.NewWebhook(hook.ID, "abc/def"), msg)},
		{Field: "webhook_token", Call: wait(chat.NewWebhook(hook.ID, ".."), msg)},
		{Field: "content", Call: execute(hook, chat.WebhookMessage{Username: "ci"})},
		{Field: "content", Call: wait(hook, chat.WebhookMessage{Content: " "})},
		{Field: "webhook_url", Call: func() error {
			_, err := chat.ParseWebhookURL("https://chat.example/api/webhooks/1180000000000097531")
			return err
		}},
	}, testToken, hook.Token())
}

func TestMissingBotToken(t *testing.T) {
	t.Setenv("CONDUIT_CHAT_BOT_TOKEN", "")
	srv := testkit.Start(t)
	for _, opts := range [][]chat.Option{
		{conduit.WithBaseURL(srv.URL)},
		{conduit.WithBaseURL(srv.URL), chat.WithBotToken("")},
	} {
		c := testkit.Client(t, chat.New, opts...) // a webhook-only client needs no bot token
		testkit.MissingCredential(t, srv, "chat.WithBotToken", "CONDUIT_CHAT_BOT_TOKEN", func() error {
			_, err := c.CurrentUser(context.Background())
			return err
		})
	}
}

func TestBotTokenWithNewline(t *testing.T) {
	srv := testkit.Start(t)
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken+"\r\nX-Evil: 1"))
	require.NoError(t, err)
	_, err = c.CurrentUser(context.Background())
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	testkit.NoSecret(t, err, testToken)
	assert.Zero(t, srv.Hits())
}

func TestConfigFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	t.Setenv("CONDUIT_CHAT_URL", srv.URL("chat", "chat_url"))
	t.Setenv("CONDUIT_CHAT_WEBHOOK_BASE", srv.URL("chat", "chat_webhook_base"))
	t.Setenv("CONDUIT_CHAT_BOT_TOKEN", replay.Credential("chat", "bot_token"))
	c, err := chat.New()
	require.NoError(t, err)
	u, err := c.CurrentUser(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "deploy-bot", u.Username)
	require.NoError(t, c.ExecuteWebhook(context.Background(), replayWebhook(), chat.WebhookMessage{Content: "from env"}))
}

func TestMissingBaseURLs(t *testing.T) {
	withToken := func(o ...chat.Option) (*chat.Client, error) {
		return chat.New(append(o, chat.WithBotToken(testToken))...)
	}
	testkit.DefaultBaseURL(t, "CONDUIT_CHAT_URL", "https://discord.com/api/v10/", withToken, func(c *chat.Client) error {
		_, err := c.GuildChannels(context.Background(), "7")
		return err
	})
	testkit.DefaultBaseURL(t, "CONDUIT_CHAT_WEBHOOK_BASE", "https://discord.com/api/webhooks/", withToken, func(c *chat.Client) error {
		return c.ExecuteWebhook(context.Background(), chat.NewWebhook("1", "t0ken"), chat.WebhookMessage{Content: "x"})
	})
}

func TestSnowflakeDecoding(t *testing.T) {
	for in, want := range map[string]chat.Snowflake{
		`"1180000000000000102"`: "1180000000000000102",
		`1180000000000000102`:   "1180000000000000102",
		`18446744073709551615`:  "18446744073709551615",
		`"abc"`:                 "abc",
		`null`:                  "",
	} {
		var s chat.Snowflake
		require.NoError(t, json.Unmarshal([]byte(in), &s), in)
		assert.Equal(t, want, s, in)
	}
	for _, in := range []string{`1.5`, `-3`, `1e20`, `true`, `{}`, `[]`} {
		var s chat.Snowflake
		assert.Error(t, json.Unmarshal([]byte(in), &s), in)
	}
}

func FuzzSnowflake(f *testing.F) {
	for _, s := range []string{`"1180000000000000102"`, `1180000000000000102`, `null`, `1.5`, `-1`, `"x"`, `1e3`, ` 7 `, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var s chat.Snowflake
		if err := s.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		var str string
		if json.Unmarshal([]byte(in), &str) == nil {
			require.Equal(t, str, string(s), "a string id is the string's text")
		} else if s != "" {
			for _, c := range s {
				if c < '0' || c > '9' {
					t.Fatalf("number %q decoded to non-digit id %q", in, s)
				}
			}
		}
		b, err := json.Marshal(s)
		require.NoError(t, err)
		var back chat.Snowflake
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, s, back, "an id survives a round trip")
	})
}
