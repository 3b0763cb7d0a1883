package chat

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Reading and changing a channel's messages. Edits, deletions and reactions
// carry no nonce the platform would deduplicate by, so they are writes
// conduit never repeats once they may have arrived.
var (
	channelMessagesOp = transport.Declare[[]Message](service, transport.Op{Name: "ChannelMessages", Method: "GET",
		Path: "/channels/{channel_id}/messages"}, nil)
	// ChannelMessages' request, its page read message by message.
	eachChannelMessageOp = transport.DeclareList[Message](service, transport.Op{Name: "EachChannelMessage", Method: "GET",
		Path: "/channels/{channel_id}/messages"}, "")
	messageOp = transport.Declare[Message](service, transport.Op{Name: "Message", Method: "GET",
		Path: "/channels/{channel_id}/messages/{message_id}"}, nil)
	editMessageOp = transport.Declare[Message](service, transport.Op{Name: "EditMessage", Method: "PATCH",
		Path: "/channels/{channel_id}/messages/{message_id}", Write: true}, nil)
	deleteMessageOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteMessage", Method: "DELETE",
		Path: "/channels/{channel_id}/messages/{message_id}", Write: true}, nil)
)

// maxMessagesPage is the most messages the platform returns in one page;
// AllChannelMessages asks for full pages, so it makes the fewest calls.
const maxMessagesPage = 100

// ChannelMessagesParams choose which page of a channel's history
// ChannelMessages returns. At most one of Before, After and Around may be
// set, as the platform allows; none means the newest messages.
type ChannelMessagesParams struct {
	// Before asks for messages older than this message id.
	Before Snowflake
	// After asks for messages newer than this message id.
	After Snowflake
	// Around asks for messages on both sides of this message id.
	Around Snowflake
	// Limit is how many messages to return, 1 to 100; 0 means the
	// platform's default of 50.
	Limit int
}

// query is the page request as the platform spells it, or the name of the
// field that makes it one the platform refuses.
func (p *ChannelMessagesParams) query(op *transport.Op) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	anchors := 0
	for _, a := range []struct {
		name string
		id   Snowflake
	}{{"before", p.Before}, {"after", p.After}, {"around", p.Around}} {
		if a.id == "" {
			continue
		}
		if anchors++; anchors > 1 {
			return nil, op.Invalid(a.name, "cannot be combined with another of before, after and around")
		}
		if !isDigits(string(a.id)) {
			return nil, op.Invalid(a.name, "must be a numeric message id")
		}
		q = append(q, a.name, string(a.id))
	}
	switch {
	case p.Limit < 0 || p.Limit > maxMessagesPage:
		return nil, op.Invalid("limit", "must be between 1 and %d, or 0 for the default of 50", maxMessagesPage)
	case p.Limit > 0:
		q = append(q, "limit", strconv.Itoa(p.Limit))
	}
	return q, nil
}

// ChannelMessages returns one page of a channel's messages, newest first as
// the platform orders them. The bot needs the View Channel and Read Message
// History permissions there. For every message older than a point, use
// AllChannelMessages.
func (c *Client) ChannelMessages(ctx context.Context, channelID Snowflake, p *ChannelMessagesParams, opts ...Option) ([]Message, error) {
	if err := checkID(channelMessagesOp.Op, "channel_id", channelID); err != nil {
		return nil, err
	}
	q, err := p.query(channelMessagesOp.Op)
	if err != nil {
		return nil, err
	}
	msgs, err := channelMessagesOp.Do(ctx, c.t, transport.Call{Args: []string{string(channelID)}, Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *msgs, nil
}

// EachChannelMessage is ChannelMessages read as the page arrives: the same
// request, each message yielded as soon as its bytes are in, its RawJSON
// its own bytes, so a loop over a page of messages with their embeds,
// attachments and referenced messages needs the memory of one. A failure,
// of the inputs, the call or a page cut short, is the last pair; breaking
// out of the loop closes the answer.
func (c *Client) EachChannelMessage(ctx context.Context, channelID Snowflake, p *ChannelMessagesParams, opts ...Option) iter.Seq2[Message, error] {
	if err := checkID(eachChannelMessageOp.Op, "channel_id", channelID); err != nil {
		return transport.Refuse[Message](err)
	}
	q, err := p.query(eachChannelMessageOp.Op)
	if err != nil {
		return transport.Refuse[Message](err)
	}
	return eachChannelMessageOp.All(ctx, c.t, transport.Call{Args: []string{string(channelID)}, Query: q}, opts)
}

// newestFirst is the order of AllChannelMessages: each message older (a
// lower id) than the one before, and the first older than the start.
var newestFirst = transport.Order[Message]{Key: func(m *Message) string { return string(m.ID) }, Cmp: transport.Decreasing, Cursor: true}

// AllChannelMessages walks a channel's history backwards, newest first,
// from before p.Before (nil or empty: from the newest message), asking for
// pages of p.Limit messages (0: 100, the most the platform gives). It ends
// after a page shorter than asked for; it stops with the error of a page
// that fails, with ctx's error once ctx ends, and with ErrMalformedResponse,
// yielding nothing of that page, if a page holds a message not older than
// the last one read (a server that ignores before). After and Around
// have no meaning for a backwards walk and are refused.
func (c *Client) AllChannelMessages(ctx context.Context, channelID Snowflake, p *ChannelMessagesParams, opts ...Option) iter.Seq2[Message, error] {
	walk := ChannelMessagesParams{Limit: maxMessagesPage}
	if p != nil {
		walk.Before = p.Before
		if p.Limit != 0 {
			walk.Limit = p.Limit
		}
		if p.After != "" || p.Around != "" {
			field := "after"
			if p.After == "" {
				field = "around"
			}
			return transport.Refuse[Message](channelMessagesOp.Invalid(field, "AllChannelMessages walks backwards; start it with Before"))
		}
	}
	return transport.PagesBy(ctx, c.t, channelMessagesOp.Op, string(walk.Before), newestFirst, func(before string) ([]Message, string, error) {
		page := walk
		page.Before = Snowflake(before)
		msgs, err := c.ChannelMessages(ctx, channelID, &page, opts...)
		if err != nil || len(msgs) < page.Limit {
			return msgs, "", err
		}
		return msgs, string(msgs[len(msgs)-1].ID), nil
	})
}

// Message returns one message of a channel. The bot needs the Read Message
// History permission there.
func (c *Client) Message(ctx context.Context, channelID, messageID Snowflake, opts ...Option) (*Message, error) {
	args, err := messageArgs(messageOp.Op, channelID, messageID)
	if err != nil {
		return nil, err
	}
	return messageOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// EditMessage changes a message the bot sent (or, with Manage Messages,
// only the flags of another's) and returns it as it now stands. Fields of
// edit left nil stay as they are. It is a write the platform does not
// deduplicate: never retried once it may have reached the server, except
// after a 429.
func (c *Client) EditMessage(ctx context.Context, channelID, messageID Snowflake, edit MessageEdit, opts ...Option) (*Message, error) {
	args, err := messageArgs(editMessageOp.Op, channelID, messageID)
	if err != nil {
		return nil, err
	}
	body, err := edit.request(editMessageOp.Op)
	if err != nil {
		return nil, err
	}
	return editMessageOp.Do(ctx, c.t, transport.Call{Args: args, Body: body}, opts)
}

// DeleteMessage deletes a message; another user's needs the Manage
// Messages permission. The platform answers 204, so success is a nil error.
// It is a write: never retried once it may have reached the server, except
// after a 429, so a lost answer leaves the caller to read the channel.
func (c *Client) DeleteMessage(ctx context.Context, channelID, messageID Snowflake, opts ...Option) error {
	args, err := messageArgs(deleteMessageOp.Op, channelID, messageID)
	if err != nil {
		return err
	}
	return deleteMessageOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// messageArgs checks a channel and message id pair, the path of every
// call on one message.
func messageArgs(op *transport.Op, channelID, messageID Snowflake) ([]string, error) {
	if err := checkID(op, "channel_id", channelID); err != nil {
		return nil, err
	}
	if err := checkID(op, "message_id", messageID); err != nil {
		return nil, err
	}
	return []string{string(channelID), string(messageID)}, nil
}
