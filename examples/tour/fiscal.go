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

		q := &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 2}
		page, err := c.Query(ctx, "v1/accounting/od/rates_of_exchange", q)
		if err != nil {
			return err
		}
		typed, err := page.Data[0].Typed()
		if err != nil {
			return err
		}
		say("Query", "rates_of_exchange: %s %v (a %T), %d of %d records", typed["country_currency_desc"], typed["exchange_rate"], typed["exchange_rate"], page.Meta.Count, page.Meta.TotalCount)
		n = 0
		for _, err := range c.AllQuery(ctx, "v1/accounting/od/rates_of_exchange", q) {
			if err != nil {
				return err
			}
			n++
		}
		say("AllQuery", "%d rows over %d pages", n, page.Meta.TotalPages)

		fx, err := c.RatesOfExchange(ctx, q)
		if err != nil {
			return err
		}
		say("RatesOfExchange", "%s: 1 USD = %s %s", fx.Data[0].RecordDate, fx.Data[0].ExchangeRate, fx.Data[0].CountryCurrencyDesc)
		n = 0
		for r, err := range c.AllRatesOfExchange(ctx, q) {
			if err != nil {
				return err
			}
			n, last = n+1, r.CountryCurrencyDesc
		}
		say("AllRatesOfExchange", "%d rates, last %s", n, last)

		out, err := c.DebtOutstanding(ctx, nil)
		if err != nil {
			return err
		}
		say("DebtOutstanding", "fiscal year %s: %s", out.Data[0].RecordFiscalYear, out.Data[0].DebtOutstandingAmt)
		n = 0
		for r, err := range c.AllDebtOutstanding(ctx, nil) {
			if err != nil {
				return err
			}
			n, last = n+1, r.RecordFiscalYear
		}
		say("AllDebtOutstanding", "%d fiscal years, oldest %s", n, last)

		mts, err := c.MTSSummary(ctx, nil)
		if err != nil {
			return err
		}
		ytd := mts.Data[len(mts.Data)-1]
		say("MTSSummary", "%s %s: receipts %s, outlays %s, deficit %s", ytd.RecordDate, ytd.ClassificationDesc, ytd.CurrentMonthGrossRcptAmt, ytd.CurrentMonthGrossOutlyAmt, ytd.CurrentMonthDfctSurAmt)
		n = 0
		for _, err := range c.AllMTSSummary(ctx, nil) {
			if err != nil {
				return err
			}
			n++
		}
		say("AllMTSSummary", "%d summary lines", n)
		return nil
	})
}
