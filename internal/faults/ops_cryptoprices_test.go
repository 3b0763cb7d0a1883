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
	)
}
