package faults

import (
	"context"
	"encoding/json"
	"math"

	"github.com/conduit-sdk/conduit/observability"
)

func init() {
	ops = append(ops,
		row("observability", "Auth", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.Auth(ctx))
		}).auth(obsHeader),
		row("observability", "ListDatasets", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListDatasets(ctx))
		}).auth(obsHeader),
		row("observability", "SendEvent", observability.New, func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
		}).writes().auth(obsHeader).returns(none).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "", observability.Event{"status": 200})
		}).rejects("event", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{})
		}).rejects("user", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"status": 200, "user": map[string]any{"id": 1}})
		}).rejects("duration_ms", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"duration_ms": math.Inf(1)})
		}).rejects("ok", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"ok": true})
		}).rejects("status", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"status": json.Number("2e")})
		}),
	)
}
