package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/cryptoprices"
)

func init() {
	add("cryptoprices", cryptoprices.New, []row[*cryptoprices.Client]{
		{"BuyPrice", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			p, err := c.BuyPrice(ctx, "BTC", "USD")
			return answer(p, func() any { return p.Data.Amount.String() }), err
		}},
		{"SellPrice", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			p, err := c.SellPrice(ctx, "BTC", "USD")
			return answer(p, func() any { return p.Data.Amount.String() }), err
		}},
		{"Currencies", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			r, err := c.Currencies(ctx)
			return answer(r, func() any { return (*r.Data)[0].Name }), err
		}},
		{"CryptoCurrencies", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			r, err := c.CryptoCurrencies(ctx)
			return answer(r, func() any { return (*r.Data)[0].Exponent }), err
		}},
		{"Time", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			r, err := c.Time(ctx)
			return answer(r, func() any { return r.Data.Epoch }), err
		}},
		{"SpotPrice", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			p, err := c.SpotPrice(ctx, "BTC", "USD")
			return answer(p, func() any { return p.Data.Amount.String() }), err
		}},
		{"ExchangeRates", func(ctx context.Context, c *cryptoprices.Client) (Answer, error) {
			r, err := c.ExchangeRates(ctx, "USD")
			return answer(r, func() any { return len(r.Data.Rates) }), err
		}},
	})
}
