package chat

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The bot's own reaction on a message. Neither call is deduplicated by the
// platform, so both are writes.
var (
	createReactionOp = transport.Declare[struct{}](service, transport.Op{Name: "CreateReaction", Method: "PUT",
		Path: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", Write: true}, nil)
	deleteOwnReactionOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteOwnReaction", Method: "DELETE",
		Path: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", Write: true}, nil)
)

// CreateReaction adds the bot's reaction to a message. emoji is a Unicode
// emoji ("🔥") or a custom one as name:id ("deploy:1180000000000000777"),
// also accepted as the mention "<:deploy:1180000000000000777>"; conduit
// URL-encodes it, as the platform requires. The bot needs Read Message
// History, and Add Reactions if no one has used that emoji there yet. The
// platform answers 204, so success is a nil error. It is a write: never
// retried once it may have reached the server, except after a 429.
func (c *Client) CreateReaction(ctx context.Context, channelID, messageID Snowflake, emoji string, opts ...Option) error {
	call, err := reactionCall(createReactionOp.Op, channelID, messageID, emoji)
	if err != nil {
		return err
	}
	return createReactionOp.Send(ctx, c.t, call, opts)
}

// DeleteOwnReaction removes the bot's reaction with emoji (as for
// CreateReaction) from a message. The platform answers 204, so success is a
// nil error. It is a write: never retried once it may have reached the
// server, except after a 429.
func (c *Client) DeleteOwnReaction(ctx context.Context, channelID, messageID Snowflake, emoji string, opts ...Option) error {
	call, err := reactionCall(deleteOwnReactionOp.Op, channelID, messageID, emoji)
	if err != nil {
		return err
	}
	return deleteOwnReactionOp.Send(ctx, c.t, call, opts)
}

func reactionCall(op *transport.Op, channelID, messageID Snowflake, emoji string) (transport.Call, error) {
	args, err := messageArgs(op, channelID, messageID)
	if err != nil {
		return transport.Call{}, err
	}
	e, err := reactionEmoji(op, emoji)
	if err != nil {
		return transport.Call{}, err
	}
	return transport.Call{Args: append(args, e)}, nil
}

// reactionEmoji turns an emoji as a caller writes it into the path form the
// platform wants: Unicode as it is, a custom emoji as name:id, never the
// mention's "<:name:id>" or "<a:name:id>". The core escapes the result as
// one path segment.
func reactionEmoji(op *transport.Op, emoji string) (string, error) {
	e := strings.TrimSpace(emoji)
	if mention, ok := strings.CutPrefix(e, "<"); ok {
		inner, closed := strings.CutSuffix(mention, ">")
		inner, animated := strings.CutPrefix(inner, "a:")
		inner, static := strings.CutPrefix(inner, ":")
		name, id, found := strings.Cut(inner, ":")
		if !closed || animated == static || !found || name == "" || !isDigits(id) {
			return "", op.Invalid("emoji", "a custom emoji is written name:id or <:name:id>")
		}
		return name + ":" + id, nil
	}
	if e == "" {
		return "", op.Invalid("emoji", "must not be empty")
	}
	if name, id, found := strings.Cut(e, ":"); found && (name == "" || !isDigits(id)) {
		return "", op.Invalid("emoji", "a custom emoji is written name:id, with a numeric id")
	}
	return e, nil
}
