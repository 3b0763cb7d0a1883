package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func init() {
	register("chat", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := chat.New()
		if err != nil {
			return err
		}
		me, err := c.CurrentUser(ctx)
		if err != nil {
			return err
		}
		say("CurrentUser", "%s (id %s)", me.Username, me.ID)
		gb, err := c.GatewayBot(ctx)
		if err != nil {
			return err
		}
		say("GatewayBot", "%d shards, %d of %d session starts left", gb.Shards, gb.SessionStartLimit.Remaining, gb.SessionStartLimit.Total)
		gw, err := c.Gateway(&chat.GatewayParams{Intents: chat.IntentGuildMessages})
		if err != nil {
			return err
		}
		for ev, err := range gw.Events(ctx) {
			if err != nil {
				return err
			}
			if r, ok := ev.(*chat.ReadyEvent); ok {
				say("Gateway", "READY as %s, session %s, %d servers to come", r.User.Username, r.SessionID, len(r.Guilds))
				break // closes the connection with 1000
			}
		}
		m, err := c.CreateMessage(ctx, "1180000000000000101", "Deploy 2024.06.21-3 finished in 4m12s", nil)
		if err != nil {
			return err
		}
		say("CreateMessage", "message %s in channel %s by %s", m.ID, m.ChannelID, m.Author.Username)
		chs, err := c.GuildChannels(ctx, "1180000000000000007")
		if err != nil {
			return err
		}
		last := chs[len(chs)-1]
		say("GuildChannels", "%d channels, last %s type %d at position %d", len(chs), last.ID, last.Type, last.Position)
		id := conduittest.Credential("chat", "webhook_id")
		token := conduittest.Credential("chat", "webhook_token")
		hook, err := chat.ParseWebhookURL(os.Getenv("CONDUIT_CHAT_WEBHOOK_BASE") + "/webhooks/" + id + "/" + token)
		if err != nil {
			return err
		}
		say("ParseWebhookURL", "%v", hook)
		built := chat.NewWebhook(chat.Snowflake(id), token)
		say("NewWebhook", "from the id and token the settings page shows: %v, the same webhook: %t", built, built.ID == hook.ID && built.Token() == hook.Token())
		msg := chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"}
		if err := c.ExecuteWebhook(ctx, hook, msg); err != nil {
			return err
		}
		say("ExecuteWebhook", "204, no body")
		posted, err := c.ExecuteWebhookWait(ctx, hook, msg)
		if err != nil {
			return err
		}
		say("ExecuteWebhookWait", "message %s as %q: %s", posted.ID, posted.Author.Username, posted.Content)
		if err := chatMore(ctx, c, hook, posted.ID, say); err != nil {
			return err
		}
		return interactions(say)
	})
}

// chatMore tours the calls past the first five: reading a channel, a reply
// with a file, reactions, edits, a server and its members, a DM, and a
// webhook's own message.
func chatMore(ctx context.Context, c *chat.Client, hook chat.Webhook, posted chat.Snowflake, say func(op, format string, args ...any)) error {
	const channel = "1180000000000000101"
	ch, err := c.Channel(ctx, channel)
	if err != nil {
		return err
	}
	say("Channel", "#%s in guild %s", ch.Name, ch.GuildID)
	recent, err := c.ChannelMessages(ctx, channel, &chat.ChannelMessagesParams{Limit: 3})
	if err != nil {
		return err
	}
	say("ChannelMessages", "%d messages, newest %s replies to %s", len(recent), recent[0].ID, recent[0].Reference.MessageID)
	authors := map[chat.Snowflake]bool{}
	for m, err := range c.EachChannelMessage(ctx, channel, &chat.ChannelMessagesParams{Limit: 100}) {
		if err != nil {
			return err
		}
		authors[m.Author.ID] = true
	}
	say("EachChannelMessage", "a page read message by message: %d authors", len(authors))
	history, err := take(c.AllChannelMessages(ctx, channel, nil), 10)
	if err != nil {
		return err
	}
	say("AllChannelMessages", "%d messages seen, newest first, oldest %s: %s", len(history), history[len(history)-1].ID, history[len(history)-1].Content)
	first, err := c.Message(ctx, channel, recent[len(recent)-1].ID)
	if err != nil {
		return err
	}
	say("Message", "%s: %s", first.ID, first.Content)
	reply, err := c.CreateMessage(ctx, channel, "Rolled back, log attached", &chat.MessageParams{
		Reference: &chat.MessageReference{MessageID: first.ID},
		Files:     []chat.File{{Name: "rollback.log", ContentType: "text/plain", Reader: strings.NewReader("09:20:41 rolling back\n")}},
	})
	if err != nil {
		return err
	}
	say("CreateMessage", "reply %s with one file", reply.ID)
	if err := c.CreateReaction(ctx, channel, first.ID, "🔥"); err != nil {
		return err
	}
	say("CreateReaction", "🔥 on %s", first.ID)
	if err := c.DeleteOwnReaction(ctx, channel, first.ID, "🔥"); err != nil {
		return err
	}
	say("DeleteOwnReaction", "🔥 off %s", first.ID)
	text := "Deploy 2024.06.21-3 finished in 4m12s (rolled back)"
	edited, err := c.EditMessage(ctx, channel, first.ID, chat.MessageEdit{Content: &text})
	if err != nil {
		return err
	}
	say("EditMessage", "%s now reads %q", edited.ID, edited.Content)
	if err := c.DeleteMessage(ctx, channel, reply.ID); err != nil {
		return err
	}
	say("DeleteMessage", "%s deleted, 204", reply.ID)
	g, err := c.Guild(ctx, "1180000000000000007", &chat.GuildParams{WithCounts: true})
	if err != nil {
		return err
	}
	say("Guild", "%s, about %d members", g.Name, g.ApproximateMemberCount)
	members, err := c.GuildMembers(ctx, g.ID, &chat.GuildMembersParams{Limit: 1000})
	if err != nil {
		return err
	}
	say("GuildMembers", "%d members, first %s", len(members), members[0].User.Username)
	everyone, err := take(c.AllGuildMembers(ctx, g.ID, nil), 10)
	if err != nil {
		return err
	}
	say("AllGuildMembers", "%d members seen in user id order, last %s", len(everyone), everyone[len(everyone)-1].User.Username)
	dm, err := c.CreateDM(ctx, g.OwnerID)
	if err != nil {
		return err
	}
	say("CreateDM", "channel %s with %s", dm.ID, dm.Recipients[0].Username)
	got, err := c.WebhookMessage(ctx, hook, posted, nil)
	if err != nil {
		return err
	}
	say("WebhookMessage", "%s: %s", got.ID, got.Content)
	note := "Build #130 passed on main (re-run of #129)"
	changed, err := c.EditWebhookMessage(ctx, hook, posted, chat.MessageEdit{Content: &note}, nil)
	if err != nil {
		return err
	}
	say("EditWebhookMessage", "%s now reads %q", changed.ID, changed.Content)
	if err := c.DeleteWebhookMessage(ctx, hook, posted, nil); err != nil {
		return err
	}
	say("DeleteWebhookMessage", "%s deleted, 204", posted)
	return chatCommands(ctx, c, say)
}

// chatCommands registers an application's slash commands, globally and in
// one server, and sets who may use one there.
func chatCommands(ctx context.Context, c *chat.Client, say func(op, format string, args ...any)) error {
	const app, guild = "1180000000000000003", "1180000000000000007"
	buttons, err := chat.Components(&chat.ActionRow{Components: []chat.Component{
		&chat.Button{Style: chat.ButtonSuccess, Label: "Promote to production", CustomID: "promote:2024.06.21-3"},
		&chat.Button{Style: chat.ButtonLink, Label: "Logs", URL: "https://ci.example.com/130"},
	}})
	if err != nil {
		return err
	}
	card, err := chat.Components(&chat.Container{Components: []chat.Component{
		&chat.TextDisplay{Content: "## Deploy 2024.06.21-3\nfinished in 4m12s"},
		&chat.Separator{Spacing: chat.SpacingSmall},
		&chat.ActionRow{Components: []chat.Component{&chat.Button{Style: chat.ButtonDanger, Label: "Roll back", CustomID: "rollback:2024.06.21-3"}}},
	}})
	if err != nil {
		return err
	}
	posted, err := c.CreateMessage(ctx, "1180000000000000101", "Deploy 2024.06.21-3 is on staging", &chat.MessageParams{Components: buttons})
	if err != nil {
		return err
	}
	if _, err := c.CreateMessage(ctx, "1180000000000000101", "", &chat.MessageParams{Components: card}); err != nil {
		return err
	}
	say("Components", "message %s with %d bytes of buttons; a layout card of %d bytes, sent with the components-v2 flag", posted.ID, len(buttons), len(card))
	deploy := chat.ApplicationCommand{Name: "deploy", Description: "Deploy a build to an environment",
		Options: []chat.CommandOption{{Type: chat.StringOption, Name: "env", Description: "Where to deploy", Required: true,
			Choices: []chat.CommandChoice{{Name: "Staging", Value: "staging"}, {Name: "Production", Value: "production"}}}}}
	set, err := c.BulkOverwriteGlobalCommands(ctx, app, []chat.ApplicationCommand{deploy})
	if err != nil {
		return err
	}
	say("BulkOverwriteGlobalCommands", "%d commands registered, first /%s version %s", len(set), set[0].Name, set[0].Version)
	all, err := c.GlobalCommands(ctx, app)
	if err != nil {
		return err
	}
	say("GlobalCommands", "%d: /%s and %q (type %d)", len(all), all[0].Name, all[1].Name, all[1].Type)
	created, err := c.CreateGlobalCommand(ctx, app, deploy)
	if err != nil {
		return err
	}
	say("CreateGlobalCommand", "/%s is %s", created.Name, created.ID)
	one, err := c.GlobalCommand(ctx, app, created.ID)
	if err != nil {
		return err
	}
	say("GlobalCommand", "/%s option %s has %d choices", one.Name, one.Options[0].Name, len(one.Options[0].Choices))
	desc := "Deploy a build to staging or production"
	edited, err := c.EditGlobalCommand(ctx, app, created.ID, chat.CommandEdit{Description: &desc})
	if err != nil {
		return err
	}
	say("EditGlobalCommand", "/%s now reads %q", edited.Name, edited.Description)
	if err := c.DeleteGlobalCommand(ctx, app, created.ID); err != nil {
		return err
	}
	say("DeleteGlobalCommand", "%s deleted, 204", created.ID)
	here, err := c.BulkOverwriteGuildCommands(ctx, app, guild, []chat.ApplicationCommand{deploy})
	if err != nil {
		return err
	}
	say("BulkOverwriteGuildCommands", "%d commands in server %s", len(here), here[0].GuildID)
	listed, err := c.GuildCommands(ctx, app, guild)
	if err != nil {
		return err
	}
	say("GuildCommands", "%d in the server", len(listed))
	gc, err := c.CreateGuildCommand(ctx, app, guild, deploy)
	if err != nil {
		return err
	}
	say("CreateGuildCommand", "/%s in server %s at once", gc.Name, gc.GuildID)
	got, err := c.GuildCommand(ctx, app, guild, gc.ID)
	if err != nil {
		return err
	}
	say("GuildCommand", "/%s needs permissions %s", got.Name, *got.DefaultMemberPermissions)
	ge, err := c.EditGuildCommand(ctx, app, guild, gc.ID, chat.CommandEdit{Description: &desc})
	if err != nil {
		return err
	}
	say("EditGuildCommand", "version %s", ge.Version)
	if err := c.DeleteGuildCommand(ctx, app, guild, gc.ID); err != nil {
		return err
	}
	say("DeleteGuildCommand", "%s deleted, 204", gc.ID)
	bearer := conduittest.Credential("chat", "bearer_token") // a user's OAuth2 token
	perms, err := c.EditCommandPermissions(ctx, app, guild, gc.ID, bearer, []chat.CommandPermission{
		{ID: "1180000000000000011", Type: chat.PermissionRole, Permission: true}})
	if err != nil {
		return err
	}
	say("EditCommandPermissions", "%d overwrites on %s", len(perms.Permissions), perms.ID)
	p, err := c.CommandPermissions(ctx, app, guild, gc.ID)
	if err != nil {
		return err
	}
	say("CommandPermissions", "role %s allowed: %t", p.Permissions[0].ID, p.Permissions[0].Permission)
	every, err := c.GuildCommandPermissions(ctx, app, guild)
	if err != nil {
		return err
	}
	say("GuildCommandPermissions", "%d commands with overwrites", len(every))
	return chatThreads(ctx, c, say)
}

// chatThreads starts threads, manages their members and lists them.
func chatThreads(ctx context.Context, c *chat.Client, say func(op, format string, args ...any)) error {
	const channel, guild = "1180000000000000101", "1180000000000000007"
	t, err := c.StartThreadFromMessage(ctx, channel, "1180000000000005001", "Deploy 2024.06.21-3", &chat.ThreadParams{AutoArchiveDuration: 1440, Audit: &chat.Audit{Reason: "deploy discussion"}})
	if err != nil {
		return err
	}
	say("StartThreadFromMessage", "thread %s under %s, archives after %d minutes", t.ID, t.ParentID, t.ThreadMetadata.AutoArchiveDuration)
	private, err := c.StartThread(ctx, channel, "Incident 2024-06-21", &chat.ThreadParams{Type: chat.PrivateThread})
	if err != nil {
		return err
	}
	say("StartThread", "private thread %s (type %d)", private.ID, private.Type)
	post, err := c.StartForumThread(ctx, "1180000000000000105", "Rollout plan", chat.ForumMessage{Content: "Rollout plan for 2024.06.21-3"}, nil)
	if err != nil {
		return err
	}
	say("StartForumThread", "forum post %s in %s", post.ID, post.ParentID)
	if err := c.JoinThread(ctx, t.ID); err != nil {
		return err
	}
	say("JoinThread", "joined %s, 204", t.ID)
	if err := c.AddThreadMember(ctx, t.ID, "1180000000000000201"); err != nil {
		return err
	}
	say("AddThreadMember", "added a member to %s, 204", t.ID)
	if err := c.RemoveThreadMember(ctx, t.ID, "1180000000000000201"); err != nil {
		return err
	}
	say("RemoveThreadMember", "removed them again, 204")
	if err := c.LeaveThread(ctx, t.ID); err != nil {
		return err
	}
	say("LeaveThread", "left %s, 204", t.ID)
	active, err := c.ActiveGuildThreads(ctx, guild)
	if err != nil {
		return err
	}
	say("ActiveGuildThreads", "%d active, the bot in %d", len(active.Threads), len(active.Members))
	public, err := c.PublicArchivedThreads(ctx, channel, &chat.ArchivedThreadsParams{Limit: 2})
	if err != nil {
		return err
	}
	last := public.Threads[len(public.Threads)-1]
	say("PublicArchivedThreads", "%d archived, more: %t, next page before %s", len(public.Threads), public.HasMore, last.ThreadMetadata.ArchiveTimestamp.Format(time.RFC3339))
	older, err := c.PrivateArchivedThreads(ctx, channel, &chat.ArchivedThreadsParams{Before: last.ThreadMetadata.ArchiveTimestamp})
	if err != nil {
		return err
	}
	say("PrivateArchivedThreads", "%d private archived threads", len(older.Threads))
	joined, err := c.JoinedPrivateArchivedThreads(ctx, channel, nil)
	if err != nil {
		return err
	}
	say("JoinedPrivateArchivedThreads", "%d joined, more: %t", len(joined.Threads), joined.HasMore)
	return chatManage(ctx, c, say)
}

// chatManage manages a server: a member's roles and timeout, a ban,
// roles, a channel, pins and a bulk deletion.
func chatManage(ctx context.Context, c *chat.Client, say func(op, format string, args ...any)) error {
	const guild, channel, ana = "1180000000000000007", "1180000000000000101", "1180000000000000201"
	m, err := c.GuildMember(ctx, guild, ana)
	if err != nil {
		return err
	}
	say("GuildMember", "%s is %q with %d roles", m.User.Username, m.Nick, len(m.Roles))
	nick, until := "Ana (off call)", time.Now().Add(time.Hour)
	m, err = c.ModifyGuildMember(ctx, guild, ana, chat.MemberEdit{Nick: &nick, CommunicationDisabledUntil: &until, Audit: &chat.Audit{Reason: "rota change"}})
	if err != nil {
		return err
	}
	say("ModifyGuildMember", "now %q, timed out for an hour", m.Nick)
	if err := c.AddGuildMemberRole(ctx, guild, ana, "1180000000000000011", &chat.Audit{Reason: "on call this week"}); err != nil {
		return err
	}
	say("AddGuildMemberRole", "on-call given, 204")
	if err := c.RemoveGuildMemberRole(ctx, guild, ana, "1180000000000000011", nil); err != nil {
		return err
	}
	say("RemoveGuildMemberRole", "on-call taken, 204")
	if err := c.CreateGuildBan(ctx, guild, "1180000000000000299", &chat.BanParams{DeleteMessageSeconds: 3600, Audit: &chat.Audit{Reason: "spam links"}}); err != nil {
		return err
	}
	say("CreateGuildBan", "banned, last hour of messages deleted, 204")
	bans, err := c.GuildBans(ctx, guild, nil)
	if err != nil {
		return err
	}
	say("GuildBans", "%d bans, first %s for %q", len(bans), bans[0].User.Username, bans[0].Reason)
	if err := c.RemoveGuildBan(ctx, guild, bans[1].User.ID, nil); err != nil {
		return err
	}
	say("RemoveGuildBan", "%s unbanned, 204", bans[1].User.Username)
	roles, err := c.GuildRoles(ctx, guild)
	if err != nil {
		return err
	}
	say("GuildRoles", "%d roles, %s at position %d", len(roles), roles[1].Name, roles[1].Position)
	name, perms := "release-managers", "8192"
	role, err := c.CreateGuildRole(ctx, guild, &chat.RoleParams{Name: &name, Permissions: &perms})
	if err != nil {
		return err
	}
	say("CreateGuildRole", "%s is %s", role.Name, role.ID)
	color := 0xF1C40F
	role, err = c.ModifyGuildRole(ctx, guild, role.ID, &chat.RoleParams{Color: &color})
	if err != nil {
		return err
	}
	say("ModifyGuildRole", "%s now #%06X", role.Name, role.Color)
	if err := c.DeleteGuildRole(ctx, guild, role.ID, nil); err != nil {
		return err
	}
	say("DeleteGuildRole", "%s deleted, 204", role.ID)
	chName, topic := "deploy-2024-06-21", "Rollout of 2024.06.21-3"
	ch, err := c.CreateGuildChannel(ctx, guild, &chat.ChannelParams{Name: &chName, Topic: &topic})
	if err != nil {
		return err
	}
	say("CreateGuildChannel", "#%s is %s", ch.Name, ch.ID)
	slow := 10
	ch, err = c.ModifyChannel(ctx, ch.ID, &chat.ChannelParams{RateLimitPerUser: &slow})
	if err != nil {
		return err
	}
	say("ModifyChannel", "#%s changed", ch.Name)
	gone, err := c.DeleteChannel(ctx, ch.ID, &chat.Audit{Reason: "rollout done"})
	if err != nil {
		return err
	}
	say("DeleteChannel", "#%s deleted", gone.Name)
	if err := c.PinMessage(ctx, channel, "1180000000000005001", nil); err != nil {
		return err
	}
	say("PinMessage", "pinned, 204")
	pins, err := c.PinnedMessages(ctx, channel, nil)
	if err != nil {
		return err
	}
	say("PinnedMessages", "%d pinned, first %s at %s", len(pins.Items), pins.Items[0].Message.ID, pins.Items[0].PinnedAt.Format(time.RFC3339))
	if err := c.UnpinMessage(ctx, channel, "1180000000000005001", nil); err != nil {
		return err
	}
	say("UnpinMessage", "unpinned, 204")
	if err := c.TriggerTyping(ctx, channel); err != nil {
		return err
	}
	say("TriggerTyping", "typing…, 204")
	// Ids carry their time: bulk deletion takes only the last two weeks'.
	recent := func(n int64) chat.Snowflake {
		return chat.Snowflake(strconv.FormatInt((time.Now().Add(-time.Hour).UnixMilli()+n-1420070400000)<<22, 10))
	}
	if err := c.BulkDeleteMessages(ctx, channel, []chat.Snowflake{recent(0), recent(1), recent(2)}, nil); err != nil {
		return err
	}
	say("BulkDeleteMessages", "3 messages deleted, 204")
	return chatAnswers(ctx, c, say)
}

// chatAnswers answers an interaction through the API: a deferred reply,
// the message it promised, with a button, and an ephemeral follow-up.
func chatAnswers(ctx context.Context, c *chat.Client, say func(op, format string, args ...any)) error {
	in, err := chat.ParseInteraction([]byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,` +
		`"data":{"name":"deploy"},"channel_id":"1180000000000000101","token":"` + conduittest.Credential("chat", "interaction_token") + `","version":1}`))
	if err != nil {
		return err
	}
	if err := c.CreateInteractionResponse(ctx, in, chat.DeferReply(false)); err != nil {
		return err
	}
	say("CreateInteractionResponse", "%v deferred, 204", in)
	promote, err := chat.Components(&chat.ActionRow{Components: []chat.Component{
		&chat.Button{Style: chat.ButtonSuccess, Label: "Promote to production", CustomID: "promote:2024.06.21-3"}}})
	if err != nil {
		return err
	}
	text := "Deployed 2024.06.21-3 to staging"
	orig, err := c.EditOriginalInteractionResponse(ctx, in, chat.MessageEdit{Content: &text, Components: promote})
	if err != nil {
		return err
	}
	say("EditOriginalInteractionResponse", "%s reads %q, with a button", orig.ID, orig.Content)
	got, err := c.OriginalInteractionResponse(ctx, in)
	if err != nil {
		return err
	}
	say("OriginalInteractionResponse", "%s: %s", got.ID, got.Content)
	f, err := c.CreateFollowupMessage(ctx, in, chat.InteractionMessage{Content: "Canary at 5%: no errors", Flags: chat.FlagEphemeral})
	if err != nil {
		return err
	}
	say("CreateFollowupMessage", "ephemeral follow-up %s", f.ID)
	f, err = c.FollowupMessage(ctx, in, f.ID)
	if err != nil {
		return err
	}
	say("FollowupMessage", "%s: %s", f.ID, f.Content)
	now := "Canary at 25%: no errors"
	f, err = c.EditFollowupMessage(ctx, in, f.ID, chat.MessageEdit{Content: &now})
	if err != nil {
		return err
	}
	say("EditFollowupMessage", "%s now reads %q", f.ID, f.Content)
	if err := c.DeleteFollowupMessage(ctx, in, f.ID); err != nil {
		return err
	}
	say("DeleteFollowupMessage", "%s deleted, 204", f.ID)
	if err := c.DeleteOriginalInteractionResponse(ctx, in); err != nil {
		return err
	}
	say("DeleteOriginalInteractionResponse", "%s deleted, 204", orig.ID)
	return nil
}

// interactions receives interactions as an application's endpoint does. The
// platform signs each request with the application's Ed25519 key; here the
// tour makes its own key pair and signs as the platform would.
func interactions(say func(op, format string, args ...any)) error {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	key, err := chat.ParsePublicKey(hex.EncodeToString(pub)) // as the settings page shows it
	if err != nil {
		return err
	}
	say("ParsePublicKey", "%d-byte Ed25519 key from 64 hex digits", len(key))

	body := []byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":2,"data":{"name":"deploy","options":[{"name":"env","value":"staging"}]},"guild_id":"1180000000000000007","channel_id":"1180000000000000101","token":"aW50ZXJhY3Rpb246MTE4MA","version":1}`)
	timestamp, signature := signInteraction(priv, body)
	if err := chat.VerifyInteraction(key, signature, timestamp, body); err != nil {
		return err
	}
	tampered := bytes.Replace(body, []byte("staging"), []byte("production"), 1)
	refused := chat.VerifyInteraction(key, signature, timestamp, tampered)
	if !errors.Is(refused, chat.ErrUnverified) {
		return fmt.Errorf("a tampered interaction should not verify, got %v", refused)
	}
	say("VerifyInteraction", "the signed body verifies; with staging changed to production: %v", refused)

	in, err := chat.ParseInteraction(body)
	if err != nil {
		return err
	}
	var command struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(in.Data, &command); err != nil {
		return err
	}
	say("ParseInteraction", "%v: command /%s in channel %s", in, command.Name, in.ChannelID)

	h := chat.InteractionHandler(key, func(w http.ResponseWriter, _ *http.Request, _ *chat.Interaction) {
		if err := chat.WriteInteractionResponse(w, chat.ReplyMessage(chat.InteractionMessage{Content: "Deploying to staging"})); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	ping := []byte(`{"id":"1180000000000000902","application_id":"1180000000000000003","type":1,"token":"cGluZw","version":1}`)
	pong := serveInteraction(h, priv, ping, false)
	answer := serveInteraction(h, priv, body, false)
	forged := serveInteraction(h, priv, body, true)
	say("InteractionHandler", "PING: %d %s; the command: %d %s; a forged signature: %d",
		pong.Code, strings.TrimSpace(pong.Body.String()), answer.Code, strings.TrimSpace(answer.Body.String()), forged.Code)

	// The other typed answers, as the platform reads them.
	var typed []string
	for _, r := range []chat.InteractionResponse{
		chat.Pong(), chat.DeferReply(true), chat.DeferUpdate(),
		chat.UpdateMessage(chat.InteractionMessage{Content: "Deployed"}),
		chat.AutocompleteResult(chat.AutocompleteChoice{Name: "staging", Value: "staging"}),
		chat.ShowModal(chat.Modal{CustomID: "reason", Title: "Why roll back?",
			Components: json.RawMessage(`[{"type":1,"components":[{"type":4,"custom_id":"why","label":"Reason","style":2}]}]`)}),
	} {
		w := httptest.NewRecorder()
		if err := chat.WriteInteractionResponse(w, r); err != nil {
			return err
		}
		typed = append(typed, strings.TrimSpace(w.Body.String())[:min(w.Body.Len(), 40)])
	}
	say("WriteInteractionResponse", "%s", strings.Join(typed, " | "))
	return nil
}

// signInteraction signs body as the platform does: the Ed25519 signature of
// the timestamp followed by the body, both headers' values in hex and Unix
// seconds.
func signInteraction(priv ed25519.PrivateKey, body []byte) (timestamp, signature string) {
	timestamp = strconv.FormatInt(time.Now().Unix(), 10)
	return timestamp, hex.EncodeToString(ed25519.Sign(priv, append([]byte(timestamp), body...)))
}

// serveInteraction POSTs a signed body to h, with a broken signature when
// forge is set, and returns the answer.
func serveInteraction(h http.Handler, priv ed25519.PrivateKey, body []byte, forge bool) *httptest.ResponseRecorder {
	timestamp, signature := signInteraction(priv, body)
	if forge {
		signature = strings.Repeat("0", len(signature))
	}
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("X-Signature-Ed25519", signature)
	r.Header.Set("X-Signature-Timestamp", timestamp)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
