package chat

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	channelOp      = transport.Declare[Channel](service, transport.Op{Name: "Channel", Method: "GET", Path: "/channels/{channel_id}"}, nil)
	guildOp        = transport.Declare[Guild](service, transport.Op{Name: "Guild", Method: "GET", Path: "/guilds/{guild_id}"}, nil)
	guildMembersOp = transport.Declare[[]Member](service, transport.Op{Name: "GuildMembers", Method: "GET", Path: "/guilds/{guild_id}/members"}, nil)
	// Opening a DM the bot already has returns that channel, but the
	// platform limits how fast DMs are opened (code 40003), so a repeat is
	// not free: the call is a write.
	createDMOp = transport.Declare[Channel](service, transport.Op{Name: "CreateDM", Method: "POST", Path: "/users/@me/channels", Write: true}, nil)
)

// Channel returns a channel by id: a server's, a thread or a direct
// message.
func (c *Client) Channel(ctx context.Context, channelID Snowflake, opts ...Option) (*Channel, error) {
	if err := checkID(channelOp.Op, "channel_id", channelID); err != nil {
		return nil, err
	}
	return channelOp.Do(ctx, c.t, transport.Call{Args: []string{string(channelID)}}, opts)
}

// GuildParams are Guild's optional inputs.
type GuildParams struct {
	// WithCounts asks for the approximate member and presence counts.
	WithCounts bool
}

// Guild returns a server the bot is in.
func (c *Client) Guild(ctx context.Context, guildID Snowflake, p *GuildParams, opts ...Option) (*Guild, error) {
	if err := checkID(guildOp.Op, "guild_id", guildID); err != nil {
		return nil, err
	}
	var q []string
	if p != nil && p.WithCounts {
		q = []string{"with_counts", "true"}
	}
	return guildOp.Do(ctx, c.t, transport.Call{Args: []string{string(guildID)}, Query: q}, opts)
}

// maxMembersPage is the most members the platform returns in one page.
const maxMembersPage = 1000

// GuildMembersParams choose a page of a server's members, which the
// platform orders by user id.
type GuildMembersParams struct {
	// After asks for members whose user id is above this one: the last
	// user id of the previous page.
	After Snowflake
	// Limit is how many members to return, 1 to 1000; 0 means the
	// platform's default, which is 1.
	Limit int
}

// GuildMembers returns one page of a server's members. The bot needs the
// privileged Server Members intent, enabled for the application. For every
// member, use AllGuildMembers.
func (c *Client) GuildMembers(ctx context.Context, guildID Snowflake, p *GuildMembersParams, opts ...Option) ([]Member, error) {
	op := guildMembersOp.Op
	if err := checkID(op, "guild_id", guildID); err != nil {
		return nil, err
	}
	var q []string
	if p != nil {
		switch {
		case p.After != "" && !isDigits(string(p.After)):
			return nil, op.Invalid("after", "must be a numeric user id")
		case p.After != "":
			q = append(q, "after", string(p.After))
		}
		switch {
		case p.Limit < 0 || p.Limit > maxMembersPage:
			return nil, op.Invalid("limit", "must be between 1 and %d, or 0 for the default of 1", maxMembersPage)
		case p.Limit > 0:
			q = append(q, "limit", strconv.Itoa(p.Limit))
		}
	}
	ms, err := guildMembersOp.Do(ctx, c.t, transport.Call{Args: []string{string(guildID)}, Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *ms, nil
}

// byUserID is the order of AllGuildMembers: each member's user id higher
// than the one before, and the first higher than the start.
var byUserID = transport.Order[Member]{Key: func(m *Member) string { return string(m.User.ID) }, Cmp: transport.Increasing, Cursor: true}

// AllGuildMembers yields every member of a server in user id order, from
// after p.After (nil or empty: from the first), in pages of p.Limit (0:
// 1,000, the most the platform gives). It ends after a page shorter than
// asked for; it stops with the error of a page that fails, with ctx's
// error once ctx ends, and with ErrMalformedResponse, yielding nothing of
// that page, if a page holds a member whose user id is not higher than the
// last one read (a server that ignores after).
func (c *Client) AllGuildMembers(ctx context.Context, guildID Snowflake, p *GuildMembersParams, opts ...Option) iter.Seq2[Member, error] {
	walk := GuildMembersParams{Limit: maxMembersPage}
	if p != nil {
		walk.After = p.After
		if p.Limit != 0 {
			walk.Limit = p.Limit
		}
	}
	return transport.PagesBy(ctx, c.t, guildMembersOp.Op, string(walk.After), byUserID, func(after string) ([]Member, string, error) {
		page := walk
		page.After = Snowflake(after)
		ms, err := c.GuildMembers(ctx, guildID, &page, opts...)
		if err != nil || len(ms) < page.Limit {
			return ms, "", err
		}
		return ms, string(ms[len(ms)-1].User.ID), nil
	})
}

type dmRequest struct {
	RecipientID Snowflake `json:"recipient_id"`
}

// CreateDM opens the direct message channel between the bot and a user, or
// returns the one already open; post to it with CreateMessage. The
// platform limits how fast a bot opens them, so it is a write: never
// retried once it may have reached the server, except after a 429.
func (c *Client) CreateDM(ctx context.Context, recipientID Snowflake, opts ...Option) (*Channel, error) {
	op := createDMOp.Op
	switch {
	case recipientID == "":
		return nil, op.Invalid("recipient_id", "must not be empty")
	case !isDigits(string(recipientID)):
		return nil, op.Invalid("recipient_id", "must be a numeric user id")
	}
	return createDMOp.Do(ctx, c.t, transport.Call{Body: dmRequest{RecipientID: recipientID}}, opts)
}
