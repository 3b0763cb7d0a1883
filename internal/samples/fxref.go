package samples

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
)

// rates asks for two currencies against the euro.
var rates = &fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}}

func init() {
	add("fxref", fxref.New, []row[*fxref.Client]{
		{"Latest", func(ctx context.Context, c *fxref.Client) (Answer, error) {
			r, err := c.Latest(ctx, rates)
			return answer(r, func() any { return r.Rates["USD"] }), err
		}},
		{"Historical", func(ctx context.Context, c *fxref.Client) (Answer, error) {
			r, err := c.Historical(ctx, conduit.Date{Year: 2024, Month: time.January, Day: 1}, rates)
			return answer(r, func() any { return r.Date }), err
		}},
		{"Range", func(ctx context.Context, c *fxref.Client) (Answer, error) {
			r, err := c.Range(ctx, conduit.Date{Year: 2024, Month: time.June, Day: 1}, conduit.Date{Year: 2024, Month: time.June, Day: 7}, rates)
			return answer(r, func() any { return len(r.Days()) }), err
		}},
		{"Currencies", func(ctx context.Context, c *fxref.Client) (Answer, error) {
			r, err := c.Currencies(ctx)
			return answer(r, func() any { return r.Names["CHF"] }), err
		}},
	})
}
