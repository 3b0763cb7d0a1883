package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/conduit-sdk/conduit"
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

		rows := 0
		for row, err := range c.EachQueryRow(ctx, "v1/accounting/od/rates_of_exchange", q) {
			if err != nil {
				return err
			}
			if rows++; rows == 1 {
				say("EachQueryRow", "first row %s, read as the page arrived", row.Values["country_currency_desc"])
			}
		}
		streamed := map[string]int{}
		for _, err := range c.EachDebtToPennyRecord(ctx, nil) {
			if err != nil {
				return err
			}
			streamed["EachDebtToPennyRecord"]++
		}
		for _, err := range c.EachAvgInterestRate(ctx, nil) {
			if err != nil {
				return err
			}
			streamed["EachAvgInterestRate"]++
		}
		for _, err := range c.EachRateOfExchange(ctx, q) {
			if err != nil {
				return err
			}
			streamed["EachRateOfExchange"]++
		}
		for _, err := range c.EachDebtOutstandingRecord(ctx, nil) {
			if err != nil {
				return err
			}
			streamed["EachDebtOutstandingRecord"]++
		}
		for _, err := range c.EachMTSSummaryRecord(ctx, nil) {
			if err != nil {
				return err
			}
			streamed["EachMTSSummaryRecord"]++
		}
		for _, op := range []string{"EachDebtToPennyRecord", "EachAvgInterestRate", "EachRateOfExchange", "EachDebtOutstandingRecord", "EachMTSSummaryRecord"} {
			say(op, "%d records of the first page, one by one", streamed[op])
		}

		fx, err := c.RatesOfExchange(ctx, q)
		if err != nil {
			return err
		}
		say("RatesOfExchange", "%s: 1 USD = %s %s", fx.Data[0].RecordDate, fx.Data[0].ExchangeRate, fx.Data[0].CountryCurrencyDesc)
		number, size, err := fiscal.ParseLink(fx.Links.Next)
		if err != nil {
			return err
		}
		say("ParseLink", "next %q is page %d, %d records a page", fx.Links.Next, number, size)
		// The fake serves the same rates whatever the filter: these are
		// chosen to hold for them.
		for _, f := range []struct {
			name   string
			filter fiscal.Filter
		}{
			{"Eq", fiscal.Eq("record_date", "2024-12-31")},
			{"Lt", fiscal.Lt("exchange_rate", "2")},
			{"Lte", fiscal.Lte("record_date", "2024-12-31")},
			{"Gt", fiscal.Gt("exchange_rate", "0.9")},
			{"Gte", fiscal.Gte("record_date", "2024-10-01")},
			{"In", fiscal.In("country_currency_desc", "Canada-Dollar", "Euro Zone-Euro")},
		} {
			sent, rates, err := filterRates(ctx, c, f.filter)
			if err != nil {
				return err
			}
			say(f.name, "filter=%s: %s", sent, rates)
		}
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

// filterRates asks for the rates of exchange that f keeps and returns the
// filter as it went on the wire and the rates that came back.
func filterRates(ctx context.Context, c *fiscal.Client, f fiscal.Filter) (sent, rates string, err error) {
	var resp conduit.Response
	page, err := c.RatesOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{f}, PageSize: 2}, conduit.WithResponse(&resp))
	if err != nil {
		return "", "", err
	}
	u, err := url.Parse(resp.URL)
	if err != nil {
		return "", "", err
	}
	kept := make([]string, len(page.Data))
	for i, r := range page.Data {
		kept[i] = fmt.Sprintf("%s %s", r.CountryCurrencyDesc, r.ExchangeRate)
	}
	return u.Query().Get("filter"), strings.Join(kept, ", "), nil
}
