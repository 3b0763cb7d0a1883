package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const app = chat.Snowflake("1180000000000000003")

func TestGlobalCommandsDecodesTheFixture(t *testing.T) {
	c, _ := newReplay(t)
	cs, err := c.GlobalCommands(context.Background(), app)
	require.NoError(t, err)
	require.Len(t, cs, 2)
	deploy := cs[0]
	assert.Equal(t, chat.ChatInputCommand, deploy.Type)
	assert.Equal(t, "bereitstellen", deploy.NameLocalizations["de"])
	require.NotNil(t, deploy.DefaultMemberPermissions)
	assert.Equal(t, "32", *deploy.DefaultMemberPermissions)
	assert.Equal(t, []chat.InteractionContext{chat.ContextGuild}, deploy.Contexts)
	require.Len(t, deploy.Options, 4)
	assert.Equal(t, "production", deploy.Options[0].Choices[1].Value)
	assert.True(t, deploy.Options[1].Autocomplete)
	assert.Equal(t, 40, *deploy.Options[1].MaxLength)
	assert.Equal(t, []chat.ChannelType{chat.GuildText, chat.GuildAnnouncement}, deploy.Options[2].ChannelTypes)
	assert.Equal(t, 100.0, *deploy.Options[3].MaxValue)
	assert.Nil(t, cs[1].DefaultMemberPermissions, "null: everyone may use it")
	assert.Equal(t, []chat.IntegrationType{chat.GuildInstall, chat.UserInstall}, cs[1].IntegrationTypes)
	testkit.Unshown(t, deploy, "dm_permission", false)
	golden.JSON(t, "chat", "global_commands", cs)
}

// A create sends the command as the platform documents it, without the
// fields it assigns, and is retried after a lost answer: the platform
// replaces a command of the same name.
func TestCreateGlobalCommandRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway}, testkit.Reply{Status: http.StatusCreated, Body: `{"id":"1180000000000000601","name":"deploy"}`})
	c := botClient(t, srv)
	lo, perms := 1.0, "0"
	cmd, err := c.CreateGlobalCommand(context.Background(), app, chat.ApplicationCommand{
		ID: "1180000000000000999", Version: "7", Name: "deploy", Description: "Deploy a build",
		DefaultMemberPermissions: &perms, Contexts: []chat.InteractionContext{chat.ContextGuild, chat.ContextBotDM},
		Options: []chat.CommandOption{{Type: chat.IntegerOption, Name: "canary", Description: "Percent first", MinValue: &lo}},
	})
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000000601"), cmd.ID)
	assert.Equal(t, 2, srv.Hits(), "the create is retried like a read")
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/applications/1180000000000000003/commands", got.Method+" "+got.Path)
	assert.Equal(t, "Bot "+testToken, got.Header.Get("Authorization"))
	assert.JSONEq(t, `{"name":"deploy","description":"Deploy a build","default_member_permissions":"0","contexts":[0,1],
		"options":[{"type":4,"name":"canary","description":"Percent first","min_value":1}]}`, string(got.Body))
}

// An empty overwrite is an empty array, which deletes every command, never
// null; an id names the command to update.
func TestBulkOverwriteSendsAnArray(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`}, testkit.Reply{Body: `[]`})
	c := botClient(t, srv)
	_, err := c.BulkOverwriteGuildCommands(context.Background(), app, "1180000000000000007", nil)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "PUT /api/v10/applications/1180000000000000003/guilds/1180000000000000007/commands", got.Method+" "+got.Path)
	assert.JSONEq(t, `[]`, string(got.Body))
	_, err = c.BulkOverwriteGlobalCommands(context.Background(), app, []chat.ApplicationCommand{
		{ID: "1180000000000000601", ApplicationID: app, Type: chat.UserCommand, Name: "Report issue"}})
	require.NoError(t, err)
	assert.JSONEq(t, `[{"id":"1180000000000000601","type":2,"name":"Report issue","description":""}]`, string(srv.Last(t).Body))
}

// The permissions edit goes with the caller's bearer token instead of the
// bot's, and the token shows in no error.
func TestEditCommandPermissionsBearer(t *testing.T) {
	const bearer = "user-oauth-SECRET-4410"
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusForbidden, Body: `{"message": "Missing Access", "code": 50001}`})
	c := botClient(t, srv)
	_, err := c.EditCommandPermissions(context.Background(), app, "1180000000000000007", "1180000000000000601", bearer,
		[]chat.CommandPermission{{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true}})
	require.Error(t, err)
	got := srv.Last(t)
	assert.Equal(t, "PUT /api/v10/applications/1180000000000000003/guilds/1180000000000000007/commands/1180000000000000601/permissions", got.Method+" "+got.Path)
	assert.Equal(t, "Bearer "+bearer, got.Header.Get("Authorization"), "never the bot token")
	assert.JSONEq(t, `{"permissions":[{"id":"1180000000000000011","type":1,"permission":true}]}`, string(got.Body))
	testkit.NoSecret(t, err, bearer, testToken)
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		assert.NotContains(t, fmt.Sprintf(verb, err), bearer)
	}
}

func TestCommandInputsRefusedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	ctx := context.Background()
	ok := chat.ApplicationCommand{Name: "deploy", Description: "Deploy"}
	opt := func(o chat.CommandOption) chat.ApplicationCommand {
		cmd := ok
		cmd.Options = []chat.CommandOption{o}
		return cmd
	}
	sub := chat.CommandOption{Type: chat.SubCommandOption, Name: "run", Description: "Run"}
	group := chat.CommandOption{Type: chat.SubCommandGroupOption, Name: "g", Description: "G"}
	nested := group
	nested.Options = []chat.CommandOption{group}
	for field, cmd := range map[string]chat.ApplicationCommand{
		"name":                        {Description: "no name"},
		"description":                 {Name: "deploy"},
		"type":                        {Type: 9, Name: "x"},
		"options":                     {Type: chat.UserCommand, Name: "Ban", Options: []chat.CommandOption{sub}},
		"options[0].options[0].type":  opt(nested),
		"options[0].name":             opt(chat.CommandOption{Type: chat.StringOption, Name: "two words", Description: "d"}),
		"options[0].max_length":       opt(chat.CommandOption{Type: chat.StringOption, Name: "s", Description: "d", MaxLength: new(int)}),
		"options[0].choices[0].value": opt(chat.CommandOption{Type: chat.StringOption, Name: "s", Description: "d", Choices: []chat.CommandChoice{{Name: "one", Value: 1}}}),
		"options[0].options":          opt(chat.CommandOption{Type: chat.StringOption, Name: "s", Description: "d", Options: []chat.CommandOption{sub}}),
		"options[0].choices":          opt(chat.CommandOption{Type: chat.BooleanOption, Name: "b", Description: "d", Choices: []chat.CommandChoice{{Name: "y", Value: "y"}}}),
	} {
		_, err := c.CreateGlobalCommand(ctx, app, cmd)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.GlobalCommand(ctx, app, "../../users/@me")
	testkit.InvalidParam(t, err, "command_id")
	_, err = c.EditCommandPermissions(ctx, app, "1180000000000000007", "1180000000000000601", "two words", nil)
	testkit.InvalidParam(t, err, "Authorization")
	assert.Zero(t, srv.Hits())
}
