package faults

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/chat"
)

func init() {
	ops = append(ops,
		row("chat", "CurrentUser", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CurrentUser(ctx))
		}).auth(botHeader),
		row("chat", "CreateMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateMessage(ctx, "1180000000000000101", "Deploy 2024.06.21-3 finished in 4m12s", nil))
		}).dedupes("nonce").auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateMessage(ctx, " ", "hello", nil))
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateMessage(ctx, "1180000000000000101", "\n", nil))
		}),
		row("chat", "GatewayBot", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GatewayBot(ctx))
		}).auth(botHeader),
		row("chat", "GuildChannels", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildChannels(ctx, "1180000000000000007"))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildChannels(ctx, ""))
		}),
		row("chat", "ExecuteWebhook", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, hook(), chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
		}).writes().auth(webhookKey).returns(none).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook("not-a-number", hook().Token()), chat.WebhookMessage{Content: "hi"})
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, "../../users/@me"), chat.WebhookMessage{Content: "hi"})
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, ""), chat.WebhookMessage{Content: "hi"})
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, hook(), chat.WebhookMessage{Username: "ci"})
		}),
		row("chat", "ExecuteWebhookWait", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"}))
		}).writes().auth(webhookKey).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook("", hook().Token()), chat.WebhookMessage{Content: "hi"}))
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook(hook().ID, "tok?wait=false"), chat.WebhookMessage{Content: "hi"}))
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: " \t"}))
		}),
		// A message with a file is a multipart upload: the file's reader
		// is rewound for a retry the write rules allow, never sent twice.
		row("chat", "ExecuteWebhookWait", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: "Build #130 passed on main", ThreadID: "1180000000000000401",
				Files: []chat.File{{Name: "coverage.png", ContentType: "image/png", Reader: bytes.NewReader(photo)}}}))
		}).writes().auth(webhookKey).rejects("files[0].name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Files: []chat.File{{Reader: bytes.NewReader(photo)}}}))
		}),
		row("chat", "ChannelMessages", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1180000000000005006", Limit: 3}))
		}).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "", nil))
		}).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 101}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1", After: "2"}))
		}).rejects("around", func(ctx context.Context, c *chat.Client) error {
			return drain(c.AllChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Around: "1180000000000005001"}))
		}),
		row("chat", "EachChannelMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1180000000000005006", Limit: 3}))
		}).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "", nil))
		}).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 101}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1", After: "2"}))
		}),
		row("chat", "Message", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.Message(ctx, "1180000000000000101", "1180000000000005001"))
		}).auth(botHeader).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Message(ctx, "1180000000000000101", " "))
		}).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Message(ctx, "1180000000000000101", ".."))
		}),
		row("chat", "EditMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Content: ptr("Deploy 2024.06.21-3 rolled back")}))
		}).writes().auth(botHeader).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{}))
		}).rejects("embeds[0].title", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Embeds: []chat.Embed{{Title: strings.Repeat("t", 257)}}}))
		}),
		row("chat", "DeleteMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteMessage(ctx, "1180000000000000101", "1180000000000005001")
		}).writes().auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteMessage(ctx, "", "1180000000000005001")
		}),
		row("chat", "CreateReaction", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "🔥")
		}).writes().auth(botHeader).returns(none).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "")
		}).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "<:deploy:abc>")
		}),
		row("chat", "DeleteOwnReaction", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOwnReaction(ctx, "1180000000000000101", "1180000000000005001", "<:deploy:1180000000000000777>")
		}).writes().auth(botHeader).returns(none).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOwnReaction(ctx, "1180000000000000101", "1180000000000005001", " ")
		}),
		row("chat", "Channel", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.Channel(ctx, "1180000000000000101"))
		}).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Channel(ctx, "."))
		}),
		row("chat", "Guild", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.Guild(ctx, "1180000000000000007", &chat.GuildParams{WithCounts: true}))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Guild(ctx, "", nil))
		}),
		row("chat", "GuildMembers", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{Limit: 1000}))
		}).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{Limit: 1001}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return drain(c.AllGuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{After: "me"}))
		}),
		row("chat", "CreateDM", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateDM(ctx, "1180000000000000201"))
		}).writes().auth(botHeader).rejects("recipient_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateDM(ctx, "@me"))
		}),
		row("chat", "WebhookMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.WebhookMessage(ctx, hook(), "1180000000000005002", nil))
		}).auth(webhookKey).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.WebhookMessage(ctx, chat.NewWebhook(hook().ID, "a/b"), "1180000000000005002", nil))
		}).rejects("thread_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.WebhookMessage(ctx, hook(), "1180000000000005002", &chat.WebhookMessageParams{ThreadID: "x"}))
		}),
		row("chat", "EditWebhookMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditWebhookMessage(ctx, hook(), "1180000000000005002", chat.MessageEdit{Content: ptr("Build #130 passed on main (re-run)")}, nil))
		}).writes().auth(webhookKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditWebhookMessage(ctx, hook(), "", chat.MessageEdit{Content: ptr("x")}, nil))
		}).rejects("components", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditWebhookMessage(ctx, hook(), "1180000000000005002", chat.MessageEdit{Components: []byte(`{"type":1}`)}, nil))
		}),
		row("chat", "DeleteWebhookMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteWebhookMessage(ctx, hook(), "1180000000000005002", nil)
		}).writes().auth(webhookKey).returns(none).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteWebhookMessage(ctx, chat.NewWebhook("", hook().Token()), "1180000000000005002", nil)
		}),

		// Application commands: a create with a known name replaces that
		// command and an overwrite or a permissions edit is a PUT of the
		// whole set, so they are retried like reads.
		row("chat", "GlobalCommands", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommands(ctx, app))
		}).auth(botHeader).rejects("application_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommands(ctx, ""))
		}),
		row("chat", "GlobalCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommand(ctx, app, command))
		}).auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommand(ctx, app, "../permissions"))
		}),
		row("chat", "CreateGlobalCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGlobalCommand(ctx, app, deploy))
		}).auth(botHeader).rejects("description", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGlobalCommand(ctx, app, chat.ApplicationCommand{Name: "deploy"}))
		}).rejects("options[0].choices[0].value", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.Options = []chat.CommandOption{{Type: chat.IntegerOption, Name: "n", Description: "n", Choices: []chat.CommandChoice{{Name: "one", Value: true}}}}
			return discard(c.CreateGlobalCommand(ctx, app, cmd))
		}),
		row("chat", "EditGlobalCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGlobalCommand(ctx, app, command, chat.CommandEdit{Description: ptr("Deploy a build to staging or production")}))
		}).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGlobalCommand(ctx, app, command, chat.CommandEdit{Name: ptr("")}))
		}),
		row("chat", "DeleteGlobalCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGlobalCommand(ctx, app, command)
		}).writes().auth(botHeader).returns(none).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGlobalCommand(ctx, app, "")
		}),
		row("chat", "BulkOverwriteGlobalCommands", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.BulkOverwriteGlobalCommands(ctx, app, []chat.ApplicationCommand{deploy}))
		}).auth(botHeader).rejects("[1].name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.BulkOverwriteGlobalCommands(ctx, app, []chat.ApplicationCommand{deploy, {Type: chat.UserCommand}}))
		}),
		row("chat", "GuildCommands", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommands(ctx, app, "1180000000000000007"))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommands(ctx, app, ""))
		}),
		row("chat", "GuildCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommand(ctx, app, "1180000000000000007", command))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommand(ctx, app, ".", command))
		}),
		row("chat", "CreateGuildCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildCommand(ctx, app, "1180000000000000007", deploy))
		}).auth(botHeader).rejects("options[0].autocomplete", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.Options = []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "env", Autocomplete: true,
				Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}}}}
			return discard(c.CreateGuildCommand(ctx, app, "1180000000000000007", cmd))
		}),
		row("chat", "EditGuildCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGuildCommand(ctx, app, "1180000000000000007", command, chat.CommandEdit{Description: ptr("Deploy a build")}))
		}).writes().auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGuildCommand(ctx, app, "1180000000000000007", "", chat.CommandEdit{}))
		}),
		row("chat", "DeleteGuildCommand", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildCommand(ctx, app, "1180000000000000007", command)
		}).writes().auth(botHeader).returns(none).rejects("application_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildCommand(ctx, "@me", "1180000000000000007", command)
		}),
		row("chat", "BulkOverwriteGuildCommands", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.BulkOverwriteGuildCommands(ctx, app, "1180000000000000007", []chat.ApplicationCommand{deploy}))
		}).auth(botHeader).rejects("[0].id", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.ID = "deploy"
			return discard(c.BulkOverwriteGuildCommands(ctx, app, "1180000000000000007", []chat.ApplicationCommand{cmd}))
		}),
		row("chat", "GuildCommandPermissions", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommandPermissions(ctx, app, "1180000000000000007"))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommandPermissions(ctx, app, " "))
		}),
		row("chat", "CommandPermissions", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CommandPermissions(ctx, app, "1180000000000000007", command))
		}).auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CommandPermissions(ctx, app, "1180000000000000007", "x"))
		}),
		row("chat", "EditCommandPermissions", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditCommandPermissions(ctx, app, "1180000000000000007", command, cred("chat", "bearer_token"),
				[]chat.CommandPermission{{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true}}))
		}).auth(bearer).rejects("Authorization", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditCommandPermissions(ctx, app, "1180000000000000007", command, "", nil))
		}).rejects("permissions[0].type", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditCommandPermissions(ctx, app, "1180000000000000007", command, cred("chat", "bearer_token"),
				[]chat.CommandPermission{{ID: "1180000000000000011"}}))
		}),

		// Threads: starting one is a write; joining and adding a member
		// are PUTs the platform applies once, retried like reads.
		row("chat", "StartThreadFromMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "Deploy 2024.06.21-3", &chat.ThreadParams{Audit: &chat.Audit{Reason: "deploy thread"}}))
		}).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "", nil))
		}).rejects("auto_archive_duration", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "t", &chat.ThreadParams{AutoArchiveDuration: 30}))
		}),
		row("chat", "StartThread", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThread(ctx, "1180000000000000101", "Incident 2024-06-21", &chat.ThreadParams{Type: chat.PrivateThread}))
		}).writes().auth(botHeader).rejects("type", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThread(ctx, "1180000000000000101", "t", &chat.ThreadParams{Type: chat.GuildVoice}))
		}).rejects("X-Audit-Log-Reason", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThread(ctx, "1180000000000000101", "t", &chat.ThreadParams{Audit: &chat.Audit{Reason: strings.Repeat("r", 513)}}))
		}),
		row("chat", "StartForumThread", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{Content: "Rollout plan for 2024.06.21-3"},
				&chat.ThreadParams{AppliedTags: []chat.Snowflake{"1180000000000000451"}}))
		}).writes().auth(botHeader).rejects("message.content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{}, nil))
		}),
		row("chat", "JoinThread", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.JoinThread(ctx, "1180000000000005001")
		}).auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.JoinThread(ctx, "")
		}),
		row("chat", "LeaveThread", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.LeaveThread(ctx, "1180000000000005001")
		}).writes().auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.LeaveThread(ctx, "..")
		}),
		row("chat", "AddThreadMember", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.AddThreadMember(ctx, "1180000000000005001", "1180000000000000201")
		}).auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.AddThreadMember(ctx, "1180000000000005001", "@me")
		}),
		row("chat", "RemoveThreadMember", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.RemoveThreadMember(ctx, "1180000000000005001", "1180000000000000201")
		}).writes().auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveThreadMember(ctx, "1180000000000005001", "")
		}),
		row("chat", "ActiveGuildThreads", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ActiveGuildThreads(ctx, "1180000000000000007"))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ActiveGuildThreads(ctx, ""))
		}),
		row("chat", "PublicArchivedThreads", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.PublicArchivedThreads(ctx, "1180000000000000101", &chat.ArchivedThreadsParams{Limit: 2}))
		}).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PublicArchivedThreads(ctx, "1180000000000000101", &chat.ArchivedThreadsParams{Limit: 101}))
		}),
		row("chat", "PrivateArchivedThreads", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.PrivateArchivedThreads(ctx, "1180000000000000101", nil))
		}).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PrivateArchivedThreads(ctx, "x", nil))
		}),
		row("chat", "JoinedPrivateArchivedThreads", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.JoinedPrivateArchivedThreads(ctx, "1180000000000000101", &chat.JoinedThreadsParams{Before: "1180000000000000402"}))
		}).auth(botHeader).rejects("before", func(ctx context.Context, c *chat.Client) error {
			return discard(c.JoinedPrivateArchivedThreads(ctx, "1180000000000000101", &chat.JoinedThreadsParams{Before: "yesterday"}))
		}),

		// Server management: adding a role, banning, pinning and typing
		// change nothing when repeated and are retried like reads.
		row("chat", "GuildMember", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMember(ctx, "1180000000000000007", "1180000000000000201"))
		}).auth(botHeader).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMember(ctx, "1180000000000000007", "@me"))
		}),
		row("chat", "ModifyGuildMember", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildMember(ctx, "1180000000000000007", "1180000000000000201", chat.MemberEdit{Nick: ptr("Ana (off call)"),
				Audit: &chat.Audit{Reason: "rota change"}}))
		}).writes().auth(botHeader).rejects("communication_disabled_until", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildMember(ctx, "1180000000000000007", "1180000000000000201", chat.MemberEdit{CommunicationDisabledUntil: ptr(time.Now().Add(29 * 24 * time.Hour))}))
		}).rejects("roles[1]", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildMember(ctx, "1180000000000000007", "1180000000000000201", chat.MemberEdit{Roles: []chat.Snowflake{"1180000000000000011", "on-call"}}))
		}),
		row("chat", "AddGuildMemberRole", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.AddGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "1180000000000000011", &chat.Audit{Reason: "on call this week"})
		}).auth(botHeader).returns(none).rejects("role_id", func(ctx context.Context, c *chat.Client) error {
			return c.AddGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "", nil)
		}),
		row("chat", "RemoveGuildMemberRole", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "1180000000000000011", nil)
		}).writes().auth(botHeader).returns(none).rejects("X-Audit-Log-Reason", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "1180000000000000011", &chat.Audit{Reason: strings.Repeat("r", 513)})
		}),
		row("chat", "GuildBans", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildBans(ctx, "1180000000000000007", &chat.GuildBansParams{Limit: 2}))
		}).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildBans(ctx, "1180000000000000007", &chat.GuildBansParams{Limit: 1001}))
		}),
		row("chat", "CreateGuildBan", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.CreateGuildBan(ctx, "1180000000000000007", "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 3600})
		}).auth(botHeader).returns(none).rejects("delete_message_seconds", func(ctx context.Context, c *chat.Client) error {
			return c.CreateGuildBan(ctx, "1180000000000000007", "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 604801})
		}),
		row("chat", "RemoveGuildBan", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildBan(ctx, "1180000000000000007", "1180000000000000299", nil)
		}).writes().auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildBan(ctx, "1180000000000000007", "", nil)
		}),
		row("chat", "GuildRoles", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildRoles(ctx, "1180000000000000007"))
		}).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildRoles(ctx, ""))
		}),
		row("chat", "CreateGuildRole", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildRole(ctx, "1180000000000000007", &chat.RoleParams{Name: ptr("release-managers"), Permissions: ptr("8192")}))
		}).writes().auth(botHeader).rejects("permissions", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildRole(ctx, "1180000000000000007", &chat.RoleParams{Permissions: ptr("MANAGE_MESSAGES")}))
		}),
		row("chat", "ModifyGuildRole", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildRole(ctx, "1180000000000000007", "1180000000000000013", &chat.RoleParams{Color: ptr(0xF1C40F)}))
		}).writes().auth(botHeader).rejects("color", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildRole(ctx, "1180000000000000007", "1180000000000000013", &chat.RoleParams{Color: ptr(0x1000000)}))
		}),
		row("chat", "DeleteGuildRole", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildRole(ctx, "1180000000000000007", "1180000000000000013", nil)
		}).writes().auth(botHeader).returns(none).rejects("role_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildRole(ctx, "1180000000000000007", "..", nil)
		}),
		row("chat", "CreateGuildChannel", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildChannel(ctx, "1180000000000000007", &chat.ChannelParams{Name: ptr("deploy-2024-06-21"), ParentID: ptr(chat.Snowflake("1180000000000000100"))}))
		}).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildChannel(ctx, "1180000000000000007", nil))
		}),
		row("chat", "ModifyChannel", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{Topic: ptr("Rollout of 2024.06.21-3 (done)")}))
		}).writes().auth(botHeader).rejects("rate_limit_per_user", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{RateLimitPerUser: ptr(-1)}))
		}),
		row("chat", "DeleteChannel", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.DeleteChannel(ctx, "1180000000000000106", &chat.Audit{Reason: "rollout done"}))
		}).writes().auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.DeleteChannel(ctx, "", nil))
		}),
		row("chat", "PinnedMessages", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.PinnedMessages(ctx, "1180000000000000101", &chat.PinsParams{Limit: 50}))
		}).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PinnedMessages(ctx, "1180000000000000101", &chat.PinsParams{Limit: 51}))
		}),
		row("chat", "PinMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.PinMessage(ctx, "1180000000000000101", "1180000000000005001", nil)
		}).auth(botHeader).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return c.PinMessage(ctx, "1180000000000000101", "", nil)
		}),
		row("chat", "UnpinMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.UnpinMessage(ctx, "1180000000000000101", "1180000000000005001", nil)
		}).writes().auth(botHeader).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return c.UnpinMessage(ctx, "1180000000000000101", "x", nil)
		}),
		row("chat", "BulkDeleteMessages", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0), recent(1)}, nil)
		}).writes().auth(botHeader).returns(none).rejects("messages", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0)}, nil)
		}).rejects("messages[1]", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0), "1180000000000005001"}, nil)
		}).rejects("messages[1]", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0), recent(0)}, nil)
		}),
		row("chat", "TriggerTyping", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.TriggerTyping(ctx, "1180000000000000101")
		}).auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.TriggerTyping(ctx, " ")
		}),

		// Answering an interaction: the token in the path is the call's
		// credential; no write is repeated.
		row("chat", "CreateInteractionResponse", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.CreateInteractionResponse(ctx, interaction(), chat.DeferReply(true))
		}).writes().auth(interactionKey).returns(none).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return c.CreateInteractionResponse(ctx, interactionWith(".."), chat.DeferReply(true))
		}).rejects("interaction", func(ctx context.Context, c *chat.Client) error {
			return c.CreateInteractionResponse(ctx, nil, chat.DeferReply(true))
		}),
		row("chat", "OriginalInteractionResponse", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.OriginalInteractionResponse(ctx, interaction()))
		}).auth(interactionKey).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.OriginalInteractionResponse(ctx, interactionWith("a/b")))
		}),
		row("chat", "EditOriginalInteractionResponse", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditOriginalInteractionResponse(ctx, interaction(), chat.MessageEdit{Content: ptr("Deployed to staging")}))
		}).writes().auth(interactionKey).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditOriginalInteractionResponse(ctx, interaction(), chat.MessageEdit{}))
		}),
		row("chat", "DeleteOriginalInteractionResponse", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOriginalInteractionResponse(ctx, interaction())
		}).writes().auth(interactionKey).returns(none).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOriginalInteractionResponse(ctx, interactionWith(""))
		}),
		row("chat", "CreateFollowupMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateFollowupMessage(ctx, interaction(), chat.InteractionMessage{Content: "Canary at 5%", Flags: chat.FlagEphemeral}))
		}).writes().auth(interactionKey).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateFollowupMessage(ctx, interaction(), chat.InteractionMessage{}))
		}),
		row("chat", "FollowupMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.FollowupMessage(ctx, interaction(), "1180000000000005102"))
		}).auth(interactionKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.FollowupMessage(ctx, interaction(), "@original"))
		}),
		row("chat", "EditFollowupMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditFollowupMessage(ctx, interaction(), "1180000000000005102", chat.MessageEdit{Content: ptr("Canary at 25%")}))
		}).writes().auth(interactionKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditFollowupMessage(ctx, interaction(), "", chat.MessageEdit{Content: ptr("x")}))
		}),
		row("chat", "DeleteFollowupMessage", chat.New, func(ctx context.Context, c *chat.Client) error {
			return c.DeleteFollowupMessage(ctx, interaction(), "1180000000000005102")
		}).writes().auth(interactionKey).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteFollowupMessage(ctx, interaction(), "..")
		}),
	)
}

// The application and command of the chat fixtures, and the slash command
// the command rows register.
const (
	app     = chat.Snowflake("1180000000000000003")
	command = chat.Snowflake("1180000000000000601")
)

var deploy = chat.ApplicationCommand{Name: "deploy", Description: "Deploy a build to an environment",
	Options: []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "Where to deploy", Required: true,
		Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}, {Name: "Production", Value: "production"}}}}}

// recent is the id of a message sent an hour ago (plus n milliseconds),
// which bulk deletion still takes.
func recent(n int64) chat.Snowflake {
	ms := time.Now().Add(-time.Hour).UnixMilli() + n - 1420070400000
	return chat.Snowflake(strconv.FormatInt(ms<<22, 10))
}

// interactionKey is where an interaction's calls carry their credential.
const interactionKey = "path interaction token"

// interaction is the interaction the fake accepts; its token is a
// credential.
func interaction() *chat.Interaction { return interactionWith(cred("chat", "interaction_token")) }

// interactionWith is that interaction with another token.
func interactionWith(token string) *chat.Interaction {
	in, err := chat.ParseInteraction([]byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,` +
		`"data":{"name":"deploy"},"channel_id":"1180000000000000101","token":"` + token + `","version":1}`))
	if err != nil {
		panic(err)
	}
	return in
}
