package main

import (
	"context"
	"github.com/conduit-sdk/conduit"
	"time"

	"github.com/conduit-sdk/conduit/fxref"
)

func init() {
	register("fxref", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := fxref.New()
		if err != nil {
			return err
		}
		p := &fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}}
		latest, err := c.Latest(ctx, p)
		if err != nil {
			return err
		}
		say("Latest", "%s: 1 %s = %.4f USD = %.4f GBP", latest.Date, latest.Base, latest.Rates["USD"], latest.Rates["GBP"])
		hist, err := c.Historical(ctx, conduit.Date{Year: 2024, Month: time.January, Day: 1}, p)
		if err != nil {
			return err
		}
		say("Historical", "asked 2024-01-01, published %s (%s): USD %.4f", hist.Date, hist.Date.Weekday(), hist.Rates["USD"])
		r, err := c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, p)
		if err != nil {
			return err
		}
		days := r.Days()
		say("Range", "%d working days, USD %.4f on %s to %.4f on %s", len(days), days[0].Rates["USD"], days[0].Date, days[len(days)-1].Rates["USD"], days[len(days)-1].Date)
		cur, err := c.Currencies(ctx)
		if err != nil {
			return err
		}
		say("Currencies", "%d codes, CHF is %q", len(cur.Names), cur.Names["CHF"])
		return nil
	})
}
