package chat

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// A server's roles. Creating, changing and deleting one are writes the
// platform does not deduplicate.
var (
	guildRolesOp = transport.Declare[[]Role](service, transport.Op{Name: "GuildRoles", Method: "GET",
		Path: "/guilds/{guild_id}/roles"}, nil)
	createGuildRoleOp = transport.Declare[Role](service, transport.Op{Name: "CreateGuildRole", Method: "POST",
		Path: "/guilds/{guild_id}/roles", Write: true}, nil)
	modifyGuildRoleOp = transport.Declare[Role](service, transport.Op{Name: "ModifyGuildRole", Method: "PATCH",
		Path: "/guilds/{guild_id}/roles/{role_id}", Write: true}, nil)
	deleteGuildRoleOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteGuildRole", Method: "DELETE",
		Path: "/guilds/{guild_id}/roles/{role_id}", Write: true}, nil)
)

// Role is a server's role. The server's own id is its @everyone role.
type Role struct {
	raw   `json:"-"`
	ID    Snowflake `json:"id"`
	Name  string    `json:"name"`
	Color int       `json:"color"` // 0xRRGGBB; 0 is none
	// Hoist shows the role's members apart in the member list.
	Hoist    bool `json:"hoist"`
	Position int  `json:"position"`
	// Permissions is the role's permission bit set, as decimal text.
	Permissions string `json:"permissions"`
	// Managed is a role an integration (a bot, a subscription) manages.
	Managed     bool `json:"managed"`
	Mentionable bool `json:"mentionable"`
}

// RoleParams are a role's settings on CreateGuildRole and
// ModifyGuildRole; a nil field takes the platform's default on a create
// and stays as it is on a change.
type RoleParams struct {
	Name *string `json:"name,omitempty"` // at most 100 characters
	// Permissions is the permission bit set, as decimal text ("0": none).
	Permissions *string `json:"permissions,omitempty"`
	Color       *int    `json:"color,omitempty"`
	Hoist       *bool   `json:"hoist,omitempty"`
	Mentionable *bool   `json:"mentionable,omitempty"`
	// Audit is the audit log's reason for the change.
	Audit *Audit `json:"-"`
}

func (p *RoleParams) call(op *transport.Op, args []string) (transport.Call, error) {
	if p == nil {
		p = &RoleParams{}
	}
	if p.Name != nil {
		if err := checkLen(op, "name", *p.Name, 0, maxRoleName); err != nil {
			return transport.Call{}, err
		}
	}
	if p.Permissions != nil && !isDigits(*p.Permissions) {
		return transport.Call{}, op.Invalid("permissions", "must be a permission bit set as decimal text")
	}
	if p.Color != nil && (*p.Color < 0 || *p.Color > 0xFFFFFF) {
		return transport.Call{}, op.Invalid("color", "must be an RGB value, 0 to 0xFFFFFF")
	}
	header, err := p.Audit.header(op)
	if err != nil {
		return transport.Call{}, err
	}
	return transport.Call{Args: args, Body: p, Header: header}, nil
}

// maxRoleName is the longest role name.
const maxRoleName = 100

// GuildRoles lists a server's roles.
func (c *Client) GuildRoles(ctx context.Context, guildID Snowflake, opts ...Option) ([]Role, error) {
	args, err := idArgs(guildRolesOp.Op, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	return list(guildRolesOp.Do(ctx, c.t, transport.Call{Args: args}, opts))
}

// CreateGuildRole creates a role (Manage Roles) and returns it. It is a
// write the platform does not deduplicate: never retried once it may have
// reached the server, except after a 429.
func (c *Client) CreateGuildRole(ctx context.Context, guildID Snowflake, p *RoleParams, opts ...Option) (*Role, error) {
	args, err := idArgs(createGuildRoleOp.Op, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	call, err := p.call(createGuildRoleOp.Op, args)
	if err != nil {
		return nil, err
	}
	return createGuildRoleOp.Do(ctx, c.t, call, opts)
}

// ModifyGuildRole changes a role and returns it as it now stands. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) ModifyGuildRole(ctx context.Context, guildID, roleID Snowflake, p *RoleParams, opts ...Option) (*Role, error) {
	args, err := idArgs(modifyGuildRoleOp.Op, "guild_id", guildID, "role_id", roleID)
	if err != nil {
		return nil, err
	}
	call, err := p.call(modifyGuildRoleOp.Op, args)
	if err != nil {
		return nil, err
	}
	return modifyGuildRoleOp.Do(ctx, c.t, call, opts)
}

// DeleteGuildRole deletes a role; the platform answers 204. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) DeleteGuildRole(ctx context.Context, guildID, roleID Snowflake, audit *Audit, opts ...Option) error {
	op := deleteGuildRoleOp.Op
	args, err := idArgs(op, "guild_id", guildID, "role_id", roleID)
	if err != nil {
		return err
	}
	header, err := audit.header(op)
	if err != nil {
		return err
	}
	return deleteGuildRoleOp.Send(ctx, c.t, transport.Call{Args: args, Header: header}, opts)
}
