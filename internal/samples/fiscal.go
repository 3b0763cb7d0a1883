package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/fiscal"
)

var (
	// fiscalPage is the first page of a dataset, newest first.
	fiscalPage = &fiscal.PageParams{Sort: "-record_date", PageSize: 3}
	// fiscalQuery is a query of every dataset the generic and typed calls
	// read: a sort, a page size and a filter.
	fiscalQuery = &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 2,
		Filters: []fiscal.Filter{fiscal.Gte("record_date", "2020-01-01")}}
)

// fiscalExchange is the rates of exchange dataset, which the generic calls
// read.
const fiscalExchange = "v1/accounting/od/rates_of_exchange"

func init() {
	add("fiscal", fiscal.New, []row[*fiscal.Client]{
		{"DebtToPenny", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.DebtToPenny(ctx, fiscalPage)
			return answer(p, func() any { return p.Data[0].TotPubDebtOutAmt }), err
		}},
		{"AvgInterestRates", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.AvgInterestRates(ctx, fiscalPage)
			return answer(p, func() any { return p.Data[0].SecurityDesc }), err
		}},
		{"AllDebtToPenny", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllDebtToPenny(ctx, fiscalPage))
		}},
		{"AllAvgInterestRates", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllAvgInterestRates(ctx, fiscalPage))
		}},
		{"EachDebtToPennyRecord", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachDebtToPennyRecord(ctx, fiscalPage))
		}},
		{"EachAvgInterestRate", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachAvgInterestRate(ctx, fiscalPage))
		}},
		{"Query", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.Query(ctx, fiscalExchange, fiscalQuery)
			return answer(p, func() any { return p.Data[0].Values["exchange_rate"] }), err
		}},
		{"AllQuery", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllQuery(ctx, fiscalExchange, fiscalQuery))
		}},
		{"EachQueryRow", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachQueryRow(ctx, fiscalExchange, fiscalQuery))
		}},
		{"RatesOfExchange", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.RatesOfExchange(ctx, fiscalQuery)
			return answer(p, func() any { return p.Data[0].ExchangeRate }), err
		}},
		{"AllRatesOfExchange", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllRatesOfExchange(ctx, fiscalQuery))
		}},
		{"EachRateOfExchange", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachRateOfExchange(ctx, fiscalQuery))
		}},
		{"DebtOutstanding", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.DebtOutstanding(ctx, fiscalQuery)
			return answer(p, func() any { return p.Data[0].DebtOutstandingAmt }), err
		}},
		{"AllDebtOutstanding", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllDebtOutstanding(ctx, fiscalQuery))
		}},
		{"EachDebtOutstandingRecord", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachDebtOutstandingRecord(ctx, fiscalQuery))
		}},
		{"MTSSummary", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			p, err := c.MTSSummary(ctx, fiscalQuery)
			return answer(p, func() any { return p.Data[2].CurrentMonthDfctSurAmt }), err
		}},
		{"AllMTSSummary", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.AllMTSSummary(ctx, fiscalQuery))
		}},
		{"EachMTSSummaryRecord", func(ctx context.Context, c *fiscal.Client) (Answer, error) {
			return each(c.EachMTSSummaryRecord(ctx, fiscalQuery))
		}},
	})
}
