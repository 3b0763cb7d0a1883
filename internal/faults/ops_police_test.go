package faults

import (
	"context"
	"math"

	"github.com/conduit-sdk/conduit/police"
)

func init() {
	ops = append(ops,
		row("police", "Forces", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.Forces(ctx))
		}),
		row("police", "StreetCrimes", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
		}).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, -91, 0, nil))
		}).rejects("lng", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, math.Inf(-1), nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-13"}))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-01-15"}))
		}),
	)
}
