package main

import (
	"context"

	"github.com/conduit-sdk/conduit/cryptoprices"
)

func init() {
	register("cryptoprices", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := cryptoprices.New()
		if err != nil {
			return err
		}
		p, err := c.SpotPrice(ctx, "BTC", "USD")
		if err != nil {
			return err
		}
		say("SpotPrice", "1 %s = %s %s", p.Data.Base, p.Data.Amount, p.Data.Currency)
		r, err := c.ExchangeRates(ctx, "USD")
		if err != nil {
			return err
		}
		say("ExchangeRates", "%d rates per %s, EUR %s, BTC %s", len(r.Data.Rates), r.Data.Currency, r.Data.Rates["EUR"], r.Data.Rates["BTC"])
		return nil
	})
}
