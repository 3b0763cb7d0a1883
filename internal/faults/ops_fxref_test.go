package faults

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
)

func init() {
	notes = append(notes,
		noted("fxref", "Latest", fxref.New).rejects("base", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Latest(ctx, &fxref.RatesParams{Base: "eur"}))
		}).rejects("symbols", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Latest(ctx, &fxref.RatesParams{Symbols: []string{"USD", "GBP,CHF"}}))
		}),
		noted("fxref", "Historical", fxref.New).rejects("date", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Historical(ctx, conduit.Date{Year: 2023, Month: time.February, Day: 29}, nil))
		}).rejects("date", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Historical(ctx, conduit.Date{}, nil))
		}).rejects("symbols", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Historical(ctx, conduit.Date{Year: 2024, Month: time.January, Day: 2}, &fxref.RatesParams{Symbols: []string{"usd"}}))
		}),
		noted("fxref", "Range", fxref.New).rejects("start_date", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: 13, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, nil))
		}).rejects("end_date", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 31}, nil))
		}).rejects("end_date", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 7}, conduit.Date{Year: 2024, Month: time.June, Day: 1}, nil))
		}).rejects("base", func(ctx context.Context, c *fxref.Client) error {
			return discard(c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, &fxref.RatesParams{Base: "EURO"}))
		}),
	)
}
