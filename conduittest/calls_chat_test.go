package conduittest_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func init() {
	packageCalls = append(packageCalls, chatCalls)
}

// Ids of the chat fixtures: the application, its server and a command.
const (
	chatApp     = chat.Snowflake("1180000000000000003")
	chatGuild   = chat.Snowflake("1180000000000000007")
	chatCommand = chat.Snowflake("1180000000000000601")
	chatChannel = chat.Snowflake("1180000000000000101")
)

// deployCommand is the slash command the chat calls register.
var deployCommand = chat.ApplicationCommand{Name: "deploy", Description: "Deploy a build to an environment",
	Options: []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "Where to deploy", Required: true,
		Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}}}}}

// chatCalls are the calls of chat's application commands, threads and
// server management.
func chatCalls(t *testing.T, srv *conduittest.Server) map[string]opCall {
	bot := newClient(t, chat.New, srv.Options("chat"))
	bearer := conduittest.Credential("chat", "bearer_token")
	desc := "Deploy a build to staging or production"
	in, err := chat.ParseInteraction([]byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,` +
		`"data":{"name":"deploy"},"channel_id":"1180000000000000101","token":"` + conduittest.Credential("chat", "interaction_token") + `","version":1}`))
	if err != nil {
		t.Fatal(err)
	}
	edit := "Deployed to staging"
	return map[string]opCall{
		"chat.GlobalCommands": {do: func(ctx context.Context) (any, error) {
			cs, err := bot.GlobalCommands(ctx, chatApp)
			return field(cs, func() any { return cs[1].Type }), err
		}},
		"chat.GlobalCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.GlobalCommand(ctx, chatApp, chatCommand)
			return field(c, func() any { return c.Options[0].Choices[1].Value }), err
		}},
		"chat.CreateGlobalCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.CreateGlobalCommand(ctx, chatApp, deployCommand)
			return field(c, func() any { return c.ID }), err
		}},
		"chat.EditGlobalCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.EditGlobalCommand(ctx, chatApp, chatCommand, chat.CommandEdit{Description: &desc})
			return field(c, func() any { return c.Description }), err
		}},
		"chat.DeleteGlobalCommand": {do: func(ctx context.Context) (any, error) {
			err := bot.DeleteGlobalCommand(ctx, chatApp, chatCommand)
			return sentPath(srv, "chat", "DeleteGlobalCommand"), err
		}},
		"chat.BulkOverwriteGlobalCommands": {do: func(ctx context.Context) (any, error) {
			cs, err := bot.BulkOverwriteGlobalCommands(ctx, chatApp, []chat.ApplicationCommand{deployCommand})
			return field(cs, func() any { return cs[0].Version }), err
		}},
		"chat.GuildCommands": {do: func(ctx context.Context) (any, error) {
			cs, err := bot.GuildCommands(ctx, chatApp, chatGuild)
			return field(cs, func() any { return cs[0].GuildID }), err
		}},
		"chat.GuildCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.GuildCommand(ctx, chatApp, chatGuild, chatCommand)
			return field(c, func() any { return c.GuildID }), err
		}},
		"chat.CreateGuildCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.CreateGuildCommand(ctx, chatApp, chatGuild, deployCommand)
			return field(c, func() any { return c.GuildID }), err
		}},
		"chat.EditGuildCommand": {do: func(ctx context.Context) (any, error) {
			c, err := bot.EditGuildCommand(ctx, chatApp, chatGuild, chatCommand, chat.CommandEdit{Description: &desc})
			return field(c, func() any { return c.Description }), err
		}},
		"chat.DeleteGuildCommand": {do: func(ctx context.Context) (any, error) {
			err := bot.DeleteGuildCommand(ctx, chatApp, chatGuild, chatCommand)
			return sentPath(srv, "chat", "DeleteGuildCommand"), err
		}},
		"chat.BulkOverwriteGuildCommands": {do: func(ctx context.Context) (any, error) {
			cs, err := bot.BulkOverwriteGuildCommands(ctx, chatApp, chatGuild, []chat.ApplicationCommand{deployCommand})
			return len(cs), err
		}},
		"chat.GuildCommandPermissions": {do: func(ctx context.Context) (any, error) {
			ps, err := bot.GuildCommandPermissions(ctx, chatApp, chatGuild)
			return field(ps, func() any { return ps[1].Permissions[0].Type }), err
		}},
		"chat.CommandPermissions": {do: func(ctx context.Context) (any, error) {
			p, err := bot.CommandPermissions(ctx, chatApp, chatGuild, chatCommand)
			return field(p, func() any { return p.Permissions[0].ID }), err
		}},
		"chat.EditCommandPermissions": {do: func(ctx context.Context) (any, error) {
			p, err := bot.EditCommandPermissions(ctx, chatApp, chatGuild, chatCommand, bearer,
				[]chat.CommandPermission{{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true}})
			return field(p, func() any { return p.Permissions[0].Permission }), err
		}},

		"chat.StartThreadFromMessage": {do: func(ctx context.Context) (any, error) {
			ch, err := bot.StartThreadFromMessage(ctx, chatChannel, "1180000000000005001", "Deploy 2024.06.21-3", nil)
			return field(ch, func() any { return ch.ThreadMetadata.AutoArchiveDuration }), err
		}},
		"chat.StartThread": {do: func(ctx context.Context) (any, error) {
			ch, err := bot.StartThread(ctx, chatChannel, "Incident 2024-06-21", &chat.ThreadParams{Type: chat.PrivateThread})
			return field(ch, func() any { return ch.Type }), err
		}},
		"chat.StartForumThread": {do: func(ctx context.Context) (any, error) {
			ch, err := bot.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{Content: "Rollout plan for 2024.06.21-3"}, nil)
			return field(ch, func() any { return ch.ParentID }), err
		}},
		"chat.JoinThread": {do: func(ctx context.Context) (any, error) {
			err := bot.JoinThread(ctx, "1180000000000005001")
			return sentPath(srv, "chat", "JoinThread"), err
		}},
		"chat.LeaveThread": {do: func(ctx context.Context) (any, error) {
			err := bot.LeaveThread(ctx, "1180000000000005001")
			return sentPath(srv, "chat", "LeaveThread"), err
		}},
		"chat.AddThreadMember": {do: func(ctx context.Context) (any, error) {
			err := bot.AddThreadMember(ctx, "1180000000000005001", "1180000000000000201")
			return sentPath(srv, "chat", "AddThreadMember"), err
		}},
		"chat.RemoveThreadMember": {do: func(ctx context.Context) (any, error) {
			err := bot.RemoveThreadMember(ctx, "1180000000000005001", "1180000000000000201")
			return sentPath(srv, "chat", "RemoveThreadMember"), err
		}},
		"chat.ActiveGuildThreads": {do: func(ctx context.Context) (any, error) {
			l, err := bot.ActiveGuildThreads(ctx, chatGuild)
			return field(l, func() any { return l.Members[0].UserID }), err
		}},
		"chat.PublicArchivedThreads": {do: func(ctx context.Context) (any, error) {
			l, err := bot.PublicArchivedThreads(ctx, chatChannel, &chat.ArchivedThreadsParams{Limit: 2})
			return field(l, func() any { return l.HasMore }), err
		}},
		"chat.PrivateArchivedThreads": {do: func(ctx context.Context) (any, error) {
			l, err := bot.PrivateArchivedThreads(ctx, chatChannel, nil)
			return field(l, func() any { return l.Threads[1].ThreadMetadata.ArchiveTimestamp }), err
		}},
		"chat.JoinedPrivateArchivedThreads": {do: func(ctx context.Context) (any, error) {
			l, err := bot.JoinedPrivateArchivedThreads(ctx, chatChannel, &chat.JoinedThreadsParams{Before: "1180000000000000402"})
			return field(l, func() any { return l.Threads[0].ID }), err
		}},
		"chat.GuildMember": {do: func(ctx context.Context) (any, error) {
			m, err := bot.GuildMember(ctx, chatGuild, "1180000000000000201")
			return field(m, func() any { return m.Nick }), err
		}},
		"chat.ModifyGuildMember": {do: func(ctx context.Context) (any, error) {
			until := time.Now().Add(time.Hour)
			m, err := bot.ModifyGuildMember(ctx, chatGuild, "1180000000000000201", chat.MemberEdit{CommunicationDisabledUntil: &until})
			return field(m, func() any { return m.Nick }), err
		}},
		"chat.AddGuildMemberRole": {do: func(ctx context.Context) (any, error) {
			err := bot.AddGuildMemberRole(ctx, chatGuild, "1180000000000000201", "1180000000000000011", nil)
			return sentPath(srv, "chat", "AddGuildMemberRole"), err
		}},
		"chat.RemoveGuildMemberRole": {do: func(ctx context.Context) (any, error) {
			err := bot.RemoveGuildMemberRole(ctx, chatGuild, "1180000000000000201", "1180000000000000011", nil)
			return sentPath(srv, "chat", "RemoveGuildMemberRole"), err
		}},
		"chat.GuildBans": {do: func(ctx context.Context) (any, error) {
			bs, err := bot.GuildBans(ctx, chatGuild, nil)
			return field(bs, func() any { return bs[0].Reason }), err
		}},
		"chat.CreateGuildBan": {do: func(ctx context.Context) (any, error) {
			err := bot.CreateGuildBan(ctx, chatGuild, "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 3600})
			return sent(srv, "chat", "CreateGuildBan"), err
		}},
		"chat.RemoveGuildBan": {do: func(ctx context.Context) (any, error) {
			err := bot.RemoveGuildBan(ctx, chatGuild, "1180000000000000299", nil)
			return sentPath(srv, "chat", "RemoveGuildBan"), err
		}},
		"chat.GuildRoles": {do: func(ctx context.Context) (any, error) {
			rs, err := bot.GuildRoles(ctx, chatGuild)
			return field(rs, func() any { return rs[1].Permissions }), err
		}},
		"chat.CreateGuildRole": {do: func(ctx context.Context) (any, error) {
			name := "release-managers"
			r, err := bot.CreateGuildRole(ctx, chatGuild, &chat.RoleParams{Name: &name})
			return field(r, func() any { return r.ID }), err
		}},
		"chat.ModifyGuildRole": {do: func(ctx context.Context) (any, error) {
			color := 0xF1C40F
			r, err := bot.ModifyGuildRole(ctx, chatGuild, "1180000000000000013", &chat.RoleParams{Color: &color})
			return field(r, func() any { return r.Color }), err
		}},
		"chat.DeleteGuildRole": {do: func(ctx context.Context) (any, error) {
			err := bot.DeleteGuildRole(ctx, chatGuild, "1180000000000000013", nil)
			return sentPath(srv, "chat", "DeleteGuildRole"), err
		}},
		"chat.CreateGuildChannel": {do: func(ctx context.Context) (any, error) {
			name := "deploy-2024-06-21"
			ch, err := bot.CreateGuildChannel(ctx, chatGuild, &chat.ChannelParams{Name: &name})
			return field(ch, func() any { return ch.ID }), err
		}},
		"chat.ModifyChannel": {do: func(ctx context.Context) (any, error) {
			topic := "Rollout of 2024.06.21-3 (done)"
			ch, err := bot.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{Topic: &topic})
			return field(ch, func() any { return ch.Name }), err
		}},
		"chat.DeleteChannel": {do: func(ctx context.Context) (any, error) {
			ch, err := bot.DeleteChannel(ctx, "1180000000000000106", nil)
			return field(ch, func() any { return ch.ID }), err
		}},
		"chat.PinnedMessages": {do: func(ctx context.Context) (any, error) {
			l, err := bot.PinnedMessages(ctx, chatChannel, nil)
			return field(l, func() any { return l.Items[0].Message.ID }), err
		}},
		"chat.PinMessage": {do: func(ctx context.Context) (any, error) {
			err := bot.PinMessage(ctx, chatChannel, "1180000000000005001", nil)
			return sentPath(srv, "chat", "PinMessage"), err
		}},
		"chat.UnpinMessage": {do: func(ctx context.Context) (any, error) {
			err := bot.UnpinMessage(ctx, chatChannel, "1180000000000005001", nil)
			return sentPath(srv, "chat", "UnpinMessage"), err
		}},
		"chat.BulkDeleteMessages": {do: func(ctx context.Context) (any, error) {
			err := bot.BulkDeleteMessages(ctx, chatChannel, []chat.Snowflake{recentID(0), recentID(1)}, nil)
			return sent(srv, "chat", "BulkDeleteMessages"), err
		}},
		"chat.TriggerTyping": {do: func(ctx context.Context) (any, error) {
			err := bot.TriggerTyping(ctx, chatChannel)
			return sentPath(srv, "chat", "TriggerTyping"), err
		}},

		"chat.CreateInteractionResponse": {do: func(ctx context.Context) (any, error) {
			err := bot.CreateInteractionResponse(ctx, in, chat.DeferReply(true))
			return sent(srv, "chat", "CreateInteractionResponse"), err
		}},
		"chat.OriginalInteractionResponse": {do: func(ctx context.Context) (any, error) {
			m, err := bot.OriginalInteractionResponse(ctx, in)
			return field(m, func() any { return m.Content }), err
		}},
		"chat.EditOriginalInteractionResponse": {do: func(ctx context.Context) (any, error) {
			m, err := bot.EditOriginalInteractionResponse(ctx, in, chat.MessageEdit{Content: &edit})
			return field(m, func() any { return m.Content }), err
		}},
		"chat.DeleteOriginalInteractionResponse": {do: func(ctx context.Context) (any, error) {
			err := bot.DeleteOriginalInteractionResponse(ctx, in)
			return sentPath(srv, "chat", "DeleteOriginalInteractionResponse"), err
		}},
		"chat.CreateFollowupMessage": {do: func(ctx context.Context) (any, error) {
			m, err := bot.CreateFollowupMessage(ctx, in, chat.InteractionMessage{Content: "Canary at 5%", Flags: chat.FlagEphemeral})
			return field(m, func() any { return m.ID }), err
		}},
		"chat.FollowupMessage": {do: func(ctx context.Context) (any, error) {
			m, err := bot.FollowupMessage(ctx, in, "1180000000000005102")
			return field(m, func() any { return m.Content }), err
		}},
		"chat.EditFollowupMessage": {do: func(ctx context.Context) (any, error) {
			m, err := bot.EditFollowupMessage(ctx, in, "1180000000000005102", chat.MessageEdit{Content: &edit})
			return field(m, func() any { return m.Content }), err
		}},
		"chat.DeleteFollowupMessage": {do: func(ctx context.Context) (any, error) {
			err := bot.DeleteFollowupMessage(ctx, in, "1180000000000005102")
			return sentPath(srv, "chat", "DeleteFollowupMessage"), err
		}},
	}
}

// recentID is the id of a message sent an hour ago (plus n
// milliseconds): one bulk deletion still takes.
func recentID(n int64) chat.Snowflake {
	ms := time.Now().Add(-time.Hour).UnixMilli() + n - 1420070400000
	return chat.Snowflake(strconv.FormatInt(ms<<22, 10))
}
