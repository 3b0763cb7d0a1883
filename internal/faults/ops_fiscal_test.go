package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/fiscal"
)

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
	)
}
