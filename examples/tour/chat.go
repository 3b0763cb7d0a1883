package main

import (
	"context"
	"os"

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
		return nil
	})
}
