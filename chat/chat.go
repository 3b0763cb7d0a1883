// Package chat is a client for the chat platform, modelled on Discord API
// v10: it posts messages through incoming webhooks (no bot needed) or as a
// bot, reads the bot's own user record and lists the channels of a server
// (guild).
//
// Base URLs: two placeholders. chat_url carries the version segment
// (".../api/v10", added if you paste ".../api") and serves the bot calls;
// set it with conduit.WithBaseURL or CONDUIT_CHAT_URL. chat_webhook_base
// carries none (".../api") and serves the webhooks; set it with
// WithWebhookBaseURL or CONDUIT_CHAT_WEBHOOK_BASE.
//
// Credentials: bot calls send "Authorization: Bot <token>" (the word is Bot,
// not Bearer), the token set with WithBotToken or CONDUIT_CHAT_BOT_TOKEN.
// Webhook calls send no credential header at all: the webhook's id and token
// are path segments, taken per call from a Webhook (see ParseWebhookURL).
// Neither token ever appears in an error, a log line or a printed Webhook.
//
//	c, err := chat.New(chat.WithBotToken(token))
//	if err != nil {
//		return err
//	}
//	if _, err := c.CreateMessage(ctx, "1180000000000000101", "hello from the bot", nil); err != nil {
//		return err
//	}
//	hook, err := chat.ParseWebhookURL(os.Getenv("ALERTS_WEBHOOK_URL"))
//	if err != nil {
//		return err
//	}
//	return c.ExecuteWebhook(ctx, hook, chat.WebhookMessage{Content: "deploy finished", Username: "ci"})
//
// # Messages
//
// A message notifies no one unless its AllowedMentions say so: text that
// reads "@everyone" pings nobody by accident. CreateMessage sends a nonce
// the platform enforces, so a post whose answer was lost (a reset, a 5xx)
// is retried without a second copy; webhooks have no nonce, so a webhook
// post is never sent twice once it may have arrived.
//
// # Rate limits
//
// Every answer names the route's bucket and what is left of it
// (X-RateLimit-Bucket, -Remaining, -Reset-After). A client keeps them per
// route and major parameter (channel, guild, webhook) and, when a bucket is
// spent, waits for its reset before sending (ctx-aware: a wait past the
// deadline fails at once) instead of taking the 429; a global 429 holds
// every route. The platform blocks an address that gets 10,000 answers of
// 401, 403 or 429 in ten minutes, so a client that gets 1,000 stops sending
// and says why (an *Error matching conduit.ErrRateLimited).
//
// # Failures
//
// The platform's failures are JSON: {"message": "Missing Permissions",
// "code": 50013}. The code, as text, is Error.Code ("50013"; "0" for a
// bare 401 or an unknown route) and decides before the status; message is
// Error.Message. No request id is sent. A 429 is {"message",
// "retry_after", "global"}, and its X-RateLimit-Scope (user, global,
// shared) and X-RateLimit-Global are in Error.RateLimit, with the route's
// bucket and budget, which every answer carries.
//
//	platform sends                                  conduit reports
//	401, code 0/40001/50014/50025/50027 (token)     ErrUnauthorized, not retried
//	403, code 50001/50013/20012/50026 (no access)   ErrUnauthorized, not retried
//	404, code 10003/10004/10008/10013/10015         ErrNotFound (unknown channel, guild, message,
//	                                                  user, webhook); a webhook is never asked again
//	429 {"retry_after": 0.5, "global": false}       ErrRateLimited; retried after Retry-After (whole
//	                                                  seconds), else X-RateLimit-Reset-After, else
//	                                                  retry_after; a global one holds every route
//	400 or 429, code 20016/20022/20028/20029/       ErrRateLimited, not retried (slowmode, write
//	  40003/40062                                     limits)
//	400, code 50035 (invalid form body)             ErrAPI; the field and its own code stay in Body
//	5xx, code 130000 (overloaded)                   ErrAPI; reads and CreateMessage retried, webhook
//	                                                  posts not
//	an HTML or text page (an edge)                  by status; one line of text is Message
//
// For an endpoint this package does not type, use Do.
package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
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
	currentUserOp = transport.Declare[User](service, transport.Op{Name: "CurrentUser", Method: "GET", Path: "/users/@me"}, nil)
	// A message sent with an enforced nonce is not created twice: the
	// platform answers a repeat with the message it already has, so the
	// write is retried like a read.
	createMessageOp = transport.Declare[Message](service, transport.Op{Name: "CreateMessage", Method: "POST",
		Path: "/channels/{channel_id}/messages", Write: true, Idempotent: true, Fixed: []string{"nonce", "enforce_nonce"}}, nil)
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
// paths hang under, overriding CONDUIT_CHAT_WEBHOOK_BASE.
func WithWebhookBaseURL(u string) Option { return service.SetBase(webhookBase, u) }

// CurrentUser returns the bot's own user record; it is the cheap way to check
// that a bot token works.
func (c *Client) CurrentUser(ctx context.Context, opts ...Option) (*User, error) {
	return currentUserOp.Do(ctx, c.t, transport.Call{}, opts)
}

// CreateMessage posts content to a channel as the bot, which needs the Send
// Messages permission there. The message carries a nonce the platform
// enforces, so a call whose answer was lost (a reset, a 5xx) is retried
// without creating the message twice. It notifies no one unless p allows
// mentions.
func (c *Client) CreateMessage(ctx context.Context, channelID Snowflake, content string, p *MessageParams, opts ...Option) (*Message, error) {
	if p == nil {
		p = &MessageParams{}
	}
	if err := checkID(createMessageOp.Op, "channel_id", channelID); err != nil {
		return nil, err
	}
	if strings.TrimSpace(content) == "" {
		return nil, createMessageOp.Invalid("content", "must not be empty")
	}
	nonce := p.Nonce
	switch {
	case nonce == "":
		nonce = newNonce()
	case len(nonce) > 25:
		return nil, createMessageOp.Invalid("nonce", "is longer than 25 characters")
	}
	mentions := p.AllowedMentions
	if mentions == nil {
		mentions = noMentions
	}
	body := messageRequest{Content: content, Nonce: nonce, EnforceNonce: true, AllowedMentions: mentions}
	return createMessageOp.Do(ctx, c.t, transport.Call{Args: []string{string(channelID)}, Body: body}, opts)
}

// newNonce makes a message nonce: 25 characters, unique with overwhelming
// odds, as the platform allows.
func newNonce() string {
	b := make([]byte, 12)
	rand.Read(b)
	return "c" + hex.EncodeToString(b)
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
