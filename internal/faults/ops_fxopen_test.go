package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/fxopen"
)

func init() {
	ops = append(ops,
		row("fxopen", "Latest", fxopen.New, func(ctx context.Context, c *fxopen.Client) error {
			return discard(c.Latest(ctx, "USD"))
		}).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
			return discard(c.Latest(ctx, "usd"))
		}).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
			return discard(c.Latest(ctx, "US/D"))
		}),
	)
}
