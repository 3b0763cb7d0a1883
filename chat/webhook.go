package chat

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/redact"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Webhook is an incoming webhook's address: its id and its token. The
// token is a credential (anyone holding it can post to the channel), so a
// Webhook never prints it, through fmt (any verb, also inside a caller's
// struct), encoding/json, encoding/xml or log/slog; Token returns it.
type Webhook struct {
	ID    Snowflake // the webhook's numeric id
	token redact.Secret
}

// NewWebhook builds a Webhook from its id and token, as a platform's
// settings page shows them. ParseWebhookURL reads both from the URL.
func NewWebhook(id Snowflake, token string) Webhook {
	return Webhook{ID: id, token: redact.NewSecret(token)}
}

// Token returns the webhook's secret path segment.
func (w Webhook) Token() string { return w.token.Reveal() }

// parseWebhookURL names ParseWebhookURL in its errors; it sends nothing.
var parseWebhookURL = &transport.Op{Service: service, Name: "ParseWebhookURL"}

// ParseWebhookURL splits a webhook URL as the platform hands it out,
// https://host/api/webhooks/<id>/<token> (with or without /api and a version
// segment), into its id and token. The host and the path before /webhooks
// are not kept: calls go to chat_webhook_base. A URL that is not of that
// shape is ErrInvalidParam with Field "webhook_url"; the error never quotes
// the URL, since it holds the token.
func ParseWebhookURL(raw string) (Webhook, error) {
	bad := func(why string) (Webhook, error) {
		return Webhook{}, parseWebhookURL.Invalid("webhook_url", "%s", why)
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return bad("is not a URL")
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return bad("must be an absolute http(s) URL")
	}
	if u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return bad("must not carry user information, a query or a fragment")
	}
	segs := strings.Split(strings.TrimSuffix(u.EscapedPath(), "/"), "/")
	n := len(segs)
	if n < 4 || segs[n-3] != "webhooks" {
		return bad("must end in /webhooks/<id>/<token>")
	}
	id, err1 := url.PathUnescape(segs[n-2])
	token, err2 := url.PathUnescape(segs[n-1])
	if err1 != nil || err2 != nil {
		return bad("has a malformed escape in its path")
	}
	w := NewWebhook(Snowflake(id), token)
	if field, why := w.problem(); field != "" {
		return bad(field + " " + why)
	}
	return w, nil
}

// problem names the part of w that cannot be a webhook address and says why,
// never quoting the token; it returns "" for a usable Webhook.
func (w Webhook) problem() (field, why string) {
	switch token := w.Token(); {
	case w.ID == "":
		return "webhook_id", "must not be empty"
	case !isDigits(string(w.ID)):
		return "webhook_id", "must be a numeric id"
	case token == "":
		return "webhook_token", "must not be empty"
	case !isTokenSegment(token):
		return "webhook_token", "must be one path segment of letters, digits, '-', '_', '.' and '~'"
	}
	return "", ""
}

// isTokenSegment accepts the URL-unreserved characters, which is what
// platforms issue tokens in, so a token can never add a path segment, a
// query or a fragment.
func isTokenSegment(s string) bool {
	if s == "." || s == ".." {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0) {
			return false
		}
	}
	return true
}

// String identifies the webhook by id, with the token redacted.
func (w Webhook) String() string {
	return "webhook " + w.safeID() + "/" + w.redactedToken()
}

// GoString keeps %#v as safe as String.
func (w Webhook) GoString() string {
	return fmt.Sprintf("chat.Webhook{ID:%q, Token:%q}", w.safeID(), w.redactedToken())
}

// Format prints String for every verb but %#v (GoString), so no verb, %d
// and %x included, reaches the token field.
func (w Webhook) Format(f fmt.State, verb rune) {
	switch {
	case verb == 'v' && f.Flag('#'):
		io.WriteString(f, w.GoString())
	case verb == 'q':
		io.WriteString(f, strconv.Quote(w.String()))
	default:
		io.WriteString(f, w.String())
	}
}

// MarshalText makes encoding/json, encoding/xml and log/slog handlers write
// the redacted String rather than the fields.
func (w Webhook) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// safeID shows the id only when it is one, in case a token was put there.
func (w Webhook) safeID() string {
	if isDigits(string(w.ID)) {
		return string(w.ID)
	}
	return "?"
}

func (w Webhook) redactedToken() string {
	if w.Token() == "" {
		return ""
	}
	return "[REDACTED]"
}

// The webhook's id and token are path segments: the operations carry no
// credential header, and the token is a per-call secret.
var (
	executeWebhookOp = transport.Declare[struct{}](service, transport.Op{Name: "ExecuteWebhook", Method: "POST", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}", Auth: transport.NoAuth, Write: true}, nil)
	executeWebhookWaitOp = transport.Declare[Message](service, transport.Op{Name: "ExecuteWebhookWait", Method: "POST", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}", Auth: transport.NoAuth, Write: true}, nil)
)

// ExecuteWebhook posts msg through the webhook, into msg.ThreadID when set.
// The platform answers 204 with no body, so success is a nil error. It is a
// write: never retried once it may have reached the server, except after a
// 429, and not even then when a file's reader cannot be rewound.
func (c *Client) ExecuteWebhook(ctx context.Context, webhook Webhook, msg WebhookMessage, opts ...Option) error {
	call, err := webhookCall(executeWebhookOp.Op, webhook, msg)
	if err != nil {
		return err
	}
	return executeWebhookOp.Send(ctx, c.t, call, opts)
}

// ExecuteWebhookWait posts msg with wait=true, so the platform answers with
// the created message (its id, for WebhookMessage, EditWebhookMessage and
// DeleteWebhookMessage). It is retried as ExecuteWebhook is.
func (c *Client) ExecuteWebhookWait(ctx context.Context, webhook Webhook, msg WebhookMessage, opts ...Option) (*Message, error) {
	call, err := webhookCall(executeWebhookWaitOp.Op, webhook, msg)
	if err != nil {
		return nil, err
	}
	call.Query = append(call.Query, "wait", "true")
	return executeWebhookWaitOp.Do(ctx, c.t, call, opts)
}

func webhookCall(op *transport.Op, w Webhook, msg WebhookMessage) (transport.Call, error) {
	if field, why := w.problem(); field != "" {
		return transport.Call{}, op.Invalid(field, "%s", why)
	}
	if strings.TrimSpace(msg.Content) == "" && len(msg.Embeds) == 0 && msg.Components == nil && len(msg.Files) == 0 {
		return transport.Call{}, op.Invalid("content", "must not be empty unless the message has embeds, components or files")
	}
	if msg.AllowedMentions == nil {
		msg.AllowedMentions = noMentions
	}
	flags, err := layout(op, msg.Components, msg.Content, msg.Embeds)
	if err != nil {
		return transport.Call{}, err
	}
	call, err := messageCall(op, webhookRequest{msg, slots(msg.Files), flags}, msg.Content, msg.Embeds, msg.Components, msg.Files)
	if err != nil {
		return transport.Call{}, err
	}
	call.Query, err = threadQuery(op, msg.ThreadID)
	if err != nil {
		return transport.Call{}, err
	}
	token := w.Token()
	call.Args, call.Secrets = []string{string(w.ID), token}, []string{token}
	return call, nil
}

// threadQuery is the thread_id a webhook call names, if any.
func threadQuery(op *transport.Op, thread Snowflake) ([]string, error) {
	switch {
	case thread == "":
		return nil, nil
	case !isDigits(string(thread)):
		return nil, op.Invalid("thread_id", "must be a numeric channel id")
	}
	return []string{"thread_id", string(thread)}, nil
}
