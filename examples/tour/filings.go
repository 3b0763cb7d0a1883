package main

import (
	"context"
	"fmt"

	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	register("filings", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := filings.New()
		if err != nil {
			return err
		}
		concept, err := c.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent")
		if err != nil {
			return err
		}
		usd := concept.Units["USD"]
		if len(usd) == 0 {
			return fmt.Errorf("no USD facts")
		}
		last := usd[len(usd)-1]
		say("CompanyConcept", "%s %s: %d USD facts, latest %s USD on %s (%s %s)",
			concept.EntityName, concept.Tag, len(usd), last.Val, last.End, last.Form, last.Frame)

		co, err := c.Submissions(ctx, 320193)
		if err != nil {
			return err
		}
		say("Submissions", "%s CIK %s, tickers %v on %v, SIC %s %s", co.Name, co.CIK, co.Tickers, co.Exchanges, co.SIC, co.SICDescription)
		recent, err := co.RecentFilings()
		if err != nil {
			return err
		}
		doc, err := filings.ArchiveURL(co.CIK, recent[0].AccessionNumber, recent[0].PrimaryDocument)
		if err != nil {
			return err
		}
		say("ArchiveURL", "latest %s of %s: %s", recent[0].Form, recent[0].FilingDate, doc)

		facts, err := c.CompanyFacts(ctx, 320193)
		if err != nil {
			return err
		}
		n := 0
		for _, concepts := range facts.Facts {
			n += len(concepts)
		}
		say("CompanyFacts", "%s: %d concepts in %d taxonomies, %d bytes", facts.EntityName, n, len(facts.Facts), len(facts.RawJSON()))

		const period = "CY2019Q1I"
		say("ValidPeriod", "%s %t (an instant), CY2019Q5 %t", period, filings.ValidPeriod(period), filings.ValidPeriod("CY2019Q5"))
		frame, err := c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", period)
		if err != nil {
			return err
		}
		say("Frames", "%s %s %s: %d companies, first %s %s USD", frame.Tag, frame.UOM, frame.CCP, frame.Pts, frame.Data[0].EntityName, frame.Data[0].Val)
		var largest filings.FrameFact
		for f, err := range c.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD", period) {
			if err != nil {
				return err
			}
			if largest.EntityName == "" || f.Val.Rat().Cmp(largest.Val.Rat()) > 0 {
				largest = f
			}
		}
		say("EachFrameFact", "largest of the frame, read fact by fact: %s %s USD", largest.EntityName, largest.Val)

		dir, err := c.Tickers(ctx)
		if err != nil {
			return err
		}
		msft, _ := dir.ByTicker("MSFT")
		say("Tickers", "%d tickers; MSFT is CIK %s, %s", len(dir.Tickers), msft.CIK, msft.Title)

		ex, err := c.TickersExchange(ctx)
		if err != nil {
			return err
		}
		brk := ex.ByCIK(1067983)
		say("TickersExchange", "%d tickers; CIK 1067983 trades as %s and %s on %s", len(ex.Tickers), brk[0].Ticker, brk[1].Ticker, brk[0].Exchange)

		found, err := c.FullTextSearch(ctx, "\"going concern\"", &filings.SearchParams{Forms: []string{"10-K"}})
		if err != nil {
			return err
		}
		say("FullTextSearch", "%d documents (%s), the first %s of %s", found.Hits.Total.Value, found.Hits.Total.Relation, found.Hits.Hits[0].Source.FileType, found.Hits.Hits[0].Source.DisplayNames[0])
		hits, err := take(c.AllSearchHits(ctx, "\"going concern\"", &filings.SearchParams{Forms: []string{"10-K"}}), 300)
		if err != nil {
			return err
		}
		say("AllSearchHits", "%d hits read, the last filed %s", len(hits), hits[len(hits)-1].Source.FileDate)

		older, err := co.OlderFiles()
		if err != nil {
			return err
		}
		file, err := c.SubmissionsFile(ctx, older[0].Name)
		if err != nil {
			return err
		}
		rows, err := file.Rows()
		if err != nil {
			return err
		}
		say("SubmissionsFile", "%s: %d filings %s..%s, oldest %s %s", older[0].Name, len(rows), older[0].FilingFrom, older[0].FilingTo, rows[len(rows)-1].Form, rows[len(rows)-1].FilingDate)

		all := 0
		for _, err := range c.AllFilings(ctx, 320193) {
			if err != nil {
				return err
			}
			all++
		}
		say("AllFilings", "%d filings, recent and older", all)
		return nil
	})
}
