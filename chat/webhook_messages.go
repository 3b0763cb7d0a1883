package chat

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// A webhook's own messages, reached with its id and token alone. Edits and
// deletions are writes the platform does not deduplicate.
var (
	webhookMessageOp = transport.Declare[Message](service, transport.Op{Name: "WebhookMessage", Method: "GET", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", Auth: transport.NoAuth}, nil)
	editWebhookMessageOp = transport.Declare[Message](service, transport.Op{Name: "EditWebhookMessage", Method: "PATCH", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", Auth: transport.NoAuth, Write: true}, nil)
	deleteWebhookMessageOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteWebhookMessage", Method: "DELETE", Base: webhookBase,
		Path: "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", Auth: transport.NoAuth, Write: true}, nil)
)

// WebhookMessageParams are the optional inputs of the calls on a message a
// webhook posted.
type WebhookMessageParams struct {
	// ThreadID names the thread the message is in (query thread_id), when
	// it was posted into one.
	ThreadID Snowflake
}

// WebhookMessage returns a message the webhook posted (ExecuteWebhookWait
// gives its id).
func (c *Client) WebhookMessage(ctx context.Context, webhook Webhook, messageID Snowflake, p *WebhookMessageParams, opts ...Option) (*Message, error) {
	call, err := webhookMessageCall(webhookMessageOp.Op, webhook, messageID, p)
	if err != nil {
		return nil, err
	}
	return webhookMessageOp.Do(ctx, c.t, call, opts)
}

// EditWebhookMessage changes a message the webhook posted and returns it as
// it now stands; fields of edit left nil stay as they are. It is a write
// the platform does not deduplicate: never retried once it may have
// reached the server, except after a 429.
func (c *Client) EditWebhookMessage(ctx context.Context, webhook Webhook, messageID Snowflake, edit MessageEdit, p *WebhookMessageParams, opts ...Option) (*Message, error) {
	call, err := webhookMessageCall(editWebhookMessageOp.Op, webhook, messageID, p)
	if err != nil {
		return nil, err
	}
	if call.Body, err = edit.request(editWebhookMessageOp.Op); err != nil {
		return nil, err
	}
	return editWebhookMessageOp.Do(ctx, c.t, call, opts)
}

// DeleteWebhookMessage deletes a message the webhook posted. The platform
// answers 204, so success is a nil error. It is a write: never retried
// once it may have reached the server, except after a 429.
func (c *Client) DeleteWebhookMessage(ctx context.Context, webhook Webhook, messageID Snowflake, p *WebhookMessageParams, opts ...Option) error {
	call, err := webhookMessageCall(deleteWebhookMessageOp.Op, webhook, messageID, p)
	if err != nil {
		return err
	}
	return deleteWebhookMessageOp.Send(ctx, c.t, call, opts)
}

// webhookMessageCall checks the webhook, the message id and the thread, and
// returns the call's path, query and secrets.
func webhookMessageCall(op *transport.Op, w Webhook, messageID Snowflake, p *WebhookMessageParams) (transport.Call, error) {
	if field, why := w.problem(); field != "" {
		return transport.Call{}, op.Invalid(field, "%s", why)
	}
	if err := checkID(op, "message_id", messageID); err != nil {
		return transport.Call{}, err
	}
	var thread Snowflake
	if p != nil {
		thread = p.ThreadID
	}
	q, err := threadQuery(op, thread)
	if err != nil {
		return transport.Call{}, err
	}
	token := w.Token()
	return transport.Call{Args: []string{string(w.ID), token, string(messageID)}, Query: q, Secrets: []string{token}}, nil
}
