package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/cryptoprices"
)

func init() {
	packageCalls = append(packageCalls, cryptopricesCalls)
}

// cryptopricesCalls are the calls of the buy, sell, currency and time
// operations.
func cryptopricesCalls(t *testing.T, srv *conduittest.Server) map[string]opCall {
	crypto := newClient(t, cryptoprices.New, srv.Options("cryptoprices"))
	return map[string]opCall{
		"cryptoprices.BuyPrice": {do: func(ctx context.Context) (any, error) {
			p, err := crypto.BuyPrice(ctx, "BTC", "USD")
			return field(p, func() any { return p.Data.Amount.String() }), err
		}},
		"cryptoprices.SellPrice": {do: func(ctx context.Context) (any, error) {
			p, err := crypto.SellPrice(ctx, "BTC", "USD")
			return field(p, func() any { return p.Data.Amount.String() }), err
		}},
		"cryptoprices.Currencies": {do: func(ctx context.Context) (any, error) {
			r, err := crypto.Currencies(ctx)
			return field(r, func() any { return (*r.Data)[0].Name }), err
		}},
		"cryptoprices.CryptoCurrencies": {do: func(ctx context.Context) (any, error) {
			r, err := crypto.CryptoCurrencies(ctx)
			return field(r, func() any { return (*r.Data)[0].Exponent }), err
		}},
		"cryptoprices.Time": {do: func(ctx context.Context) (any, error) {
			r, err := crypto.Time(ctx)
			return field(r, func() any { return r.Data.Epoch }), err
		}},
	}
}
