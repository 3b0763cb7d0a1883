package chat

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Answering an interaction through the platform's API rather than the
// endpoint's HTTP answer: the callback, the original response and
// follow-up messages. Each is reached with the interaction's token alone,
// no bot token, for 15 minutes; the token is a per-call secret, kept out
// of every error and log line. The platform takes one callback an
// interaction and does not deduplicate follow-ups, so every write here is
// sent at most once, except after a 429.
var (
	createInteractionResponseOp = transport.Declare[struct{}](service, transport.Op{Name: "CreateInteractionResponse", Method: "POST",
		Path: "/interactions/{interaction_id}/{interaction_token}/callback", Auth: transport.NoAuth, Write: true}, nil)
	originalInteractionResponseOp = transport.Declare[Message](service, transport.Op{Name: "OriginalInteractionResponse", Method: "GET",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/@original", Auth: transport.NoAuth}, nil)
	editOriginalInteractionResponseOp = transport.Declare[Message](service, transport.Op{Name: "EditOriginalInteractionResponse", Method: "PATCH",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/@original", Auth: transport.NoAuth, Write: true}, nil)
	deleteOriginalInteractionResponseOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteOriginalInteractionResponse", Method: "DELETE",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/@original", Auth: transport.NoAuth, Write: true}, nil)
	createFollowupMessageOp = transport.Declare[Message](service, transport.Op{Name: "CreateFollowupMessage", Method: "POST",
		Path: "/webhooks/{application_id}/{interaction_token}", Auth: transport.NoAuth, Write: true}, nil)
	followupMessageOp = transport.Declare[Message](service, transport.Op{Name: "FollowupMessage", Method: "GET",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/{message_id}", Auth: transport.NoAuth}, nil)
	editFollowupMessageOp = transport.Declare[Message](service, transport.Op{Name: "EditFollowupMessage", Method: "PATCH",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/{message_id}", Auth: transport.NoAuth, Write: true}, nil)
	deleteFollowupMessageOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteFollowupMessage", Method: "DELETE",
		Path: "/webhooks/{application_id}/{interaction_token}/messages/{message_id}", Auth: transport.NoAuth, Write: true}, nil)
)

// interactionCall checks an interaction and returns the call that reaches
// it: its id (the callback) or its application's id (the webhook calls)
// and its token, then any further arguments.
func interactionCall(op *transport.Op, in *Interaction, callback bool, more ...string) (transport.Call, error) {
	if in == nil {
		return transport.Call{}, op.Invalid("interaction", "is nil")
	}
	field, id := "application_id", in.ApplicationID
	if callback {
		field, id = "interaction_id", in.ID
	}
	args, err := idArgs(op, field, id)
	if err != nil {
		return transport.Call{}, err
	}
	token := in.Token()
	if !validHeaderToken(token) || strings.ContainsAny(token, "/?#%") || token == "." || token == ".." {
		return transport.Call{}, op.Invalid("interaction_token", "must be the interaction's token, one path segment")
	}
	return transport.Call{Args: append(append(args, token), more...), Secrets: []string{token}}, nil
}

// CreateInteractionResponse answers an interaction through the API, for
// an application that does not answer in its endpoint's HTTP response:
// within 3 seconds of the interaction, once (the platform refuses a
// second answer, code 40060). r is checked first, as
// WriteInteractionResponse checks it. The platform answers 204. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) CreateInteractionResponse(ctx context.Context, in *Interaction, r InteractionResponse, opts ...Option) error {
	op := createInteractionResponseOp.Op
	call, err := interactionCall(op, in, true)
	if err != nil {
		return err
	}
	if err := r.Check(); err != nil {
		return err
	}
	call.Body = r
	return createInteractionResponseOp.Send(ctx, c.t, call, opts)
}

// OriginalInteractionResponse returns the message that answered an
// interaction.
func (c *Client) OriginalInteractionResponse(ctx context.Context, in *Interaction, opts ...Option) (*Message, error) {
	call, err := interactionCall(originalInteractionResponseOp.Op, in, false)
	if err != nil {
		return nil, err
	}
	return originalInteractionResponseOp.Do(ctx, c.t, call, opts)
}

// EditOriginalInteractionResponse changes the message that answered an
// interaction, or sends the message a deferred answer promised. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) EditOriginalInteractionResponse(ctx context.Context, in *Interaction, edit MessageEdit, opts ...Option) (*Message, error) {
	op := editOriginalInteractionResponseOp.Op
	call, err := interactionCall(op, in, false)
	if err != nil {
		return nil, err
	}
	if call.Body, err = edit.request(op); err != nil {
		return nil, err
	}
	return editOriginalInteractionResponseOp.Do(ctx, c.t, call, opts)
}

// DeleteOriginalInteractionResponse deletes the message that answered an
// interaction; the platform answers 204. It is a write: never retried
// once it may have reached the server, except after a 429.
func (c *Client) DeleteOriginalInteractionResponse(ctx context.Context, in *Interaction, opts ...Option) error {
	call, err := interactionCall(deleteOriginalInteractionResponseOp.Op, in, false)
	if err != nil {
		return err
	}
	return deleteOriginalInteractionResponseOp.Send(ctx, c.t, call, opts)
}

// followupRequest is a follow-up as sent: the message and its flags,
// the layout's included.
type followupRequest struct {
	InteractionMessage
	Flags MessageFlags `json:"flags,omitempty"`
}

// CreateFollowupMessage sends another message for an interaction after
// its answer (FlagEphemeral in msg.Flags shows it to the user alone) and
// returns it. It notifies no one unless msg allows mentions. It is a
// write the platform does not deduplicate: never retried once it may
// have reached the server, except after a 429.
func (c *Client) CreateFollowupMessage(ctx context.Context, in *Interaction, msg InteractionMessage, opts ...Option) (*Message, error) {
	op := createFollowupMessageOp.Op
	call, err := interactionCall(op, in, false)
	if err != nil {
		return nil, err
	}
	layoutFlag, err := checkMessage(op, "", msg.Content, msg.Embeds, msg.Components)
	if err != nil {
		return nil, err
	}
	if msg.AllowedMentions == nil {
		msg.AllowedMentions = noMentions
	}
	call.Body = followupRequest{InteractionMessage: msg, Flags: msg.Flags | MessageFlags(layoutFlag)}
	return createFollowupMessageOp.Do(ctx, c.t, call, opts)
}

// FollowupMessage returns a follow-up message of an interaction.
func (c *Client) FollowupMessage(ctx context.Context, in *Interaction, messageID Snowflake, opts ...Option) (*Message, error) {
	call, err := followupCall(followupMessageOp.Op, in, messageID)
	if err != nil {
		return nil, err
	}
	return followupMessageOp.Do(ctx, c.t, call, opts)
}

// EditFollowupMessage changes a follow-up message and returns it as it
// now stands. It is a write: never retried once it may have reached the
// server, except after a 429.
func (c *Client) EditFollowupMessage(ctx context.Context, in *Interaction, messageID Snowflake, edit MessageEdit, opts ...Option) (*Message, error) {
	op := editFollowupMessageOp.Op
	call, err := followupCall(op, in, messageID)
	if err != nil {
		return nil, err
	}
	if call.Body, err = edit.request(op); err != nil {
		return nil, err
	}
	return editFollowupMessageOp.Do(ctx, c.t, call, opts)
}

// DeleteFollowupMessage deletes a follow-up message; the platform answers
// 204. It is a write: never retried once it may have reached the server,
// except after a 429.
func (c *Client) DeleteFollowupMessage(ctx context.Context, in *Interaction, messageID Snowflake, opts ...Option) error {
	call, err := followupCall(deleteFollowupMessageOp.Op, in, messageID)
	if err != nil {
		return err
	}
	return deleteFollowupMessageOp.Send(ctx, c.t, call, opts)
}

func followupCall(op *transport.Op, in *Interaction, messageID Snowflake) (transport.Call, error) {
	if _, err := idArgs(op, "message_id", messageID); err != nil {
		return transport.Call{}, err
	}
	return interactionCall(op, in, false, string(messageID))
}
