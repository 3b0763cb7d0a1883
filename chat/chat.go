// Package chat is a client for the chat platform: it posts messages through
// incoming webhooks (no bot needed) or as a bot, reads the bot's own user
// record and lists the channels of a server (guild).
//
// Base URLs: two placeholders. chat_url carries the version segment
// (".../api/v10") and serves the bot calls; set it with conduit.WithBaseURL
// or CONDUIT_CHAT_URL. chat_webhook_base carries none (".../api") and serves
// the webhooks; set it with WithWebhookBaseURL or CONDUIT_CHAT_WEBHOOK_BASE.
//
// Credentials: bot calls send "Authorization: Bot <token>" (the word is Bot,
// not Bearer), the token set with WithBotToken or CONDUIT_CHAT_BOT_TOKEN.
// Webhook calls send no credential header at all: the webhook's id and token
// are path segments, taken per call from a Webhook (see ParseWebhookURL).
// Neither token ever appears in an error, a log line or a printed Webhook.
//
// Limits: none published. A 429 answer's retry_after body field (seconds) is
// honoured: the call waits that long and retries, writes included, since a
// 429 means nothing was posted. Other failures of a write are not retried.
//
//	c, err := chat.New(chat.WithBotToken(token))
//	if err != nil {
//		return err
//	}
//	if _, err := c.CreateMessage(ctx, "1180000000000000101", "hello from the bot"); err != nil {
//		return err
//	}
//	hook, err := chat.ParseWebhookURL(os.Getenv("ALERTS_WEBHOOK_URL"))
//	if err != nil {
//		return err
//	}
//	return c.ExecuteWebhook(ctx, hook, chat.WebhookMessage{Content: "deploy finished", Username: "ci"})
package chat

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client, or one call; the common options are in
// package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const (
	botBase     = "chat_url"
	webhookBase = "chat_webhook_base"
	botToken    = "bot_token"
)

var service = transport.Register(&transport.Service{
	Name: "chat",
	Bases: []transport.Base{
		{Name: botBase, Option: "conduit.WithBaseURL", Version: "v10"},
		{Name: webhookBase, Option: "chat.WithWebhookBaseURL"},
	},
	Auth:   transport.Auth{Scheme: transport.Bot, Values: []string{botToken}},
	Values: []transport.Value{{Name: botToken, Option: "chat.WithBotToken", Secret: true}},
	Errors: errorProfile,
})

var (
	currentUserOp   = transport.Declare[User](service, transport.Op{Name: "CurrentUser", Method: "GET", Path: "/users/@me"}, nil)
	createMessageOp = transport.Declare[Message](service, transport.Op{Name: "CreateMessage", Method: "POST",
		Path: "/channels/{channel_id}/messages", Write: true}, nil)
	guildChannelsOp = transport.Declare[[]Channel](service, transport.Op{Name: "GuildChannels", Method: "GET",
		Path: "/guilds/{guild_id}/channels"}, nil)
)

// Client calls the chat platform. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment. A
// client used only for webhooks needs no bot token.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t}, nil
}

// Do calls any path of the platform, for an endpoint this package does not
// type, with the bot token, limits, retries and errors of the typed
// methods; see conduit's documentation of Do. Paths are relative to
// chat_url; conduit.WithBase("chat_webhook_base") sends a call to the
// webhook base instead.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// WithBotToken sets the bot token sent as "Authorization: Bot <token>",
// overriding CONDUIT_CHAT_BOT_TOKEN.
func WithBotToken(token string) Option { return service.Set(botToken, token) }

// WithWebhookBaseURL sets chat_webhook_base, the unversioned base the webhook
// paths hang under, overriding CONDUIT_CHAT_CHAT_WEBHOOK_BASE.
func WithWebhookBaseURL(u string) Option { return service.SetBase(webhookBase, u) }

// CurrentUser returns the bot's own user record; it is the cheap way to check
// that a bot token works.
func (c *Client) CurrentUser(ctx context.Context, opts ...Option) (*User, error) {
	return currentUserOp.Do(ctx, c.t, transport.Call{}, opts)
}

// CreateMessage posts content to a channel as the bot, which needs the Send
// Messages permission there. It is a write: never retried once it may have
// reached the server, except after a 429.
func (c *Client) CreateMessage(ctx context.Context, channelID Snowflake, content string, opts ...Option) (*Message, error) {
	if err := checkID(createMessageOp.Op, "channel_id", channelID); err != nil {
		return nil, err
	}
	if strings.TrimSpace(content) == "" {
		return nil, createMessageOp.Invalid("content", "must not be empty")
	}
	return createMessageOp.Do(ctx, c.t, transport.Call{Args: []string{string(channelID)}, Body: messageRequest{Content: content}}, opts)
}

// GuildChannels lists every channel of a server (guild).
func (c *Client) GuildChannels(ctx context.Context, guildID Snowflake, opts ...Option) ([]Channel, error) {
	if err := checkID(guildChannelsOp.Op, "guild_id", guildID); err != nil {
		return nil, err
	}
	chs, err := guildChannelsOp.Do(ctx, c.t, transport.Call{Args: []string{string(guildID)}}, opts)
	if err != nil {
		return nil, err
	}
	return *chs, nil
}

// checkID rejects an id that is empty or blank, which would otherwise hit a
// different endpoint (".../channels//messages").
func checkID(op *transport.Op, field string, id Snowflake) error {
	if strings.TrimSpace(string(id)) == "" {
		return op.Invalid(field, "must not be empty")
	}
	return nil
}
