package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/cryptoprices"
)

func init() {
	ops = append(ops,
		row("cryptoprices", "SpotPrice", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "BTC", "USD"))
		}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "B", "USD"))
		}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "BTC-EUR", "USD"))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "BTC", "USD/../x"))
		}),
		row("cryptoprices", "ExchangeRates", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.ExchangeRates(ctx, "USD"))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.ExchangeRates(ctx, ""))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.ExchangeRates(ctx, "ABCDEFGHIJK"))
		}),
		row("cryptoprices", "BuyPrice", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.BuyPrice(ctx, "BTC", "USD"))
		}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.BuyPrice(ctx, "BTC/..", "USD"))
		}),
		row("cryptoprices", "SellPrice", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SellPrice(ctx, "BTC", "USD"))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SellPrice(ctx, "BTC", ""))
		}),
		row("cryptoprices", "Currencies", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.Currencies(ctx))
		}),
		row("cryptoprices", "CryptoCurrencies", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.CryptoCurrencies(ctx))
		}),
		row("cryptoprices", "Time", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.Time(ctx))
		}),
	)
}
