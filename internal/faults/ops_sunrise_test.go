package faults

import (
	"context"
	"math"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

func init() {
	notes = append(notes,
		noted("sunrise", "Get", sunrise.New).rejects("lat", func(ctx context.Context, c *sunrise.Client) error {
			return discard(c.Get(ctx, 90.5, 0, nil))
		}).rejects("lat", func(ctx context.Context, c *sunrise.Client) error {
			return discard(c.Get(ctx, math.NaN(), 0, nil))
		}).rejects("lng", func(ctx context.Context, c *sunrise.Client) error {
			return discard(c.Get(ctx, 0, -180.5, nil))
		}).rejects("date", func(ctx context.Context, c *sunrise.Client) error {
			return discard(c.Get(ctx, 0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.February, Day: 30}}))
		}).rejects("tzid", func(ctx context.Context, c *sunrise.Client) error {
			return discard(c.Get(ctx, 0, 0, &sunrise.GetParams{TZID: "Mars/Olympus_Mons"}))
		}),
	)
}
