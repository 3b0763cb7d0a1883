package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	ops = append(ops,
		row("countries", "Capitals", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.Capitals(ctx))
		}),
		row("countries", "Cities", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.Cities(ctx, "Nigeria"))
		}).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return discard(c.Cities(ctx, ""))
		}),
	)
}
