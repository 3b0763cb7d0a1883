package chat

import (
	"context"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// A server's members and bans. Adding a role and banning are PUTs the
// platform applies once, so conduit retries them like reads; edits and
// removals are writes it never repeats once they may have arrived.
var (
	guildMemberOp = transport.Declare[Member](service, transport.Op{Name: "GuildMember", Method: "GET",
		Path: "/guilds/{guild_id}/members/{user_id}"}, nil)
	modifyGuildMemberOp = transport.Declare[Member](service, transport.Op{Name: "ModifyGuildMember", Method: "PATCH",
		Path: "/guilds/{guild_id}/members/{user_id}", Write: true}, nil)
	addGuildMemberRoleOp = transport.Declare[struct{}](service, transport.Op{Name: "AddGuildMemberRole", Method: "PUT",
		Path: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", Write: true, Idempotent: true}, nil)
	removeGuildMemberRoleOp = transport.Declare[struct{}](service, transport.Op{Name: "RemoveGuildMemberRole", Method: "DELETE",
		Path: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", Write: true}, nil)
	guildBansOp = transport.Declare[[]Ban](service, transport.Op{Name: "GuildBans", Method: "GET",
		Path: "/guilds/{guild_id}/bans"}, nil)
	createGuildBanOp = transport.Declare[struct{}](service, transport.Op{Name: "CreateGuildBan", Method: "PUT",
		Path: "/guilds/{guild_id}/bans/{user_id}", Write: true, Idempotent: true}, nil)
	removeGuildBanOp = transport.Declare[struct{}](service, transport.Op{Name: "RemoveGuildBan", Method: "DELETE",
		Path: "/guilds/{guild_id}/bans/{user_id}", Write: true}, nil)
)

// Audit is what a server's audit log records of a change made by the
// bot. nil records no reason.
type Audit struct {
	// Reason (up to 512 characters) is sent URL-encoded in the
	// X-Audit-Log-Reason header, as the platform requires.
	Reason string
}

func (a *Audit) header(op *transport.Op) ([]string, error) {
	if a == nil {
		return nil, nil
	}
	return auditReason(op, a.Reason)
}

// MemberEdit is what ModifyGuildMember changes; a nil field stays as it
// is. A pointer to a zero value clears: "" removes the nickname, the zero
// time lifts a timeout, "" disconnects from voice.
type MemberEdit struct {
	// Nick is the member's name in the server (at most 32 characters).
	Nick *string
	// Roles replace the member's roles; an empty, non-nil slice removes
	// them all.
	Roles []Snowflake
	// Mute and Deaf silence the member in voice channels.
	Mute, Deaf *bool
	// ChannelID moves the member to this voice channel.
	ChannelID *Snowflake
	// CommunicationDisabledUntil times the member out until then, at most
	// 28 days ahead.
	CommunicationDisabledUntil *time.Time
	// Audit is the audit log's reason for the change.
	Audit *Audit
}

// maxTimeout is the longest timeout the platform allows.
const maxTimeout = 28 * 24 * time.Hour

type memberRequest struct {
	Nick                       json.RawMessage `json:"nick,omitempty"`
	Roles                      []Snowflake     `json:"roles,omitzero"`
	Mute                       *bool           `json:"mute,omitempty"`
	Deaf                       *bool           `json:"deaf,omitempty"`
	ChannelID                  json.RawMessage `json:"channel_id,omitempty"`
	CommunicationDisabledUntil json.RawMessage `json:"communication_disabled_until,omitempty"`
}

// orNull is a string member's JSON: the string, or null for "".
func orNull(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("null")
	}
	return wire.AppendString(nil, s)
}

func (e MemberEdit) request(op *transport.Op, now time.Time) (memberRequest, error) {
	var r memberRequest
	if e.Nick != nil {
		if n := utf8.RuneCountInString(*e.Nick); n > maxMemberNick {
			return r, op.Invalid("nick", "is %d characters; the platform takes at most %d", n, maxMemberNick)
		}
		r.Nick = orNull(*e.Nick)
	}
	for i, id := range e.Roles {
		if !isDigits(string(id)) {
			return r, op.Invalid(elem("roles", i), "must be a numeric role id")
		}
	}
	if e.ChannelID != nil {
		if *e.ChannelID != "" && !isDigits(string(*e.ChannelID)) {
			return r, op.Invalid("channel_id", "must be a numeric voice channel id")
		}
		r.ChannelID = orNull(string(*e.ChannelID))
	}
	if t := e.CommunicationDisabledUntil; t != nil {
		if t.After(now.Add(maxTimeout)) {
			return r, op.Invalid("communication_disabled_until", "is more than 28 days ahead")
		}
		r.CommunicationDisabledUntil = json.RawMessage("null")
		if !t.IsZero() {
			r.CommunicationDisabledUntil = wire.AppendString(nil, t.UTC().Format(time.RFC3339Nano))
		}
	}
	r.Roles, r.Mute, r.Deaf = e.Roles, e.Mute, e.Deaf
	return r, nil
}

// maxMemberNick is the longest nickname.
const maxMemberNick = 32

// Ban is a user banned from a server.
type Ban struct {
	raw    `json:"-"`
	Reason string `json:"reason,omitempty"`
	User   User   `json:"user"`
}

// GuildMember returns one member of a server.
func (c *Client) GuildMember(ctx context.Context, guildID, userID Snowflake, opts ...Option) (*Member, error) {
	args, err := idArgs(guildMemberOp.Op, "guild_id", guildID, "user_id", userID)
	if err != nil {
		return nil, err
	}
	return guildMemberOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// ModifyGuildMember changes a member (nickname, roles, voice state,
// timeout) and returns the member as it now stands. Each change needs its
// permission (Manage Nicknames, Manage Roles, Mute or Deafen Members, Move
// Members, Moderate Members). It is a write: never retried once it may
// have reached the server, except after a 429.
func (c *Client) ModifyGuildMember(ctx context.Context, guildID, userID Snowflake, edit MemberEdit, opts ...Option) (*Member, error) {
	op := modifyGuildMemberOp.Op
	args, err := idArgs(op, "guild_id", guildID, "user_id", userID)
	if err != nil {
		return nil, err
	}
	body, err := edit.request(op, time.Now())
	if err != nil {
		return nil, err
	}
	header, err := edit.Audit.header(op)
	if err != nil {
		return nil, err
	}
	return modifyGuildMemberOp.Do(ctx, c.t, transport.Call{Args: args, Body: body, Header: header}, opts)
}

// AddGuildMemberRole gives a member a role; the platform answers 204,
// and giving it twice changes nothing, so conduit retries it like a read.
func (c *Client) AddGuildMemberRole(ctx context.Context, guildID, userID, roleID Snowflake, audit *Audit, opts ...Option) error {
	return c.memberRole(ctx, addGuildMemberRoleOp, guildID, userID, roleID, audit, opts)
}

// RemoveGuildMemberRole takes a role from a member; the platform answers
// 204. It is a write: never retried once it may have reached the server,
// except after a 429.
func (c *Client) RemoveGuildMemberRole(ctx context.Context, guildID, userID, roleID Snowflake, audit *Audit, opts ...Option) error {
	return c.memberRole(ctx, removeGuildMemberRoleOp, guildID, userID, roleID, audit, opts)
}

func (c *Client) memberRole(ctx context.Context, e *transport.Endpoint[struct{}], guildID, userID, roleID Snowflake, audit *Audit, opts []Option) error {
	args, err := idArgs(e.Op, "guild_id", guildID, "user_id", userID, "role_id", roleID)
	if err != nil {
		return err
	}
	header, err := audit.header(e.Op)
	if err != nil {
		return err
	}
	return e.Send(ctx, c.t, transport.Call{Args: args, Header: header}, opts)
}

// GuildBansParams choose a page of a server's bans, by user id.
type GuildBansParams struct {
	// Before and After ask for bans of users with ids below or above
	// this one.
	Before, After Snowflake
	// Limit is 1 to 1,000; 0 means the platform's default of 1,000.
	Limit int
}

// GuildBans returns a page of a server's bans; the bot needs Ban Members.
func (c *Client) GuildBans(ctx context.Context, guildID Snowflake, p *GuildBansParams, opts ...Option) ([]Ban, error) {
	op := guildBansOp.Op
	args, err := idArgs(op, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	var q []string
	if p != nil {
		for _, a := range []struct {
			name string
			id   Snowflake
		}{{"before", p.Before}, {"after", p.After}} {
			switch {
			case a.id == "":
			case !isDigits(string(a.id)):
				return nil, op.Invalid(a.name, "must be a numeric user id")
			default:
				q = append(q, a.name, string(a.id))
			}
		}
		switch {
		case p.Limit < 0 || p.Limit > maxMembersPage:
			return nil, op.Invalid("limit", "must be between 1 and %d, or 0 for the default", maxMembersPage)
		case p.Limit > 0:
			q = append(q, "limit", strconv.Itoa(p.Limit))
		}
	}
	return list(guildBansOp.Do(ctx, c.t, transport.Call{Args: args, Query: q}, opts))
}

// BanParams are CreateGuildBan's optional inputs.
type BanParams struct {
	// DeleteMessageSeconds deletes the user's messages of this many
	// seconds back, at most 604,800 (7 days).
	DeleteMessageSeconds int
	Audit                *Audit
}

type banRequest struct {
	DeleteMessageSeconds int `json:"delete_message_seconds,omitempty"`
}

// CreateGuildBan bans a user from a server (Ban Members); the platform
// answers 204, and banning twice changes nothing, so conduit retries it
// like a read.
func (c *Client) CreateGuildBan(ctx context.Context, guildID, userID Snowflake, p *BanParams, opts ...Option) error {
	op := createGuildBanOp.Op
	args, err := idArgs(op, "guild_id", guildID, "user_id", userID)
	if err != nil {
		return err
	}
	if p == nil {
		p = &BanParams{}
	}
	if p.DeleteMessageSeconds < 0 || p.DeleteMessageSeconds > 604800 {
		return op.Invalid("delete_message_seconds", "must be 0 to 604800 (7 days)")
	}
	header, err := p.Audit.header(op)
	if err != nil {
		return err
	}
	return createGuildBanOp.Send(ctx, c.t, transport.Call{Args: args, Header: header,
		Body: banRequest{DeleteMessageSeconds: p.DeleteMessageSeconds}}, opts)
}

// RemoveGuildBan lifts a ban; the platform answers 204. It is a write:
// never retried once it may have reached the server, except after a 429.
func (c *Client) RemoveGuildBan(ctx context.Context, guildID, userID Snowflake, audit *Audit, opts ...Option) error {
	op := removeGuildBanOp.Op
	args, err := idArgs(op, "guild_id", guildID, "user_id", userID)
	if err != nil {
		return err
	}
	header, err := audit.header(op)
	if err != nil {
		return err
	}
	return removeGuildBanOp.Send(ctx, c.t, transport.Call{Args: args, Header: header}, opts)
}
