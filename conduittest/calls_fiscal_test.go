package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fiscal"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		treasury := newClient(t, fiscal.New, srv.Options("fiscal"))
		q := &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 2}
		// The fake serves the typed datasets only; a Query of one is
		// recorded under that dataset's operation.
		const exchange = "v1/accounting/od/rates_of_exchange"
		return map[string]opCall{
			"fiscal.Query": {as: "RatesOfExchange", do: func(ctx context.Context) (any, error) {
				p, err := treasury.Query(ctx, exchange, q)
				return field(p, func() any { return p.Data[0].Values["exchange_rate"] }), err
			}},
			"fiscal.AllQuery": {as: "RatesOfExchange", do: func(ctx context.Context) (any, error) {
				return count(treasury.AllQuery(ctx, exchange, q))
			}},
			"fiscal.EachQueryRow": {as: "RatesOfExchange", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachQueryRow(ctx, exchange, q))
			}},
			"fiscal.EachDebtToPennyRecord": {as: "DebtToPenny", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachDebtToPennyRecord(ctx, nil))
			}},
			"fiscal.EachAvgInterestRate": {as: "AvgInterestRates", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachAvgInterestRate(ctx, nil))
			}},
			"fiscal.EachRateOfExchange": {as: "RatesOfExchange", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachRateOfExchange(ctx, q))
			}},
			"fiscal.EachDebtOutstandingRecord": {as: "DebtOutstanding", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachDebtOutstandingRecord(ctx, nil))
			}},
			"fiscal.EachMTSSummaryRecord": {as: "MTSSummary", do: func(ctx context.Context) (any, error) {
				return count(treasury.EachMTSSummaryRecord(ctx, nil))
			}},
			"fiscal.RatesOfExchange": {do: func(ctx context.Context) (any, error) {
				p, err := treasury.RatesOfExchange(ctx, q)
				return field(p, func() any { return p.Data[0].ExchangeRate }), err
			}},
			"fiscal.AllRatesOfExchange": {as: "RatesOfExchange", do: func(ctx context.Context) (any, error) {
				return count(treasury.AllRatesOfExchange(ctx, q))
			}},
			"fiscal.DebtOutstanding": {do: func(ctx context.Context) (any, error) {
				p, err := treasury.DebtOutstanding(ctx, nil)
				return field(p, func() any { return p.Data[0].DebtOutstandingAmt }), err
			}},
			"fiscal.AllDebtOutstanding": {as: "DebtOutstanding", do: func(ctx context.Context) (any, error) {
				return count(treasury.AllDebtOutstanding(ctx, nil))
			}},
			"fiscal.MTSSummary": {do: func(ctx context.Context) (any, error) {
				p, err := treasury.MTSSummary(ctx, nil)
				return field(p, func() any { return p.Data[2].CurrentMonthDfctSurAmt }), err
			}},
			"fiscal.AllMTSSummary": {as: "MTSSummary", do: func(ctx context.Context) (any, error) {
				return count(treasury.AllMTSSummary(ctx, nil))
			}},
		}
	})
}
