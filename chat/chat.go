// Package chat is a client for the chat platform, modelled on Discord API
// v10: a bot posts, reads, edits, deletes and reacts to messages (with
// embeds, replies, components and files), reads channels, servers (guilds)
// and their members and opens direct messages; an incoming webhook posts,
// reads, edits and deletes its own messages with no bot at all; and an
// application's interactions endpoint is verified and answered with
// InteractionHandler.
//
// Base URLs: two placeholders, both defaulting to the platform's own
// addresses. chat_url carries the version segment (".../api/v10", added if
// you paste ".../api"), serves the bot calls and is by default
// https://discord.com/api/v10; set another with conduit.WithBaseURL or
// CONDUIT_CHAT_URL. chat_webhook_base carries none (".../api"), serves the
// webhooks and is by default https://discord.com/api; set another with
// WithWebhookBaseURL or CONDUIT_CHAT_WEBHOOK_BASE.
//
// Credentials: bot calls send "Authorization: Bot <token>" (the word is Bot,
// not Bearer), the token set with WithBotToken or CONDUIT_CHAT_BOT_TOKEN.
// Webhook calls send no credential header at all: the webhook's id and token
// are path segments, taken per call from a Webhook (see ParseWebhookURL).
// A client used only for webhooks needs no bot token.
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
// post is never sent twice once it may have arrived. Nor are edits,
// deletions, reactions and CreateDM, which the platform does not
// deduplicate: each says so in its documentation.
//
// Content is held to 2,000 characters and embeds to the platform's limits
// (10 a message; title 256, description 4,096, 25 fields of 256 and 1,024,
// footer 2,048, author 256, 6,000 in all) before anything is sent, with
// the field at fault named ("embeds[0].fields[3].value"). Files go as the
// platform's multipart form, a payload_json part and one files[n] part a
// file, streamed from their readers; a file whose reader cannot be rewound
// makes its message one that is never retried.
//
// Components (buttons, select menus, text inputs and the components-v2
// layout) are typed: Components checks them and returns the JSON array a
// message carries. A message whose components hold a layout gets the
// platform's components-v2 flag, which conduit sets itself.
//
// # Paging
//
// ChannelMessages takes one of before, after and around and a limit of 1
// to 100; AllChannelMessages walks a channel backwards from a message.
// GuildMembers takes after and a limit of 1 to 1,000; AllGuildMembers
// walks a server's members in id order. Both walks end at a short page and
// stop at the first error, at the end of ctx, and at a page that would
// send them back where they were. EachChannelMessage sends ChannelMessages'
// request and yields the page's messages one by one as they arrive, each
// message's RawJSON its own bytes, so a loop needs the memory of one
// message with its embeds and attachments. Across conduit, Each<Thing>
// names the iterator that reads one answer's listing element by element as
// it arrives, Thing being one element of the method it streams; All<Thing>
// walks a listing's pages.
//
// # Interactions
//
// The platform sends slash commands, button presses and modals to an
// application's own endpoint, signed with Ed25519 over the
// X-Signature-Timestamp header and the body. VerifyInteraction checks the
// signature with the application's public key (ParsePublicKey reads it as
// the settings page shows it) and refuses a timestamp more than
// MaxInteractionSkew from now; InteractionHandler does so for every
// request, answers 401 to one that fails, PONG to a PING, and hands every
// other interaction to the caller. An application that answers later, or
// more than once, uses the API: CreateInteractionResponse, the original
// response's and the follow-ups' calls, reached with the interaction's
// token, which no error or log line shows.
//
// # Application commands
//
// An application registers its slash and context-menu commands with
// BulkOverwriteGlobalCommands (or, for one server, where they appear at
// once, BulkOverwriteGuildCommands): the set sent becomes the set
// registered. Commands are checked against the platform's limits before
// sending (names of 1 to 32 characters, one word for a slash command;
// descriptions of 1 to 100; 25 options and 25 choices; subcommands two
// levels deep), with the field at fault named ("options[0].choices[2].value").
// A create replaces a command of the same name and an overwrite is a PUT,
// so both are retried like reads. EditCommandPermissions is the one call
// the platform takes only with a user's OAuth2 bearer token, given per
// call.
//
// # Threads and server management
//
// Threads start from a message (StartThreadFromMessage), without one
// (StartThread) or as a forum post with its first message
// (StartForumThread); archived threads are listed a page at a time, the
// next page asked for with Before. Members, bans, roles, channels and pins
// are typed; each change takes an *Audit whose reason the server's audit
// log records (sent URL-encoded in X-Audit-Log-Reason, as the platform
// requires). A change the platform applies once however often it arrives
// (adding a role, a ban, a pin, a thread join) is retried like a read.
//
// # Gateway
//
// A bot receives messages, reactions, member changes and interactions on
// the gateway, a WebSocket: Gateway and its Events iterator (see there for
// the consuming policy, reconnects and the fatal close codes), with
// GatewayBot for the address and the session start budget. Events carry
// the REST types; commands (UpdatePresence, RequestGuildMembers,
// UpdateVoiceState) are held to the platform's 120 a minute. conduittest's
// Server.ChatGateway fakes it.
//
// A bot's shards in several processes share two limits: at most
// max_concurrency IDENTIFYs per 5 s (one slot per bucket
// shard_id % max_concurrency; GatewayParams.Identify, an IdentifyGate) and
// the day's session starts (GatewayParams.Starts, a SessionStarts, so that
// processes which all read one start left spend one). Both count within
// the process by default; redislimit.NewGatewayLimits keeps both in Redis
// for every process of the bot.
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
//	403, code 50005/50007/90001                     ErrUnauthorized, not retried (another's message,
//	                                                  DMs closed, reaction blocked)
//	404 or 400, code 10003/10004/10007/10008/        ErrNotFound (unknown channel, guild, member,
//	  10011/10013/10014/10015/10026/10062/10063       message, role, user, emoji, webhook, ban,
//	                                                  interaction, command); a webhook is never
//	                                                  asked again
//	429 {"retry_after": 0.5, "global": false}       ErrRateLimited; retried after Retry-After (whole
//	                                                  seconds), else X-RateLimit-Reset-After, else
//	                                                  retry_after; a global one holds every route
//	400 or 429, code 20016/20022/20028/20029/       ErrRateLimited, not retried (slowmode, write
//	  40003/40062                                     limits)
//	400, code 50035 (invalid form body)             ErrAPI; the field and its own code stay in Body
//	413, code 40005 (files too large)               ErrAPI, not retried
//	5xx, code 130000 (overloaded)                   ErrAPI; reads and CreateMessage retried, webhook
//	                                                  posts not
//	an HTML or text page (an edge)                  by status; one line of text is Message
//
// For an endpoint this package does not type, use Do. The platform
// documents many more than these; not typed, since a bot that posts,
// reads, answers and moderates rarely needs them: invite, emoji, sticker
// and scheduled-event management, permission overwrites, polls, the other
// users' reactions, webhook management and the OAuth2 flows.
package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

const (
	botBase     = "chat_url"
	webhookBase = "chat_webhook_base"
	botToken    = "bot_token"
)

var service = transport.Register(&transport.Service{
	Name: "chat",
	Bases: []transport.Base{
		{Name: botBase, Option: "conduit.WithBaseURL", Version: "v10", Default: "https://discord.com/api/v10"},
		{Name: webhookBase, Option: "chat.WithWebhookBaseURL", Default: "https://discord.com/api"},
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

// CreateMessage posts a message to a channel as the bot, which needs the
// Send Messages permission there: content, and whatever p adds (embeds, a
// reply's Reference, components, files). Content may be empty only when p
// gives the message something else to show. The message carries a nonce
// the platform enforces, so a call whose answer was lost (a reset, a 5xx)
// is retried without creating the message twice (unless a file's reader
// cannot be rewound: then it is sent once). It notifies no one unless p
// allows mentions.
func (c *Client) CreateMessage(ctx context.Context, channelID Snowflake, content string, p *MessageParams, opts ...Option) (*Message, error) {
	op := createMessageOp.Op
	if p == nil {
		p = &MessageParams{}
	}
	if err := checkID(op, "channel_id", channelID); err != nil {
		return nil, err
	}
	if strings.TrimSpace(content) == "" && len(p.Embeds) == 0 && p.Components == nil && len(p.Files) == 0 {
		return nil, op.Invalid("content", "must not be empty unless the message has embeds, components or files")
	}
	nonce := p.Nonce
	switch {
	case nonce == "":
		nonce = newNonce()
	case len(nonce) > 25:
		return nil, op.Invalid("nonce", "is longer than 25 characters")
	}
	if p.Reference != nil {
		if err := checkID(op, "message_reference.message_id", p.Reference.MessageID); err != nil {
			return nil, err
		}
	}
	mentions := p.AllowedMentions
	if mentions == nil {
		mentions = noMentions
	}
	body := messageRequest{Content: content, Nonce: nonce, EnforceNonce: true, AllowedMentions: mentions,
		Embeds: p.Embeds, Reference: p.Reference, Components: p.Components, Attachments: slots(p.Files)}
	var err error
	if body.Flags, err = layout(op, p.Components, content, p.Embeds); err != nil {
		return nil, err
	}
	call, err := messageCall(op, body, content, p.Embeds, p.Components, p.Files)
	if err != nil {
		return nil, err
	}
	call.Args = []string{string(channelID)}
	return createMessageOp.Do(ctx, c.t, call, opts)
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
