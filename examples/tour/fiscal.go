package main

import (
	"context"

	"github.com/conduit-sdk/conduit/fiscal"
)

func init() {
	register("fiscal", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := fiscal.New()
		if err != nil {
			return err
		}
		p := &fiscal.PageParams{Sort: "-record_date", PageSize: 3}
		debt, err := c.DebtToPenny(ctx, p)
		if err != nil {
			return err
		}
		say("DebtToPenny", "%s total %s, page 1 of %d", debt.Data[0].RecordDate, debt.Data[0].TotPubDebtOutAmt, debt.Meta.TotalPages)
		rates, err := c.AvgInterestRates(ctx, p)
		if err != nil {
			return err
		}
		say("AvgInterestRates", "%s %s %s %%", rates.Data[0].RecordDate, rates.Data[0].SecurityDesc, rates.Data[0].AvgInterestRateAmt)
		n, last := 0, fiscal.Value("")
		for rec, err := range c.AllDebtToPenny(ctx, p) {
			if err != nil {
				return err
			}
			n, last = n+1, rec.RecordDate
		}
		say("AllDebtToPenny", "%d records, oldest %s", n, last)
		n = 0
		for rec, err := range c.AllAvgInterestRates(ctx, p) {
			if err != nil {
				return err
			}
			n, last = n+1, rec.SecurityDesc
		}
		say("AllAvgInterestRates", "%d records, last %s", n, last)
		return nil
	})
}
