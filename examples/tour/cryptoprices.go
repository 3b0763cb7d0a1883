package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
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
		then, err := c.SpotPriceOn(ctx, "BTC", "USD", conduit.Date{Year: 2017, Month: 1, Day: 2})
		if err != nil {
			return err
		}
		say("SpotPrice", "on 2017-01-02: 1 %s = %s %s", then.Data.Base, then.Data.Amount, then.Data.Currency)
		buy, err := c.BuyPrice(ctx, "BTC", "USD")
		if err != nil {
			return err
		}
		say("BuyPrice", "buy 1 %s for %s %s", buy.Data.Base, buy.Data.Amount, buy.Data.Currency)
		sell, err := c.SellPrice(ctx, "BTC", "USD")
		if err != nil {
			return err
		}
		say("SellPrice", "sell 1 %s for %s %s", sell.Data.Base, sell.Data.Amount, sell.Data.Currency)
		fiat, err := c.Currencies(ctx)
		if err != nil {
			return err
		}
		say("Currencies", "%d fiat currencies, first %s (%s)", len(*fiat.Data), (*fiat.Data)[0].ID, (*fiat.Data)[0].Name)
		assets, err := c.CryptoCurrencies(ctx)
		if err != nil {
			return err
		}
		say("CryptoCurrencies", "%d crypto assets, first %s with %d decimals", len(*assets.Data), (*assets.Data)[0].Code, (*assets.Data)[0].Exponent)
		now, err := c.Time(ctx)
		if err != nil {
			return err
		}
		say("Time", "server clock %s (epoch %d)", now.Data.ISO.Format(time.RFC3339), now.Data.Epoch)
		return nil
	})
}
