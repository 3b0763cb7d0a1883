package chat

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Webhook is an incoming webhook's address. Token is a credential: anyone
// holding it can post to the channel, so a Webhook never prints it, whether
// through fmt (any verb), encoding/json, encoding/xml or log/slog.
type Webhook struct {
	ID    string // the webhook's numeric id
	Token string // the secret path segment after the id
}

// ParseWebhookURL splits a webhook URL as the platform hands it out,
// https://host/api/webhooks/<id>/<token> (with or without /api and a version
// segment), into its id and token. The host and the path before /webhooks
// are not kept: calls go to chat_webhook_base. A URL that is not of that
// shape is ErrInvalidParam with Field "webhook_url"; the error never quotes
// the URL, since it holds the token.
func ParseWebhookURL(raw string) (Webhook, error) {
	bad := func(why string) (Webhook, error) {
		return Webhook{}, transport.InvalidParam(service.Name, "ParseWebhookURL", "webhook_url", "%s", why)
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
	w := Webhook{ID: id, Token: token}
	if field, why := w.problem(); field != "" {
		return bad(field + " " + why)
	}
	return w, nil
}

// problem names the part of w that cannot be a webhook address and says why,
// never quoting the token; it returns "" for a usable Webhook.
func (w Webhook) problem() (field, why string) {
	switch {
	case w.ID == "":
		return "webhook_id", "must not be empty"
	case !isDigits(w.ID):
		return "webhook_id", "must be a numeric id"
	case w.Token == "":
		return "webhook_token", "must not be empty"
	case !isTokenSegment(w.Token):
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
	if isDigits(w.ID) {
		return w.ID
	}
	return "?"
}

func (w Webhook) redactedToken() string {
	if w.Token == "" {
		return ""
	}
	return transport.Redacted
}

// noAuth sends a webhook call without any credential header: the path
// segments are the credentials.
var noAuth = transport.Auth{Scheme: transport.None}

// ExecuteWebhook posts msg through the webhook. The platform answers 204 with
// no body, so success is a nil error. It is a write: never retried once it
// may have reached the server, except after a 429.
func (c *Client) ExecuteWebhook(ctx context.Context, webhook Webhook, msg WebhookMessage) error {
	return c.executeWebhook(ctx, "ExecuteWebhook", webhook, msg, nil)
}

// ExecuteWebhookWait posts msg with wait=true, so the platform answers with
// the created message (its id, to edit or delete it later).
func (c *Client) ExecuteWebhookWait(ctx context.Context, webhook Webhook, msg WebhookMessage) (*Message, error) {
	var m Message
	if err := c.executeWebhook(ctx, "ExecuteWebhookWait", webhook, msg, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func (c *Client) executeWebhook(ctx context.Context, op string, w Webhook, msg WebhookMessage, created *Message) error {
	if field, why := w.problem(); field != "" {
		return c.t.InvalidParam(op, field, "%s", why)
	}
	if strings.TrimSpace(msg.Content) == "" {
		return c.t.InvalidParam(op, "content", "must not be empty")
	}
	req := &transport.Request{
		Op: op, Method: "POST", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}", Args: []string{w.ID, w.Token},
		Body: msg, Auth: &noAuth, Write: true, Secrets: []string{w.Token},
	}
	if created == nil {
		return c.t.Do(ctx, req, nil)
	}
	req.Query = []string{"wait", "true"}
	if err := c.t.Do(ctx, req, created); err != nil {
		return err
	}
	// The core treats 204 as success with nothing to decode; with wait=true
	// the message was promised, so an empty answer is not a success.
	if len(created.RawJSON()) == 0 {
		return &Error{Service: c.t.Service(), Op: op, Endpoint: req.Endpoint(), Message: "wait=true answered without the created message", Err: conduit.ErrMalformedResponse}
	}
	return nil
}
