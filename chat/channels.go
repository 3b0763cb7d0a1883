package chat

import (
	"context"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Managing channels, their pins and their messages in bulk. Pinning and
// typing change nothing when repeated, so conduit retries them like
// reads; the rest are writes it never repeats once they may have arrived.
var (
	createGuildChannelOp = transport.Declare[Channel](service, transport.Op{Name: "CreateGuildChannel", Method: "POST",
		Path: "/guilds/{guild_id}/channels", Write: true}, nil)
	modifyChannelOp = transport.Declare[Channel](service, transport.Op{Name: "ModifyChannel", Method: "PATCH",
		Path: "/channels/{channel_id}", Write: true}, nil)
	deleteChannelOp = transport.Declare[Channel](service, transport.Op{Name: "DeleteChannel", Method: "DELETE",
		Path: "/channels/{channel_id}", Write: true}, nil)
	pinnedMessagesOp = transport.Declare[PinList](service, transport.Op{Name: "PinnedMessages", Method: "GET",
		Path: "/channels/{channel_id}/messages/pins"}, nil)
	pinMessageOp = transport.Declare[struct{}](service, transport.Op{Name: "PinMessage", Method: "PUT",
		Path: "/channels/{channel_id}/messages/pins/{message_id}", Write: true, Idempotent: true}, nil)
	unpinMessageOp = transport.Declare[struct{}](service, transport.Op{Name: "UnpinMessage", Method: "DELETE",
		Path: "/channels/{channel_id}/messages/pins/{message_id}", Write: true}, nil)
	bulkDeleteMessagesOp = transport.Declare[struct{}](service, transport.Op{Name: "BulkDeleteMessages", Method: "POST",
		Path: "/channels/{channel_id}/messages/bulk-delete", Write: true}, nil)
	triggerTypingOp = transport.Declare[struct{}](service, transport.Op{Name: "TriggerTyping", Method: "POST",
		Path: "/channels/{channel_id}/typing", Write: true, Idempotent: true}, nil)
)

// ChannelParams are a channel's settings on CreateGuildChannel (where Name
// is required) and ModifyChannel; a nil field takes the platform's default
// on a create and stays as it is on a change.
type ChannelParams struct {
	Name *string      `json:"name,omitempty"` // 1 to 100 characters
	Type *ChannelType `json:"type,omitempty"`
	// Topic is shown under the name (up to 1,024 characters; 4,096 in a
	// forum).
	Topic    *string    `json:"topic,omitempty"`
	Position *int       `json:"position,omitempty"`
	ParentID *Snowflake `json:"parent_id,omitempty"` // the category
	NSFW     *bool      `json:"nsfw,omitempty"`
	// RateLimitPerUser is the slowmode, 0 to 21,600 seconds.
	RateLimitPerUser *int `json:"rate_limit_per_user,omitempty"`
	// Bitrate and UserLimit are a voice channel's.
	Bitrate   *int `json:"bitrate,omitempty"`
	UserLimit *int `json:"user_limit,omitempty"`
	// Audit is the audit log's reason for the change.
	Audit *Audit `json:"-"`
}

// The platform's limits on a channel.
const (
	maxChannelName  = 100
	maxChannelTopic = 4096
	maxPinsPage     = 50
	minBulkDelete   = 2
	maxBulkDelete   = 100
	// bulkDeleteAge is how old a message bulk deletion still takes.
	bulkDeleteAge = 14 * 24 * time.Hour
	// platformEpoch is when ids start: 2015-01-01 in Unix milliseconds.
	platformEpoch = 1420070400000
)

func (p *ChannelParams) call(op *transport.Op, args []string, create bool) (transport.Call, error) {
	if p == nil {
		p = &ChannelParams{}
	}
	if p.Name != nil || create {
		var name string
		if p.Name != nil {
			name = *p.Name
		}
		if err := checkLen(op, "name", name, 1, maxChannelName); err != nil {
			return transport.Call{}, err
		}
	}
	if p.Topic != nil {
		if err := checkLen(op, "topic", *p.Topic, 0, maxChannelTopic); err != nil {
			return transport.Call{}, err
		}
	}
	if p.ParentID != nil && !isDigits(string(*p.ParentID)) {
		return transport.Call{}, op.Invalid("parent_id", "must be a numeric category id")
	}
	if p.RateLimitPerUser != nil && (*p.RateLimitPerUser < 0 || *p.RateLimitPerUser > maxSlowmode) {
		return transport.Call{}, op.Invalid("rate_limit_per_user", "must be 0 to %d seconds", maxSlowmode)
	}
	header, err := p.Audit.header(op)
	if err != nil {
		return transport.Call{}, err
	}
	return transport.Call{Args: args, Body: p, Header: header}, nil
}

// CreateGuildChannel creates a channel in a server (Manage Channels) and
// returns it. It is a write the platform does not deduplicate: never
// retried once it may have reached the server, except after a 429.
func (c *Client) CreateGuildChannel(ctx context.Context, guildID Snowflake, p *ChannelParams, opts ...Option) (*Channel, error) {
	args, err := idArgs(createGuildChannelOp.Op, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	call, err := p.call(createGuildChannelOp.Op, args, true)
	if err != nil {
		return nil, err
	}
	return createGuildChannelOp.Do(ctx, c.t, call, opts)
}

// ModifyChannel changes a channel's (or a thread's) settings and returns
// it as it now stands. It is a write: never retried once it may have
// reached the server, except after a 429.
func (c *Client) ModifyChannel(ctx context.Context, channelID Snowflake, p *ChannelParams, opts ...Option) (*Channel, error) {
	args, err := idArgs(modifyChannelOp.Op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	call, err := p.call(modifyChannelOp.Op, args, false)
	if err != nil {
		return nil, err
	}
	return modifyChannelOp.Do(ctx, c.t, call, opts)
}

// DeleteChannel deletes a server's channel or a thread, or closes a DM,
// and returns what it was. It is a write: never retried once it may have
// reached the server, except after a 429.
func (c *Client) DeleteChannel(ctx context.Context, channelID Snowflake, audit *Audit, opts ...Option) (*Channel, error) {
	op := deleteChannelOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	header, err := audit.header(op)
	if err != nil {
		return nil, err
	}
	return deleteChannelOp.Do(ctx, c.t, transport.Call{Args: args, Header: header}, opts)
}

// Pin is a pinned message and when it was pinned.
type Pin struct {
	PinnedAt time.Time `json:"pinned_at"`
	Message  Message   `json:"message"`
}

// PinList is a page of a channel's pins, latest pinned first.
type PinList struct {
	raw   `json:"-"`
	Items []Pin `json:"items"`
	// HasMore says there are older pins: ask again with Before set to the
	// last one's PinnedAt.
	HasMore bool `json:"has_more"`
}

// PinsParams choose a page of a channel's pins.
type PinsParams struct {
	// Before asks for messages pinned before this time.
	Before time.Time
	// Limit is 1 to 50; 0 means the platform's default of 50.
	Limit int
}

// PinnedMessages returns a page of a channel's pinned messages.
func (c *Client) PinnedMessages(ctx context.Context, channelID Snowflake, p *PinsParams, opts ...Option) (*PinList, error) {
	op := pinnedMessagesOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	var q []string
	if p != nil {
		if !p.Before.IsZero() {
			q = append(q, "before", p.Before.UTC().Format(time.RFC3339Nano))
		}
		switch {
		case p.Limit < 0 || p.Limit > maxPinsPage:
			return nil, op.Invalid("limit", "must be between 1 and %d, or 0 for the default", maxPinsPage)
		case p.Limit > 0:
			q = append(q, "limit", strconv.Itoa(p.Limit))
		}
	}
	return pinnedMessagesOp.Do(ctx, c.t, transport.Call{Args: args, Query: q}, opts)
}

// PinMessage pins a message (Pin Messages); the platform answers 204,
// and pinning twice changes nothing, so conduit retries it like a read.
func (c *Client) PinMessage(ctx context.Context, channelID, messageID Snowflake, audit *Audit, opts ...Option) error {
	return c.pin(ctx, pinMessageOp, channelID, messageID, audit, opts)
}

// UnpinMessage unpins a message; the platform answers 204. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) UnpinMessage(ctx context.Context, channelID, messageID Snowflake, audit *Audit, opts ...Option) error {
	return c.pin(ctx, unpinMessageOp, channelID, messageID, audit, opts)
}

func (c *Client) pin(ctx context.Context, e *transport.Endpoint[struct{}], channelID, messageID Snowflake, audit *Audit, opts []Option) error {
	args, err := idArgs(e.Op, "channel_id", channelID, "message_id", messageID)
	if err != nil {
		return err
	}
	header, err := audit.header(e.Op)
	if err != nil {
		return err
	}
	return e.Send(ctx, c.t, transport.Call{Args: args, Header: header}, opts)
}

type bulkDeleteRequest struct {
	Messages []Snowflake `json:"messages"`
}

// BulkDeleteMessages deletes 2 to 100 messages of a channel at once
// (Manage Messages). The platform refuses the whole call if any id
// repeats or names a message older than two weeks, so conduit checks both
// from the ids before sending. It answers 204; it is a write: never
// retried once it may have reached the server, except after a 429.
func (c *Client) BulkDeleteMessages(ctx context.Context, channelID Snowflake, messageIDs []Snowflake, audit *Audit, opts ...Option) error {
	op := bulkDeleteMessagesOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return err
	}
	if n := len(messageIDs); n < minBulkDelete || n > maxBulkDelete {
		return op.Invalid("messages", "holds %d ids; the platform deletes %d to %d at once", n, minBulkDelete, maxBulkDelete)
	}
	oldest := time.Now().Add(-bulkDeleteAge)
	seen := make(map[Snowflake]bool, len(messageIDs))
	for i, id := range messageIDs {
		field := elem("messages", i)
		ms, err := strconv.ParseUint(string(id), 10, 64)
		switch {
		case err != nil:
			return op.Invalid(field, "must be a numeric message id")
		case seen[id]:
			return op.Invalid(field, "repeats an id; the platform refuses the whole call")
		case time.UnixMilli(int64(ms>>22) + platformEpoch).Before(oldest):
			return op.Invalid(field, "is older than two weeks, which bulk deletion does not take")
		}
		seen[id] = true
	}
	header, err := audit.header(op)
	if err != nil {
		return err
	}
	return bulkDeleteMessagesOp.Send(ctx, c.t, transport.Call{Args: args, Header: header, Body: bulkDeleteRequest{Messages: messageIDs}}, opts)
}

// TriggerTyping shows the bot as typing in a channel for about ten
// seconds, or until it sends a message; the platform answers 204.
func (c *Client) TriggerTyping(ctx context.Context, channelID Snowflake, opts ...Option) error {
	args, err := idArgs(triggerTypingOp.Op, "channel_id", channelID)
	if err != nil {
		return err
	}
	return triggerTypingOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}
