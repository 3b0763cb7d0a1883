package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/cryptoprices"
)

func init() {
	notes = append(notes,
		noted("cryptoprices", "SpotPrice", cryptoprices.New).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "B", "USD"))
		}).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "BTC-EUR", "USD"))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SpotPrice(ctx, "BTC", "USD/../x"))
		}),
		noted("cryptoprices", "ExchangeRates", cryptoprices.New).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.ExchangeRates(ctx, ""))
		}).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.ExchangeRates(ctx, "ABCDEFGHIJK"))
		}),
		noted("cryptoprices", "BuyPrice", cryptoprices.New).rejects("base", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.BuyPrice(ctx, "BTC/..", "USD"))
		}),
		noted("cryptoprices", "SellPrice", cryptoprices.New).rejects("currency", func(ctx context.Context, c *cryptoprices.Client) error {
			return discard(c.SellPrice(ctx, "BTC", ""))
		}),
	)
}
