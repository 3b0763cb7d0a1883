package main

import (
	"context"
	"os"
	"strings"

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
		id, _ := conduittest.Credential("chat", "webhook_id")
		token, _ := conduittest.Credential("chat", "webhook_token")
		hook, err := chat.ParseWebhookURL(os.Getenv("CONDUIT_CHAT_WEBHOOK_BASE") + "/webhooks/" + id + "/" + token)
		if err != nil {
			return err
		}
		say("ParseWebhookURL", "%v", hook)
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
		return chatMore(ctx, c, hook, posted.ID, say)
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
	return nil
}
