package faults

import (
	"context"

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
	)
}
