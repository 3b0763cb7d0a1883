package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/explorer"
)

func init() {
	ops = append(ops,
		row("explorer", "RecommendedFees", explorer.New, func(ctx context.Context, c *explorer.Client) error {
			return discard(c.RecommendedFees(ctx))
		}),
		row("explorer", "Mempool", explorer.New, func(ctx context.Context, c *explorer.Client) error {
			return discard(c.Mempool(ctx))
		}),
		row("explorer", "Blocks", explorer.New, func(ctx context.Context, c *explorer.Client) error {
			return discard(c.Blocks(ctx))
		}),
	)
}
