package chat

import (
	"context"
	"strconv"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// An application's commands, global and per server, and their permissions.
// The platform answers a create with a name it already has by overwriting
// that command, and a bulk overwrite or a permissions edit is a PUT of the
// whole set: each is the same however often it arrives, so conduit retries
// them like reads. Edits and deletions are writes it never repeats once
// they may have arrived.
var (
	globalCommandsOp = transport.Declare[[]ApplicationCommand](service, transport.Op{Name: "GlobalCommands", Method: "GET",
		Path: "/applications/{application_id}/commands"}, nil)
	globalCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "GlobalCommand", Method: "GET",
		Path: "/applications/{application_id}/commands/{command_id}"}, nil)
	createGlobalCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "CreateGlobalCommand", Method: "POST",
		Path: "/applications/{application_id}/commands", Write: true, Idempotent: true}, nil)
	editGlobalCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "EditGlobalCommand", Method: "PATCH",
		Path: "/applications/{application_id}/commands/{command_id}", Write: true}, nil)
	deleteGlobalCommandOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteGlobalCommand", Method: "DELETE",
		Path: "/applications/{application_id}/commands/{command_id}", Write: true}, nil)
	bulkOverwriteGlobalCommandsOp = transport.Declare[[]ApplicationCommand](service, transport.Op{Name: "BulkOverwriteGlobalCommands", Method: "PUT",
		Path: "/applications/{application_id}/commands", Write: true, Idempotent: true}, nil)

	guildCommandsOp = transport.Declare[[]ApplicationCommand](service, transport.Op{Name: "GuildCommands", Method: "GET",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands"}, nil)
	guildCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "GuildCommand", Method: "GET",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"}, nil)
	createGuildCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "CreateGuildCommand", Method: "POST",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands", Write: true, Idempotent: true}, nil)
	editGuildCommandOp = transport.Declare[ApplicationCommand](service, transport.Op{Name: "EditGuildCommand", Method: "PATCH",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", Write: true}, nil)
	deleteGuildCommandOp = transport.Declare[struct{}](service, transport.Op{Name: "DeleteGuildCommand", Method: "DELETE",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}", Write: true}, nil)
	bulkOverwriteGuildCommandsOp = transport.Declare[[]ApplicationCommand](service, transport.Op{Name: "BulkOverwriteGuildCommands", Method: "PUT",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands", Write: true, Idempotent: true}, nil)

	guildCommandPermissionsOp = transport.Declare[[]CommandPermissions](service, transport.Op{Name: "GuildCommandPermissions", Method: "GET",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/permissions"}, nil)
	commandPermissionsOp = transport.Declare[CommandPermissions](service, transport.Op{Name: "CommandPermissions", Method: "GET",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}/permissions"}, nil)
	// The platform takes a permissions edit only from a user's OAuth2
	// bearer token, never from a bot's: the call carries its own.
	editCommandPermissionsOp = transport.Declare[CommandPermissions](service, transport.Op{Name: "EditCommandPermissions", Method: "PUT",
		Path: "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}/permissions", Write: true, Idempotent: true,
		Auth: transport.NoAuth}, nil)
)

// CommandType is what kind of command an ApplicationCommand is.
type CommandType int

// The command types.
const (
	// ChatInputCommand is a slash command, typed in the message box.
	ChatInputCommand CommandType = 1
	// UserCommand is shown in a user's context menu.
	UserCommand CommandType = 2
	// MessageCommand is shown in a message's context menu.
	MessageCommand CommandType = 3
	// PrimaryEntryPointCommand launches the application's activity.
	PrimaryEntryPointCommand CommandType = 4
)

// OptionType is the kind of value a command option takes.
type OptionType int

// The option types.
const (
	SubCommandOption      OptionType = 1
	SubCommandGroupOption OptionType = 2
	StringOption          OptionType = 3
	IntegerOption         OptionType = 4 // any integer between -2^53 and 2^53
	BooleanOption         OptionType = 5
	UserOption            OptionType = 6
	ChannelOption         OptionType = 7 // includes channels and categories
	RoleOption            OptionType = 8
	MentionableOption     OptionType = 9  // users and roles
	NumberOption          OptionType = 10 // any double between -2^53 and 2^53
	AttachmentOption      OptionType = 11
)

// InteractionContext is where a command can be used.
type InteractionContext int

// The interaction contexts.
const (
	ContextGuild          InteractionContext = 0 // in a server
	ContextBotDM          InteractionContext = 1 // in the DM with the application's bot
	ContextPrivateChannel InteractionContext = 2 // in other DMs and group DMs
)

// IntegrationType is how an application is installed.
type IntegrationType int

// The integration types.
const (
	GuildInstall IntegrationType = 0 // installed to a server
	UserInstall  IntegrationType = 1 // installed to a user
)

// Localizations map a locale ("de", "pt-BR") to the text in that locale.
type Localizations map[string]string

// ApplicationCommand is a slash command or a context-menu command, as the
// platform returns it and as it is registered: the read-only fields (ID,
// ApplicationID, GuildID, Version) are not sent by a create, and ID is sent
// by a bulk overwrite, where it names the command to update.
type ApplicationCommand struct {
	raw           `json:"-"`
	ID            Snowflake   `json:"id,omitempty"`
	Type          CommandType `json:"type,omitzero"` // 0 means the platform's default, ChatInputCommand
	ApplicationID Snowflake   `json:"application_id,omitempty"`
	GuildID       Snowflake   `json:"guild_id,omitempty"`
	// Name is 1 to 32 characters; a slash command's is lower case.
	Name              string        `json:"name"`
	NameLocalizations Localizations `json:"name_localizations,omitempty"`
	// Description is 1 to 100 characters for a slash command and empty for
	// a context-menu one.
	Description              string        `json:"description"`
	DescriptionLocalizations Localizations `json:"description_localizations,omitempty"`
	// Options are up to 25 parameters or subcommands.
	Options []CommandOption `json:"options,omitempty"`
	// DefaultMemberPermissions is the permission bit set, as decimal text,
	// a member needs to see the command ("0": administrators only); nil
	// means everyone.
	DefaultMemberPermissions *string `json:"default_member_permissions,omitempty"`
	// NSFW restricts the command to age-restricted channels.
	NSFW bool `json:"nsfw,omitzero"`
	// IntegrationTypes are the installs the command is available in.
	IntegrationTypes []IntegrationType `json:"integration_types,omitempty"`
	// Contexts are where the command can be used.
	Contexts []InteractionContext `json:"contexts,omitempty"`
	// Version changes each time the command is updated.
	Version Snowflake `json:"version,omitempty"`
}

// CommandOption is a parameter of a command, or one of its subcommands or
// subcommand groups.
type CommandOption struct {
	Type OptionType `json:"type"`
	// Name is 1 to 32 characters.
	Name              string        `json:"name"`
	NameLocalizations Localizations `json:"name_localizations,omitempty"`
	// Description is 1 to 100 characters.
	Description              string        `json:"description"`
	DescriptionLocalizations Localizations `json:"description_localizations,omitempty"`
	// Required options come before optional ones.
	Required bool `json:"required,omitzero"`
	// Choices are up to 25 values the user picks from (string, integer and
	// number options); not with Autocomplete.
	Choices []CommandChoice `json:"choices,omitempty"`
	// Options are a subcommand's parameters, or a group's subcommands.
	Options []CommandOption `json:"options,omitempty"`
	// ChannelTypes limit a channel option to these kinds.
	ChannelTypes []ChannelType `json:"channel_types,omitempty"`
	// MinValue and MaxValue bound an integer or number option.
	MinValue *float64 `json:"min_value,omitempty"`
	MaxValue *float64 `json:"max_value,omitempty"`
	// MinLength (0 to 6,000) and MaxLength (1 to 6,000) bound a string
	// option.
	MinLength *int `json:"min_length,omitempty"`
	MaxLength *int `json:"max_length,omitempty"`
	// Autocomplete sends autocomplete interactions while the option is
	// typed; not with Choices.
	Autocomplete bool `json:"autocomplete,omitzero"`
}

// CommandChoice is one value an option offers: Value is a string, an
// integer or a number, as the option's type is.
type CommandChoice struct {
	Name              string        `json:"name"`
	NameLocalizations Localizations `json:"name_localizations,omitempty"`
	Value             any           `json:"value"`
}

// CommandPermissions are the permission overwrites of one command in one
// server, or, when ID is the application's id, of all its commands there.
type CommandPermissions struct {
	raw           `json:"-"`
	ID            Snowflake           `json:"id"`
	ApplicationID Snowflake           `json:"application_id"`
	GuildID       Snowflake           `json:"guild_id"`
	Permissions   []CommandPermission `json:"permissions"`
}

// CommandPermissionType is what a CommandPermission's ID names.
type CommandPermissionType int

// The command permission types.
const (
	PermissionRole    CommandPermissionType = 1
	PermissionUser    CommandPermissionType = 2
	PermissionChannel CommandPermissionType = 3
)

// CommandPermission allows or denies a command to a role, a user or a
// channel. The server's id as a role means @everyone; the server's id
// minus 1 as a channel means every channel.
type CommandPermission struct {
	ID         Snowflake             `json:"id"`
	Type       CommandPermissionType `json:"type"`
	Permission bool                  `json:"permission"`
}

// The platform's limits on a command.
const (
	maxCommandName        = 32
	maxCommandDescription = 100
	maxCommandOptions     = 25
	maxCommandChoices     = 25
	maxChoiceValue        = 100
	maxOptionLength       = 6000
	maxCommandPermissions = 100
)

// GlobalCommands lists the application's global commands.
func (c *Client) GlobalCommands(ctx context.Context, applicationID Snowflake, opts ...Option) ([]ApplicationCommand, error) {
	args, err := idArgs(globalCommandsOp.Op, "application_id", applicationID)
	if err != nil {
		return nil, err
	}
	return list(globalCommandsOp.Do(ctx, c.t, transport.Call{Args: args}, opts))
}

// GlobalCommand returns one global command.
func (c *Client) GlobalCommand(ctx context.Context, applicationID, commandID Snowflake, opts ...Option) (*ApplicationCommand, error) {
	args, err := idArgs(globalCommandOp.Op, "application_id", applicationID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	return globalCommandOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// CreateGlobalCommand registers a global command, available in every
// server and DM the application is in. A command with the name of one the
// application has replaces it, so a retry after a lost answer changes
// nothing: conduit retries it like a read.
func (c *Client) CreateGlobalCommand(ctx context.Context, applicationID Snowflake, cmd ApplicationCommand, opts ...Option) (*ApplicationCommand, error) {
	op := createGlobalCommandOp.Op
	args, err := idArgs(op, "application_id", applicationID)
	if err != nil {
		return nil, err
	}
	if err := cmd.check(op, ""); err != nil {
		return nil, err
	}
	return createGlobalCommandOp.Do(ctx, c.t, transport.Call{Args: args, Body: cmd.created()}, opts)
}

// EditGlobalCommand changes a global command: the fields of edit that are
// set replace the command's. It is a write the platform does not
// deduplicate: never retried once it may have reached the server, except
// after a 429.
func (c *Client) EditGlobalCommand(ctx context.Context, applicationID, commandID Snowflake, edit CommandEdit, opts ...Option) (*ApplicationCommand, error) {
	op := editGlobalCommandOp.Op
	args, err := idArgs(op, "application_id", applicationID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	if err := edit.check(op); err != nil {
		return nil, err
	}
	return editGlobalCommandOp.Do(ctx, c.t, transport.Call{Args: args, Body: edit}, opts)
}

// DeleteGlobalCommand deletes a global command. The platform answers 204,
// so success is a nil error. It is a write: never retried once it may have
// reached the server, except after a 429.
func (c *Client) DeleteGlobalCommand(ctx context.Context, applicationID, commandID Snowflake, opts ...Option) error {
	args, err := idArgs(deleteGlobalCommandOp.Op, "application_id", applicationID, "command_id", commandID)
	if err != nil {
		return err
	}
	return deleteGlobalCommandOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// BulkOverwriteGlobalCommands replaces every global command of the
// application with cmds and returns them as registered: commands not in
// cmds are deleted, and an empty cmds deletes them all. It is the call to
// make at each deploy; the same set sent twice is registered once, so
// conduit retries it like a read.
func (c *Client) BulkOverwriteGlobalCommands(ctx context.Context, applicationID Snowflake, cmds []ApplicationCommand, opts ...Option) ([]ApplicationCommand, error) {
	op := bulkOverwriteGlobalCommandsOp.Op
	args, err := idArgs(op, "application_id", applicationID)
	if err != nil {
		return nil, err
	}
	body, err := overwriteBody(op, cmds)
	if err != nil {
		return nil, err
	}
	return list(bulkOverwriteGlobalCommandsOp.Do(ctx, c.t, transport.Call{Args: args, Body: body}, opts))
}

// GuildCommands lists the application's commands in one server.
func (c *Client) GuildCommands(ctx context.Context, applicationID, guildID Snowflake, opts ...Option) ([]ApplicationCommand, error) {
	args, err := idArgs(guildCommandsOp.Op, "application_id", applicationID, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	return list(guildCommandsOp.Do(ctx, c.t, transport.Call{Args: args}, opts))
}

// GuildCommand returns one of the application's commands in a server.
func (c *Client) GuildCommand(ctx context.Context, applicationID, guildID, commandID Snowflake, opts ...Option) (*ApplicationCommand, error) {
	args, err := idArgs(guildCommandOp.Op, "application_id", applicationID, "guild_id", guildID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	return guildCommandOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// CreateGuildCommand registers a command in one server, where it is
// available at once (a global command may take a while to appear). A
// command with the name of one the application has there replaces it, so
// conduit retries the call like a read.
func (c *Client) CreateGuildCommand(ctx context.Context, applicationID, guildID Snowflake, cmd ApplicationCommand, opts ...Option) (*ApplicationCommand, error) {
	op := createGuildCommandOp.Op
	args, err := idArgs(op, "application_id", applicationID, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	if err := cmd.check(op, ""); err != nil {
		return nil, err
	}
	return createGuildCommandOp.Do(ctx, c.t, transport.Call{Args: args, Body: cmd.created()}, opts)
}

// EditGuildCommand changes one of the application's commands in a server.
// It is a write the platform does not deduplicate: never retried once it
// may have reached the server, except after a 429.
func (c *Client) EditGuildCommand(ctx context.Context, applicationID, guildID, commandID Snowflake, edit CommandEdit, opts ...Option) (*ApplicationCommand, error) {
	op := editGuildCommandOp.Op
	args, err := idArgs(op, "application_id", applicationID, "guild_id", guildID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	if err := edit.check(op); err != nil {
		return nil, err
	}
	return editGuildCommandOp.Do(ctx, c.t, transport.Call{Args: args, Body: edit}, opts)
}

// DeleteGuildCommand deletes one of the application's commands in a
// server. The platform answers 204, so success is a nil error. It is a
// write: never retried once it may have reached the server, except after a
// 429.
func (c *Client) DeleteGuildCommand(ctx context.Context, applicationID, guildID, commandID Snowflake, opts ...Option) error {
	args, err := idArgs(deleteGuildCommandOp.Op, "application_id", applicationID, "guild_id", guildID, "command_id", commandID)
	if err != nil {
		return err
	}
	return deleteGuildCommandOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// BulkOverwriteGuildCommands replaces every command of the application in
// one server with cmds, as BulkOverwriteGlobalCommands does globally.
func (c *Client) BulkOverwriteGuildCommands(ctx context.Context, applicationID, guildID Snowflake, cmds []ApplicationCommand, opts ...Option) ([]ApplicationCommand, error) {
	op := bulkOverwriteGuildCommandsOp.Op
	args, err := idArgs(op, "application_id", applicationID, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	body, err := overwriteBody(op, cmds)
	if err != nil {
		return nil, err
	}
	return list(bulkOverwriteGuildCommandsOp.Do(ctx, c.t, transport.Call{Args: args, Body: body}, opts))
}

// GuildCommandPermissions lists the permissions of every command of the
// application in a server that has any set.
func (c *Client) GuildCommandPermissions(ctx context.Context, applicationID, guildID Snowflake, opts ...Option) ([]CommandPermissions, error) {
	args, err := idArgs(guildCommandPermissionsOp.Op, "application_id", applicationID, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	return list(guildCommandPermissionsOp.Do(ctx, c.t, transport.Call{Args: args}, opts))
}

// CommandPermissions returns the permissions of one command in a server.
func (c *Client) CommandPermissions(ctx context.Context, applicationID, guildID, commandID Snowflake, opts ...Option) (*CommandPermissions, error) {
	args, err := idArgs(commandPermissionsOp.Op, "application_id", applicationID, "guild_id", guildID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	return commandPermissionsOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

type permissionsRequest struct {
	Permissions []CommandPermission `json:"permissions"`
}

// EditCommandPermissions replaces the permissions of one command in a
// server with perms (up to 100). The platform takes it only with the
// OAuth2 bearer token of a user who may manage the server and its roles
// (scope applications.commands.permissions.update), never a bot token:
// bearerToken is sent as "Authorization: Bearer <token>" for this call
// alone and kept out of every error and log line. The whole set is sent
// each time, so conduit retries it like a read.
func (c *Client) EditCommandPermissions(ctx context.Context, applicationID, guildID, commandID Snowflake, bearerToken string, perms []CommandPermission, opts ...Option) (*CommandPermissions, error) {
	op := editCommandPermissionsOp.Op
	args, err := idArgs(op, "application_id", applicationID, "guild_id", guildID, "command_id", commandID)
	if err != nil {
		return nil, err
	}
	if !validHeaderToken(bearerToken) {
		return nil, op.Invalid("Authorization", "needs a user's OAuth2 bearer token: one line of printable characters")
	}
	if len(perms) > maxCommandPermissions {
		return nil, op.Invalid("permissions", "has %d entries; the platform takes at most %d", len(perms), maxCommandPermissions)
	}
	for i, p := range perms {
		if !isDigits(string(p.ID)) {
			return nil, op.Invalid(indexed("permissions", i, "id"), "must be a numeric role, user or channel id")
		}
		if p.Type < PermissionRole || p.Type > PermissionChannel {
			return nil, op.Invalid(indexed("permissions", i, "type"), "must be 1 (role), 2 (user) or 3 (channel)")
		}
	}
	if perms == nil {
		perms = []CommandPermission{}
	}
	call := transport.Call{Args: args, Body: permissionsRequest{Permissions: perms},
		Header: []string{"Authorization", "Bearer " + bearerToken}, Secrets: []string{bearerToken}}
	return editCommandPermissionsOp.Do(ctx, c.t, call, opts)
}

// validHeaderToken reports whether a token can be sent in a header: not
// empty, printable ASCII with no spaces.
func validHeaderToken(tok string) bool {
	if tok == "" {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] <= ' ' || tok[i] >= 0x7f {
			return false
		}
	}
	return true
}

// CommandEdit is what EditGlobalCommand and EditGuildCommand change; a
// field left at its zero value (nil) stays as it is.
type CommandEdit struct {
	Name                     *string              `json:"name,omitempty"`
	NameLocalizations        Localizations        `json:"name_localizations,omitempty"`
	Description              *string              `json:"description,omitempty"`
	DescriptionLocalizations Localizations        `json:"description_localizations,omitempty"`
	Options                  []CommandOption      `json:"options,omitzero"` // an empty, non-nil slice removes them
	DefaultMemberPermissions *string              `json:"default_member_permissions,omitempty"`
	IntegrationTypes         []IntegrationType    `json:"integration_types,omitempty"`
	Contexts                 []InteractionContext `json:"contexts,omitempty"`
	NSFW                     *bool                `json:"nsfw,omitempty"`
}

func (e CommandEdit) check(op *transport.Op) error {
	if e.Name != nil {
		if err := checkCommandName(op, "name", *e.Name, false); err != nil {
			return err
		}
	}
	if e.Description != nil {
		if n := utf8.RuneCountInString(*e.Description); n > maxCommandDescription {
			return op.Invalid("description", "is %d characters; the platform takes at most %d", n, maxCommandDescription)
		}
	}
	return checkOptions(op, "options", e.Options, 0)
}

// created is the command as a create sends it, without the fields the
// platform assigns.
func (cmd ApplicationCommand) created() ApplicationCommand {
	cmd.ID, cmd.ApplicationID, cmd.GuildID, cmd.Version = "", "", "", ""
	return cmd
}

// overwriteBody checks each command of a bulk overwrite and returns the
// array to send ([] for none, which deletes every command).
func overwriteBody(op *transport.Op, cmds []ApplicationCommand) ([]ApplicationCommand, error) {
	body := make([]ApplicationCommand, len(cmds))
	for i, cmd := range cmds {
		if err := cmd.check(op, indexed("", i, "")); err != nil {
			return nil, err
		}
		if cmd.ID != "" && !isDigits(string(cmd.ID)) {
			return nil, op.Invalid(indexed("", i, "id"), "must be a numeric command id")
		}
		id := cmd.ID
		body[i] = cmd.created()
		body[i].ID = id
	}
	return body, nil
}

// check holds a command to the platform's limits; prefix places its fields
// in a bulk overwrite ("[2].").
func (cmd ApplicationCommand) check(op *transport.Op, prefix string) error {
	if err := checkCommandName(op, prefix+"name", cmd.Name, cmd.Type == 0 || cmd.Type == ChatInputCommand); err != nil {
		return err
	}
	n := utf8.RuneCountInString(cmd.Description)
	switch cmd.Type {
	case 0, ChatInputCommand:
		if n == 0 || n > maxCommandDescription {
			return op.Invalid(prefix+"description", "is %d characters; a slash command's is 1 to %d", n, maxCommandDescription)
		}
	case UserCommand, MessageCommand:
		if n != 0 {
			return op.Invalid(prefix+"description", "must be empty for a context-menu command")
		}
		if len(cmd.Options) != 0 {
			return op.Invalid(prefix+"options", "a context-menu command takes none")
		}
	case PrimaryEntryPointCommand:
	default:
		return op.Invalid(prefix+"type", "must be 1 (slash), 2 (user), 3 (message) or 4 (entry point)")
	}
	return checkOptions(op, prefix+"options", cmd.Options, 0)
}

// checkCommandName holds a name to 1 to 32 characters, and a slash
// command's or an option's to one word.
func checkCommandName(op *transport.Op, field, name string, word bool) error {
	if n := utf8.RuneCountInString(name); n == 0 || n > maxCommandName {
		return op.Invalid(field, "is %d characters; the platform takes 1 to %d", n, maxCommandName)
	}
	for _, r := range name {
		if word && r == ' ' {
			return op.Invalid(field, "must be one word: no spaces")
		}
	}
	return nil
}

// checkOptions holds a command's options, and theirs, to the platform's
// limits; depth counts subcommand levels (two at most).
func checkOptions(op *transport.Op, field string, opts []CommandOption, depth int) error {
	if len(opts) > maxCommandOptions {
		return op.Invalid(field, "has %d options; the platform takes at most %d", len(opts), maxCommandOptions)
	}
	for i, o := range opts {
		at := indexed(field, i, "")
		if err := checkCommandName(op, at+"name", o.Name, true); err != nil {
			return err
		}
		if n := utf8.RuneCountInString(o.Description); n == 0 || n > maxCommandDescription {
			return op.Invalid(at+"description", "is %d characters; the platform takes 1 to %d", n, maxCommandDescription)
		}
		switch {
		case o.Type < SubCommandOption || o.Type > AttachmentOption:
			return op.Invalid(at+"type", "must be an option type, 1 to 11")
		case len(o.Choices) > maxCommandChoices:
			return op.Invalid(at+"choices", "has %d choices; the platform takes at most %d", len(o.Choices), maxCommandChoices)
		case len(o.Choices) > 0 && o.Autocomplete:
			return op.Invalid(at+"autocomplete", "cannot be set with choices")
		case len(o.Choices) > 0 && o.Type != StringOption && o.Type != IntegerOption && o.Type != NumberOption:
			return op.Invalid(at+"choices", "only string, integer and number options have choices")
		case o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > maxOptionLength):
			return op.Invalid(at+"min_length", "must be 0 to %d", maxOptionLength)
		case o.MaxLength != nil && (*o.MaxLength < 1 || *o.MaxLength > maxOptionLength):
			return op.Invalid(at+"max_length", "must be 1 to %d", maxOptionLength)
		case o.MinValue != nil && o.MaxValue != nil && *o.MinValue > *o.MaxValue:
			return op.Invalid(at+"min_value", "is above max_value")
		}
		for j, ch := range o.Choices {
			if n := utf8.RuneCountInString(ch.Name); n == 0 || n > maxCommandChoiceName {
				return op.Invalid(indexed(at+"choices", j, "name"), "is %d characters; the platform takes 1 to %d", n, maxCommandChoiceName)
			}
			switch v := ch.Value.(type) {
			case string:
				if o.Type != StringOption || utf8.RuneCountInString(v) > maxChoiceValue {
					return op.Invalid(indexed(at+"choices", j, "value"), "a string option's choice is a string of up to %d characters", maxChoiceValue)
				}
			case int, int32, int64, float64, float32:
				if o.Type == StringOption {
					return op.Invalid(indexed(at+"choices", j, "value"), "a string option's choice is a string")
				}
			default:
				return op.Invalid(indexed(at+"choices", j, "value"), "must be a string, an integer or a number, as the option's type is")
			}
		}
		sub := o.Type == SubCommandOption || o.Type == SubCommandGroupOption
		switch {
		case len(o.Options) > 0 && !sub:
			return op.Invalid(at+"options", "only a subcommand or a group has options")
		case sub && depth >= 2 || o.Type == SubCommandGroupOption && depth >= 1:
			return op.Invalid(at+"type", "subcommands nest at most two levels: a group of subcommands")
		}
		if err := checkOptions(op, at+"options", o.Options, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// maxCommandChoiceName is the most characters of a choice's name.
const maxCommandChoiceName = 100

// elem names element i of a list field: elem("roles", 1) is "roles[1]".
func elem(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// indexed names element i of a list field, and a member of it:
// indexed("options", 2, "name") is "options[2].name".
func indexed(field string, i int, member string) string {
	s := field + "[" + strconv.Itoa(i) + "]"
	if member != "" {
		return s + "." + member
	}
	return s + "."
}

// idArgs checks the ids of a path, given as field, id pairs, and returns
// them as its arguments.
func idArgs(op *transport.Op, pairs ...any) ([]string, error) {
	args := make([]string, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		field, id := pairs[i].(string), pairs[i+1].(Snowflake)
		if !isDigits(string(id)) {
			if id == "" {
				return nil, op.Invalid(field, "must not be empty")
			}
			return nil, op.Invalid(field, "must be a numeric id")
		}
		args = append(args, string(id))
	}
	return args, nil
}

// list returns a decoded list, or the error.
func list[T any](l *[]T, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return *l, nil
}
