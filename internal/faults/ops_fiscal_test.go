package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/fiscal"
)

// fiscalQuery is a valid query of every dataset the generic and typed
// calls read.
var fiscalQuery = &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 2,
	Filters: []fiscal.Filter{fiscal.Gte("record_date", "2020-01-01")}}

func init() {
	ops = append(ops,
		row("fiscal", "DebtToPenny", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, pageParams))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "record_date,-src_line_nbr"}))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "-"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageSize: -1}))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageNumber: -2}))
		}),
		row("fiscal", "AvgInterestRates", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.AvgInterestRates(ctx, pageParams))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{Sort: "Record_Date"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{PageSize: -100}))
		}),
		row("fiscal", "AllDebtToPenny", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtToPenny(ctx, pageParams))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "record date"}))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{PageNumber: -1}))
		}),
		row("fiscal", "AllAvgInterestRates", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllAvgInterestRates(ctx, pageParams))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllAvgInterestRates(ctx, &fiscal.PageParams{PageSize: -3}))
		}),
		row("fiscal", "EachDebtToPennyRecord", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtToPennyRecord(ctx, pageParams))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{Sort: "-"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{PageSize: -1}))
		}),
		row("fiscal", "EachAvgInterestRate", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachAvgInterestRate(ctx, pageParams))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachAvgInterestRate(ctx, &fiscal.PageParams{PageNumber: -2}))
		}),
		row("fiscal", "EachQueryRow", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachQueryRow(ctx, "v1/accounting/od/rates_of_exchange", fiscalQuery))
		}).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachQueryRow(ctx, "v1/accounting/../od", nil))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachQueryRow(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{PageSize: 10001}))
		}),
		row("fiscal", "EachRateOfExchange", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachRateOfExchange(ctx, fiscalQuery))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachRateOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("country")}}))
		}),
		row("fiscal", "EachDebtOutstandingRecord", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtOutstandingRecord(ctx, fiscalQuery))
		}).rejects("fields", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtOutstandingRecord(ctx, &fiscal.Query{Fields: []string{"Country"}}))
		}),
		row("fiscal", "EachMTSSummaryRecord", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachMTSSummaryRecord(ctx, fiscalQuery))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachMTSSummaryRecord(ctx, &fiscal.Query{Sort: []string{"--record_date"}}))
		}),
		row("fiscal", "Query", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/od/rates_of_exchange", fiscalQuery))
		}).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v3/accounting/od/rates_of_exchange", nil))
		}).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/../od", nil))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{Filters: []fiscal.Filter{fiscal.Eq("country", "Korea, Republic Of")}}))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{Filters: []fiscal.Filter{{Field: "country", Op: "like", Values: []string{"C"}}}}))
		}).rejects("fields", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{Fields: []string{"Country"}}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.Query(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{PageSize: 10001}))
		}),
		row("fiscal", "AllQuery", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllQuery(ctx, "v1/accounting/od/rates_of_exchange", fiscalQuery))
		}).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllQuery(ctx, "", nil))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllQuery(ctx, "v2/accounting/od/debt_outstanding", &fiscal.Query{Sort: []string{"--record_date"}}))
		}),
		row("fiscal", "RatesOfExchange", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.RatesOfExchange(ctx, fiscalQuery))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.RatesOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("country")}}))
		}),
		row("fiscal", "AllRatesOfExchange", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllRatesOfExchange(ctx, fiscalQuery))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllRatesOfExchange(ctx, &fiscal.Query{PageNumber: -1}))
		}),
		row("fiscal", "DebtOutstanding", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtOutstanding(ctx, fiscalQuery))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtOutstanding(ctx, &fiscal.Query{Filters: []fiscal.Filter{{Field: "record_date", Op: fiscal.OpGte, Values: []string{"2020", "2021"}}}}))
		}),
		row("fiscal", "AllDebtOutstanding", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtOutstanding(ctx, fiscalQuery))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtOutstanding(ctx, &fiscal.Query{PageSize: -1}))
		}),
		row("fiscal", "MTSSummary", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.MTSSummary(ctx, fiscalQuery))
		}).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.MTSSummary(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("classification_desc", "(FY 2026)")}}))
		}),
		row("fiscal", "AllMTSSummary", fiscal.New, func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllMTSSummary(ctx, fiscalQuery))
		}).rejects("fields", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllMTSSummary(ctx, &fiscal.Query{Fields: []string{""}}))
		}),
	)
}
