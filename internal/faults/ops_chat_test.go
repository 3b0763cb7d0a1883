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
	notes = append(notes,
		noted("chat", "CurrentUser", chat.New).auth(botHeader),
		noted("chat", "CreateMessage", chat.New).dedupes("nonce").auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateMessage(ctx, " ", "hello", nil))
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateMessage(ctx, "1180000000000000101", "\n", nil))
		}),
		noted("chat", "GatewayBot", chat.New).auth(botHeader),
		noted("chat", "GuildChannels", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildChannels(ctx, ""))
		}),
		noted("chat", "ExecuteWebhook", chat.New).writes().auth(webhookKey).returns(none).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook("not-a-number", hook().Token()), chat.WebhookMessage{Content: "hi"})
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, "../../users/@me"), chat.WebhookMessage{Content: "hi"})
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, chat.NewWebhook(hook().ID, ""), chat.WebhookMessage{Content: "hi"})
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return c.ExecuteWebhook(ctx, hook(), chat.WebhookMessage{Username: "ci"})
		}),
		// Its sample is a message with a file, a multipart upload: the
		// file's reader is rewound for a retry the write rules allow,
		// never sent twice.
		noted("chat", "ExecuteWebhookWait", chat.New).writes().auth(webhookKey).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook("", hook().Token()), chat.WebhookMessage{Content: "hi"}))
		}).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, chat.NewWebhook(hook().ID, "tok?wait=false"), chat.WebhookMessage{Content: "hi"}))
		}).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Content: " \t"}))
		}).rejects("files[0].name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ExecuteWebhookWait(ctx, hook(), chat.WebhookMessage{Files: []chat.File{{Reader: bytes.NewReader(photo)}}}))
		}),
		noted("chat", "ChannelMessages", chat.New).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "", nil))
		}).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 101}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1", After: "2"}))
		}).rejects("around", func(ctx context.Context, c *chat.Client) error {
			return drain(c.AllChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Around: "1180000000000005001"}))
		}),
		noted("chat", "EachChannelMessage", chat.New).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "", nil))
		}).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 101}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return drain(c.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Before: "1", After: "2"}))
		}),
		noted("chat", "Message", chat.New).auth(botHeader).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Message(ctx, "1180000000000000101", " "))
		}).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Message(ctx, "1180000000000000101", ".."))
		}),
		noted("chat", "EditMessage", chat.New).writes().auth(botHeader).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{}))
		}).rejects("embeds[0].title", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Embeds: []chat.Embed{{Title: strings.Repeat("t", 257)}}}))
		}),
		noted("chat", "DeleteMessage", chat.New).writes().auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteMessage(ctx, "", "1180000000000005001")
		}),
		noted("chat", "CreateReaction", chat.New).writes().auth(botHeader).returns(none).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "")
		}).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "<:deploy:abc>")
		}),
		noted("chat", "DeleteOwnReaction", chat.New).writes().auth(botHeader).returns(none).rejects("emoji", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOwnReaction(ctx, "1180000000000000101", "1180000000000005001", " ")
		}),
		noted("chat", "Channel", chat.New).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Channel(ctx, "."))
		}),
		noted("chat", "Guild", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.Guild(ctx, "", nil))
		}),
		noted("chat", "GuildMembers", chat.New).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{Limit: 1001}))
		}).rejects("after", func(ctx context.Context, c *chat.Client) error {
			return drain(c.AllGuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{After: "me"}))
		}),
		noted("chat", "CreateDM", chat.New).writes().auth(botHeader).rejects("recipient_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateDM(ctx, "@me"))
		}),
		noted("chat", "WebhookMessage", chat.New).auth(webhookKey).rejects("webhook_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.WebhookMessage(ctx, chat.NewWebhook(hook().ID, "a/b"), "1180000000000005002", nil))
		}).rejects("thread_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.WebhookMessage(ctx, hook(), "1180000000000005002", &chat.WebhookMessageParams{ThreadID: "x"}))
		}),
		noted("chat", "EditWebhookMessage", chat.New).writes().auth(webhookKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditWebhookMessage(ctx, hook(), "", chat.MessageEdit{Content: ptr("x")}, nil))
		}).rejects("components", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditWebhookMessage(ctx, hook(), "1180000000000005002", chat.MessageEdit{Components: []byte(`{"type":1}`)}, nil))
		}),
		noted("chat", "DeleteWebhookMessage", chat.New).writes().auth(webhookKey).returns(none).rejects("webhook_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteWebhookMessage(ctx, chat.NewWebhook("", hook().Token()), "1180000000000005002", nil)
		}),

		// Application commands: a create with a known name replaces that
		// command and an overwrite or a permissions edit is a PUT of the
		// whole set, so they are retried like reads.
		noted("chat", "GlobalCommands", chat.New).auth(botHeader).rejects("application_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommands(ctx, ""))
		}),
		noted("chat", "GlobalCommand", chat.New).auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GlobalCommand(ctx, app, "../permissions"))
		}),
		noted("chat", "CreateGlobalCommand", chat.New).auth(botHeader).rejects("description", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGlobalCommand(ctx, app, chat.ApplicationCommand{Name: "deploy"}))
		}).rejects("options[0].choices[0].value", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.Options = []chat.CommandOption{{Type: chat.IntegerOption, Name: "n", Description: "n", Choices: []chat.CommandChoice{{Name: "one", Value: true}}}}
			return discard(c.CreateGlobalCommand(ctx, app, cmd))
		}),
		noted("chat", "EditGlobalCommand", chat.New).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGlobalCommand(ctx, app, command, chat.CommandEdit{Name: ptr("")}))
		}),
		noted("chat", "DeleteGlobalCommand", chat.New).writes().auth(botHeader).returns(none).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGlobalCommand(ctx, app, "")
		}),
		noted("chat", "BulkOverwriteGlobalCommands", chat.New).auth(botHeader).rejects("[1].name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.BulkOverwriteGlobalCommands(ctx, app, []chat.ApplicationCommand{deploy, {Type: chat.UserCommand}}))
		}),
		noted("chat", "GuildCommands", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommands(ctx, app, ""))
		}),
		noted("chat", "GuildCommand", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommand(ctx, app, ".", command))
		}),
		noted("chat", "CreateGuildCommand", chat.New).auth(botHeader).rejects("options[0].autocomplete", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.Options = []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "env", Autocomplete: true,
				Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}}}}
			return discard(c.CreateGuildCommand(ctx, app, "1180000000000000007", cmd))
		}),
		noted("chat", "EditGuildCommand", chat.New).writes().auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditGuildCommand(ctx, app, "1180000000000000007", "", chat.CommandEdit{}))
		}),
		noted("chat", "DeleteGuildCommand", chat.New).writes().auth(botHeader).returns(none).rejects("application_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildCommand(ctx, "@me", "1180000000000000007", command)
		}),
		noted("chat", "BulkOverwriteGuildCommands", chat.New).auth(botHeader).rejects("[0].id", func(ctx context.Context, c *chat.Client) error {
			cmd := deploy
			cmd.ID = "deploy"
			return discard(c.BulkOverwriteGuildCommands(ctx, app, "1180000000000000007", []chat.ApplicationCommand{cmd}))
		}),
		noted("chat", "GuildCommandPermissions", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildCommandPermissions(ctx, app, " "))
		}),
		noted("chat", "CommandPermissions", chat.New).auth(botHeader).rejects("command_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CommandPermissions(ctx, app, "1180000000000000007", "x"))
		}),
		noted("chat", "EditCommandPermissions", chat.New).auth(bearer).rejects("Authorization", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditCommandPermissions(ctx, app, "1180000000000000007", command, "", nil))
		}).rejects("permissions[0].type", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditCommandPermissions(ctx, app, "1180000000000000007", command, cred("chat", "bearer_token"),
				[]chat.CommandPermission{{ID: "1180000000000000011"}}))
		}),

		// Threads: starting one is a write; joining and adding a member
		// are PUTs the platform applies once, retried like reads.
		noted("chat", "StartThreadFromMessage", chat.New).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "", nil))
		}).rejects("auto_archive_duration", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "t", &chat.ThreadParams{AutoArchiveDuration: 30}))
		}),
		noted("chat", "StartThread", chat.New).writes().auth(botHeader).rejects("type", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThread(ctx, "1180000000000000101", "t", &chat.ThreadParams{Type: chat.GuildVoice}))
		}).rejects("X-Audit-Log-Reason", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartThread(ctx, "1180000000000000101", "t", &chat.ThreadParams{Audit: &chat.Audit{Reason: strings.Repeat("r", 513)}}))
		}),
		noted("chat", "StartForumThread", chat.New).writes().auth(botHeader).rejects("message.content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{}, nil))
		}),
		noted("chat", "JoinThread", chat.New).auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.JoinThread(ctx, "")
		}),
		noted("chat", "LeaveThread", chat.New).writes().auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.LeaveThread(ctx, "..")
		}),
		noted("chat", "AddThreadMember", chat.New).auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.AddThreadMember(ctx, "1180000000000005001", "@me")
		}),
		noted("chat", "RemoveThreadMember", chat.New).writes().auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveThreadMember(ctx, "1180000000000005001", "")
		}),
		noted("chat", "ActiveGuildThreads", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ActiveGuildThreads(ctx, ""))
		}),
		noted("chat", "PublicArchivedThreads", chat.New).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PublicArchivedThreads(ctx, "1180000000000000101", &chat.ArchivedThreadsParams{Limit: 101}))
		}),
		noted("chat", "PrivateArchivedThreads", chat.New).auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PrivateArchivedThreads(ctx, "x", nil))
		}),
		noted("chat", "JoinedPrivateArchivedThreads", chat.New).auth(botHeader).rejects("before", func(ctx context.Context, c *chat.Client) error {
			return discard(c.JoinedPrivateArchivedThreads(ctx, "1180000000000000101", &chat.JoinedThreadsParams{Before: "yesterday"}))
		}),

		// Server management: adding a role, banning, pinning and typing
		// change nothing when repeated and are retried like reads.
		noted("chat", "GuildMember", chat.New).auth(botHeader).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildMember(ctx, "1180000000000000007", "@me"))
		}),
		noted("chat", "ModifyGuildMember", chat.New).writes().auth(botHeader).rejects("communication_disabled_until", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildMember(ctx, "1180000000000000007", "1180000000000000201", chat.MemberEdit{CommunicationDisabledUntil: ptr(time.Now().Add(29 * 24 * time.Hour))}))
		}).rejects("roles[1]", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildMember(ctx, "1180000000000000007", "1180000000000000201", chat.MemberEdit{Roles: []chat.Snowflake{"1180000000000000011", "on-call"}}))
		}),
		noted("chat", "AddGuildMemberRole", chat.New).auth(botHeader).returns(none).rejects("role_id", func(ctx context.Context, c *chat.Client) error {
			return c.AddGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "", nil)
		}),
		noted("chat", "RemoveGuildMemberRole", chat.New).writes().auth(botHeader).returns(none).rejects("X-Audit-Log-Reason", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildMemberRole(ctx, "1180000000000000007", "1180000000000000201", "1180000000000000011", &chat.Audit{Reason: strings.Repeat("r", 513)})
		}),
		noted("chat", "GuildBans", chat.New).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildBans(ctx, "1180000000000000007", &chat.GuildBansParams{Limit: 1001}))
		}),
		noted("chat", "CreateGuildBan", chat.New).auth(botHeader).returns(none).rejects("delete_message_seconds", func(ctx context.Context, c *chat.Client) error {
			return c.CreateGuildBan(ctx, "1180000000000000007", "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 604801})
		}),
		noted("chat", "RemoveGuildBan", chat.New).writes().auth(botHeader).returns(none).rejects("user_id", func(ctx context.Context, c *chat.Client) error {
			return c.RemoveGuildBan(ctx, "1180000000000000007", "", nil)
		}),
		noted("chat", "GuildRoles", chat.New).auth(botHeader).rejects("guild_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.GuildRoles(ctx, ""))
		}),
		noted("chat", "CreateGuildRole", chat.New).writes().auth(botHeader).rejects("permissions", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildRole(ctx, "1180000000000000007", &chat.RoleParams{Permissions: ptr("MANAGE_MESSAGES")}))
		}),
		noted("chat", "ModifyGuildRole", chat.New).writes().auth(botHeader).rejects("color", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyGuildRole(ctx, "1180000000000000007", "1180000000000000013", &chat.RoleParams{Color: ptr(0x1000000)}))
		}),
		noted("chat", "DeleteGuildRole", chat.New).writes().auth(botHeader).returns(none).rejects("role_id", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteGuildRole(ctx, "1180000000000000007", "..", nil)
		}),
		noted("chat", "CreateGuildChannel", chat.New).writes().auth(botHeader).rejects("name", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateGuildChannel(ctx, "1180000000000000007", nil))
		}),
		noted("chat", "ModifyChannel", chat.New).writes().auth(botHeader).rejects("rate_limit_per_user", func(ctx context.Context, c *chat.Client) error {
			return discard(c.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{RateLimitPerUser: ptr(-1)}))
		}),
		noted("chat", "DeleteChannel", chat.New).writes().auth(botHeader).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.DeleteChannel(ctx, "", nil))
		}),
		noted("chat", "PinnedMessages", chat.New).auth(botHeader).rejects("limit", func(ctx context.Context, c *chat.Client) error {
			return discard(c.PinnedMessages(ctx, "1180000000000000101", &chat.PinsParams{Limit: 51}))
		}),
		noted("chat", "PinMessage", chat.New).auth(botHeader).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return c.PinMessage(ctx, "1180000000000000101", "", nil)
		}),
		noted("chat", "UnpinMessage", chat.New).writes().auth(botHeader).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return c.UnpinMessage(ctx, "1180000000000000101", "x", nil)
		}),
		noted("chat", "BulkDeleteMessages", chat.New).writes().auth(botHeader).returns(none).rejects("messages", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0)}, nil)
		}).rejects("messages[1]", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0), "1180000000000005001"}, nil)
		}).rejects("messages[1]", func(ctx context.Context, c *chat.Client) error {
			return c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{recent(0), recent(0)}, nil)
		}),
		noted("chat", "TriggerTyping", chat.New).auth(botHeader).returns(none).rejects("channel_id", func(ctx context.Context, c *chat.Client) error {
			return c.TriggerTyping(ctx, " ")
		}),

		// Answering an interaction: the token in the path is the call's
		// credential; no write is repeated.
		noted("chat", "CreateInteractionResponse", chat.New).writes().auth(interactionKey).returns(none).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return c.CreateInteractionResponse(ctx, interactionWith(".."), chat.DeferReply(true))
		}).rejects("interaction", func(ctx context.Context, c *chat.Client) error {
			return c.CreateInteractionResponse(ctx, nil, chat.DeferReply(true))
		}),
		noted("chat", "OriginalInteractionResponse", chat.New).auth(interactionKey).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return discard(c.OriginalInteractionResponse(ctx, interactionWith("a/b")))
		}),
		noted("chat", "EditOriginalInteractionResponse", chat.New).writes().auth(interactionKey).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditOriginalInteractionResponse(ctx, interaction(), chat.MessageEdit{}))
		}),
		noted("chat", "DeleteOriginalInteractionResponse", chat.New).writes().auth(interactionKey).returns(none).rejects("interaction_token", func(ctx context.Context, c *chat.Client) error {
			return c.DeleteOriginalInteractionResponse(ctx, interactionWith(""))
		}),
		noted("chat", "CreateFollowupMessage", chat.New).writes().auth(interactionKey).rejects("content", func(ctx context.Context, c *chat.Client) error {
			return discard(c.CreateFollowupMessage(ctx, interaction(), chat.InteractionMessage{}))
		}),
		noted("chat", "FollowupMessage", chat.New).auth(interactionKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.FollowupMessage(ctx, interaction(), "@original"))
		}),
		noted("chat", "EditFollowupMessage", chat.New).writes().auth(interactionKey).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
			return discard(c.EditFollowupMessage(ctx, interaction(), "", chat.MessageEdit{Content: ptr("x")}))
		}),
		noted("chat", "DeleteFollowupMessage", chat.New).writes().auth(interactionKey).returns(none).rejects("message_id", func(ctx context.Context, c *chat.Client) error {
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
