package samples

import (
	"bytes"
	"context"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

// Ids of the chat fixtures: the application, its server, a command and a
// channel.
const (
	chatApp     = chat.Snowflake("1180000000000000003")
	chatGuild   = chat.Snowflake("1180000000000000007")
	chatCommand = chat.Snowflake("1180000000000000601")
	chatChannel = chat.Snowflake("1180000000000000101")
)

// chatDeploy is the slash command the command rows register.
var chatDeploy = chat.ApplicationCommand{Name: "deploy", Description: "Deploy a build to an environment",
	Options: []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "Where to deploy", Required: true,
		Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}, {Name: "Production", Value: "production"}}}}}

// chatHook is the webhook the fake accepts; its id and token are the
// fake's credentials, which a caller passes per call.
func chatHook() chat.Webhook {
	return chat.NewWebhook(chat.Snowflake(conduittest.Credential("chat", "webhook_id")), conduittest.Credential("chat", "webhook_token"))
}

// chatInteraction is the interaction the fake accepts; its token is a
// per-call secret the fake knows.
func chatInteraction() *chat.Interaction {
	in, err := chat.ParseInteraction([]byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,` +
		`"data":{"name":"deploy"},"channel_id":"1180000000000000101","token":"` + conduittest.Credential("chat", "interaction_token") + `","version":1}`))
	if err != nil {
		panic(err)
	}
	return in
}

// recentChatID is the id of a message sent an hour ago (plus n
// milliseconds), which bulk deletion still takes.
func recentChatID(n int64) chat.Snowflake {
	ms := time.Now().Add(-time.Hour).UnixMilli() + n - 1420070400000
	return chat.Snowflake(strconv.FormatInt(ms<<22, 10))
}

// ptrTo is a pointer to v, for the optional fields of edits.
func ptrTo[T any](v T) *T { return &v }

func init() {
	add("chat", chat.New, []row[*chat.Client]{
		{"CurrentUser", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			u, err := cl.CurrentUser(ctx)
			return answer(u, func() any { return u.Username }), err
		}},
		{"CreateMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.CreateMessage(ctx, "1180000000000000101", "Deploy finished", nil)
			return answer(m, func() any { return m.ID }), err
		}},
		{"GatewayBot", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			g, err := cl.GatewayBot(ctx)
			return answer(g, func() any { return g.SessionStartLimit.Remaining }), err
		}},
		{"GuildChannels", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			chs, err := cl.GuildChannels(ctx, "1180000000000000007")
			return answer(chs, func() any { return len(chs) }), err
		}},
		{"ExecuteWebhook", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.ExecuteWebhook(ctx, chatHook(), chat.WebhookMessage{Content: "Build passed"})
			return sent(SentBody), err
		}},
		{"ExecuteWebhookWait", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			// A message with a file is a multipart upload.
			m, err := cl.ExecuteWebhookWait(ctx, chatHook(), chat.WebhookMessage{Content: "Build #130 passed on main", ThreadID: "1180000000000000401",
				Files: []chat.File{{Name: "coverage.png", ContentType: "image/png", Reader: bytes.NewReader(photo)}}})
			return answer(m, func() any { return m.Content }), err
		}},
		{"EachChannelMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			return each(cl.EachChannelMessage(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 3}))
		}},
		{"ChannelMessages", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ms, err := cl.ChannelMessages(ctx, "1180000000000000101", &chat.ChannelMessagesParams{Limit: 3})
			return answer(ms, func() any { return ms[0].Reference.MessageID }), err
		}},
		{"Message", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.Message(ctx, "1180000000000000101", "1180000000000005001")
			return answer(m, func() any { return m.Content }), err
		}},
		{"EditMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			text := "Deploy finished (rolled back)"
			m, err := cl.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Content: &text})
			return answer(m, func() any { return m.Content }), err
		}},
		{"DeleteMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteMessage(ctx, "1180000000000000101", "1180000000000005001")
			return sent(SentPath), err
		}},
		{"CreateReaction", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.CreateReaction(ctx, "1180000000000000101", "1180000000000005001", "🔥")
			return sent(SentPath), err
		}},
		{"DeleteOwnReaction", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteOwnReaction(ctx, "1180000000000000101", "1180000000000005001", "🔥")
			return sent(SentPath), err
		}},
		{"Channel", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.Channel(ctx, "1180000000000000101")
			return answer(ch, func() any { return ch.Name }), err
		}},
		{"Guild", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			g, err := cl.Guild(ctx, "1180000000000000007", &chat.GuildParams{WithCounts: true})
			return answer(g, func() any { return g.ApproximateMemberCount }), err
		}},
		{"GuildMembers", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ms, err := cl.GuildMembers(ctx, "1180000000000000007", &chat.GuildMembersParams{Limit: 3})
			return answer(ms, func() any { return ms[1].Nick }), err
		}},
		{"CreateDM", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.CreateDM(ctx, "1180000000000000201")
			return answer(ch, func() any { return ch.Recipients[0].Username }), err
		}},
		{"WebhookMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.WebhookMessage(ctx, chatHook(), "1180000000000005002", nil)
			return answer(m, func() any { return m.Content }), err
		}},
		{"EditWebhookMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			text := "Build passed (re-run)"
			m, err := cl.EditWebhookMessage(ctx, chatHook(), "1180000000000005002", chat.MessageEdit{Content: &text}, nil)
			return answer(m, func() any { return m.Content }), err
		}},
		{"DeleteWebhookMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteWebhookMessage(ctx, chatHook(), "1180000000000005002", nil)
			return sent(SentPath), err
		}},
		{"GlobalCommands", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			cs, err := cl.GlobalCommands(ctx, chatApp)
			return answer(cs, func() any { return cs[1].Type }), err
		}},
		{"GlobalCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.GlobalCommand(ctx, chatApp, chatCommand)
			return answer(c, func() any { return c.Options[0].Choices[1].Value }), err
		}},
		{"CreateGlobalCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.CreateGlobalCommand(ctx, chatApp, chatDeploy)
			return answer(c, func() any { return c.ID }), err
		}},
		{"EditGlobalCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.EditGlobalCommand(ctx, chatApp, chatCommand, chat.CommandEdit{Description: ptrTo("Deploy a build to staging or production")})
			return answer(c, func() any { return c.Description }), err
		}},
		{"DeleteGlobalCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteGlobalCommand(ctx, chatApp, chatCommand)
			return sent(SentPath), err
		}},
		{"BulkOverwriteGlobalCommands", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			cs, err := cl.BulkOverwriteGlobalCommands(ctx, chatApp, []chat.ApplicationCommand{chatDeploy})
			return answer(cs, func() any { return cs[0].Version }), err
		}},
		{"GuildCommands", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			cs, err := cl.GuildCommands(ctx, chatApp, chatGuild)
			return answer(cs, func() any { return cs[0].GuildID }), err
		}},
		{"GuildCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.GuildCommand(ctx, chatApp, chatGuild, chatCommand)
			return answer(c, func() any { return c.GuildID }), err
		}},
		{"CreateGuildCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.CreateGuildCommand(ctx, chatApp, chatGuild, chatDeploy)
			return answer(c, func() any { return c.GuildID }), err
		}},
		{"EditGuildCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			c, err := cl.EditGuildCommand(ctx, chatApp, chatGuild, chatCommand, chat.CommandEdit{Description: ptrTo("Deploy a build to staging or production")})
			return answer(c, func() any { return c.Description }), err
		}},
		{"DeleteGuildCommand", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteGuildCommand(ctx, chatApp, chatGuild, chatCommand)
			return sent(SentPath), err
		}},
		{"BulkOverwriteGuildCommands", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			cs, err := cl.BulkOverwriteGuildCommands(ctx, chatApp, chatGuild, []chat.ApplicationCommand{chatDeploy})
			return answer(cs, func() any { return len(cs) }), err
		}},
		{"GuildCommandPermissions", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ps, err := cl.GuildCommandPermissions(ctx, chatApp, chatGuild)
			return answer(ps, func() any { return ps[1].Permissions[0].Type }), err
		}},
		{"CommandPermissions", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			p, err := cl.CommandPermissions(ctx, chatApp, chatGuild, chatCommand)
			return answer(p, func() any { return p.Permissions[0].ID }), err
		}},
		{"EditCommandPermissions", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			p, err := cl.EditCommandPermissions(ctx, chatApp, chatGuild, chatCommand, conduittest.Credential("chat", "bearer_token"),
				[]chat.CommandPermission{{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true}})
			return answer(p, func() any { return p.Permissions[0].Permission }), err
		}},
		{"StartThreadFromMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.StartThreadFromMessage(ctx, chatChannel, "1180000000000005001", "Deploy 2024.06.21-3", nil)
			return answer(ch, func() any { return ch.ThreadMetadata.AutoArchiveDuration }), err
		}},
		{"StartThread", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.StartThread(ctx, chatChannel, "Incident 2024-06-21", &chat.ThreadParams{Type: chat.PrivateThread})
			return answer(ch, func() any { return ch.Type }), err
		}},
		{"StartForumThread", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{Content: "Rollout plan for 2024.06.21-3"}, nil)
			return answer(ch, func() any { return ch.ParentID }), err
		}},
		{"JoinThread", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.JoinThread(ctx, "1180000000000005001")
			return sent(SentPath), err
		}},
		{"LeaveThread", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.LeaveThread(ctx, "1180000000000005001")
			return sent(SentPath), err
		}},
		{"AddThreadMember", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.AddThreadMember(ctx, "1180000000000005001", "1180000000000000201")
			return sent(SentPath), err
		}},
		{"RemoveThreadMember", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.RemoveThreadMember(ctx, "1180000000000005001", "1180000000000000201")
			return sent(SentPath), err
		}},
		{"ActiveGuildThreads", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			l, err := cl.ActiveGuildThreads(ctx, chatGuild)
			return answer(l, func() any { return l.Members[0].UserID }), err
		}},
		{"PublicArchivedThreads", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			l, err := cl.PublicArchivedThreads(ctx, chatChannel, &chat.ArchivedThreadsParams{Limit: 2})
			return answer(l, func() any { return l.HasMore }), err
		}},
		{"PrivateArchivedThreads", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			l, err := cl.PrivateArchivedThreads(ctx, chatChannel, nil)
			return answer(l, func() any { return l.Threads[1].ThreadMetadata.ArchiveTimestamp }), err
		}},
		{"JoinedPrivateArchivedThreads", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			l, err := cl.JoinedPrivateArchivedThreads(ctx, chatChannel, &chat.JoinedThreadsParams{Before: "1180000000000000402"})
			return answer(l, func() any { return l.Threads[0].ID }), err
		}},
		{"GuildMember", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.GuildMember(ctx, chatGuild, "1180000000000000201")
			return answer(m, func() any { return m.Nick }), err
		}},
		{"ModifyGuildMember", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			until := time.Now().Add(time.Hour)
			m, err := cl.ModifyGuildMember(ctx, chatGuild, "1180000000000000201", chat.MemberEdit{CommunicationDisabledUntil: &until})
			return answer(m, func() any { return m.Nick }), err
		}},
		{"AddGuildMemberRole", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.AddGuildMemberRole(ctx, chatGuild, "1180000000000000201", "1180000000000000011", nil)
			return sent(SentPath), err
		}},
		{"RemoveGuildMemberRole", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.RemoveGuildMemberRole(ctx, chatGuild, "1180000000000000201", "1180000000000000011", nil)
			return sent(SentPath), err
		}},
		{"GuildBans", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			bs, err := cl.GuildBans(ctx, chatGuild, nil)
			return answer(bs, func() any { return bs[0].Reason }), err
		}},
		{"CreateGuildBan", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.CreateGuildBan(ctx, chatGuild, "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 3600})
			return sent(SentBody), err
		}},
		{"RemoveGuildBan", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.RemoveGuildBan(ctx, chatGuild, "1180000000000000299", nil)
			return sent(SentPath), err
		}},
		{"GuildRoles", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			rs, err := cl.GuildRoles(ctx, chatGuild)
			return answer(rs, func() any { return rs[1].Permissions }), err
		}},
		{"CreateGuildRole", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			name := "release-managers"
			r, err := cl.CreateGuildRole(ctx, chatGuild, &chat.RoleParams{Name: &name})
			return answer(r, func() any { return r.ID }), err
		}},
		{"ModifyGuildRole", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			color := 0xF1C40F
			r, err := cl.ModifyGuildRole(ctx, chatGuild, "1180000000000000013", &chat.RoleParams{Color: &color})
			return answer(r, func() any { return r.Color }), err
		}},
		{"DeleteGuildRole", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteGuildRole(ctx, chatGuild, "1180000000000000013", nil)
			return sent(SentPath), err
		}},
		{"CreateGuildChannel", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			name := "deploy-2024-06-21"
			ch, err := cl.CreateGuildChannel(ctx, chatGuild, &chat.ChannelParams{Name: &name})
			return answer(ch, func() any { return ch.ID }), err
		}},
		{"ModifyChannel", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			topic := "Rollout of 2024.06.21-3 (done)"
			ch, err := cl.ModifyChannel(ctx, "1180000000000000106", &chat.ChannelParams{Topic: &topic})
			return answer(ch, func() any { return ch.Name }), err
		}},
		{"DeleteChannel", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			ch, err := cl.DeleteChannel(ctx, "1180000000000000106", nil)
			return answer(ch, func() any { return ch.ID }), err
		}},
		{"PinnedMessages", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			l, err := cl.PinnedMessages(ctx, chatChannel, nil)
			return answer(l, func() any { return l.Items[0].Message.ID }), err
		}},
		{"PinMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.PinMessage(ctx, chatChannel, "1180000000000005001", nil)
			return sent(SentPath), err
		}},
		{"UnpinMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.UnpinMessage(ctx, chatChannel, "1180000000000005001", nil)
			return sent(SentPath), err
		}},
		{"BulkDeleteMessages", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.BulkDeleteMessages(ctx, chatChannel, []chat.Snowflake{recentChatID(0), recentChatID(1)}, nil)
			return sent(SentBody), err
		}},
		{"TriggerTyping", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.TriggerTyping(ctx, chatChannel)
			return sent(SentPath), err
		}},
		{"CreateInteractionResponse", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.CreateInteractionResponse(ctx, chatInteraction(), chat.DeferReply(true))
			return sent(SentBody), err
		}},
		{"OriginalInteractionResponse", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.OriginalInteractionResponse(ctx, chatInteraction())
			return answer(m, func() any { return m.Content }), err
		}},
		{"EditOriginalInteractionResponse", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.EditOriginalInteractionResponse(ctx, chatInteraction(), chat.MessageEdit{Content: ptrTo("Deployed to staging")})
			return answer(m, func() any { return m.Content }), err
		}},
		{"DeleteOriginalInteractionResponse", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteOriginalInteractionResponse(ctx, chatInteraction())
			return sent(SentPath), err
		}},
		{"CreateFollowupMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.CreateFollowupMessage(ctx, chatInteraction(), chat.InteractionMessage{Content: "Canary at 5%", Flags: chat.FlagEphemeral})
			return answer(m, func() any { return m.ID }), err
		}},
		{"FollowupMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.FollowupMessage(ctx, chatInteraction(), "1180000000000005102")
			return answer(m, func() any { return m.Content }), err
		}},
		{"EditFollowupMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			m, err := cl.EditFollowupMessage(ctx, chatInteraction(), "1180000000000005102", chat.MessageEdit{Content: ptrTo("Deployed to staging")})
			return answer(m, func() any { return m.Content }), err
		}},
		{"DeleteFollowupMessage", func(ctx context.Context, cl *chat.Client) (Answer, error) {
			err := cl.DeleteFollowupMessage(ctx, chatInteraction(), "1180000000000005102")
			return sent(SentPath), err
		}},
	})
}
