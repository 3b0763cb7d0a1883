package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/fiscal"
)

func init() {
	notes = append(notes,
		noted("fiscal", "DebtToPenny", fiscal.New).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "record_date,-src_line_nbr"}))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{Sort: "-"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageSize: -1}))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtToPenny(ctx, &fiscal.PageParams{PageNumber: -2}))
		}),
		noted("fiscal", "AvgInterestRates", fiscal.New).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{Sort: "Record_Date"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.AvgInterestRates(ctx, &fiscal.PageParams{PageSize: -100}))
		}),
		noted("fiscal", "AllDebtToPenny", fiscal.New).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "record date"}))
		}).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtToPenny(ctx, &fiscal.PageParams{PageNumber: -1}))
		}),
		noted("fiscal", "AllAvgInterestRates", fiscal.New).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllAvgInterestRates(ctx, &fiscal.PageParams{PageSize: -3}))
		}),
		noted("fiscal", "EachDebtToPennyRecord", fiscal.New).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{Sort: "-"}))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{PageSize: -1}))
		}),
		noted("fiscal", "EachAvgInterestRate", fiscal.New).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachAvgInterestRate(ctx, &fiscal.PageParams{PageNumber: -2}))
		}),
		noted("fiscal", "EachQueryRow", fiscal.New).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachQueryRow(ctx, "v1/accounting/../od", nil))
		}).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachQueryRow(ctx, "v1/accounting/od/rates_of_exchange", &fiscal.Query{PageSize: 10001}))
		}),
		noted("fiscal", "EachRateOfExchange", fiscal.New).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachRateOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("country")}}))
		}),
		noted("fiscal", "EachDebtOutstandingRecord", fiscal.New).rejects("fields", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachDebtOutstandingRecord(ctx, &fiscal.Query{Fields: []string{"Country"}}))
		}),
		noted("fiscal", "EachMTSSummaryRecord", fiscal.New).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.EachMTSSummaryRecord(ctx, &fiscal.Query{Sort: []string{"--record_date"}}))
		}),
		noted("fiscal", "Query", fiscal.New).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
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
		noted("fiscal", "AllQuery", fiscal.New).rejects("endpoint", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllQuery(ctx, "", nil))
		}).rejects("sort", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllQuery(ctx, "v2/accounting/od/debt_outstanding", &fiscal.Query{Sort: []string{"--record_date"}}))
		}),
		noted("fiscal", "RatesOfExchange", fiscal.New).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.RatesOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("country")}}))
		}),
		noted("fiscal", "AllRatesOfExchange", fiscal.New).rejects("page[number]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllRatesOfExchange(ctx, &fiscal.Query{PageNumber: -1}))
		}),
		noted("fiscal", "DebtOutstanding", fiscal.New).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.DebtOutstanding(ctx, &fiscal.Query{Filters: []fiscal.Filter{{Field: "record_date", Op: fiscal.OpGte, Values: []string{"2020", "2021"}}}}))
		}),
		noted("fiscal", "AllDebtOutstanding", fiscal.New).rejects("page[size]", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllDebtOutstanding(ctx, &fiscal.Query{PageSize: -1}))
		}),
		noted("fiscal", "MTSSummary", fiscal.New).rejects("filter", func(ctx context.Context, c *fiscal.Client) error {
			return discard(c.MTSSummary(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.In("classification_desc", "(FY 2026)")}}))
		}),
		noted("fiscal", "AllMTSSummary", fiscal.New).rejects("fields", func(ctx context.Context, c *fiscal.Client) error {
			return drain(c.AllMTSSummary(ctx, &fiscal.Query{Fields: []string{""}}))
		}),
	)
}
