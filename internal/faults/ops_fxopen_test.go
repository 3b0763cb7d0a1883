package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/fxopen"
)

func init() {
	notes = append(notes,
		noted("fxopen", "Latest", fxopen.New).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
			return discard(c.Latest(ctx, "usd"))
		}).rejects("base_code", func(ctx context.Context, c *fxopen.Client) error {
			return discard(c.Latest(ctx, "US/D"))
		}),
	)
}
