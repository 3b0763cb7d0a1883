package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	add("filings", filings.New, []row[*filings.Client]{
		{"CompanyFacts", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			f, err := cl.CompanyFacts(ctx, 320193)
			return answer(f, func() any { return len(f.Facts["us-gaap"]["AccountsPayableCurrent"].Units["USD"]) }), err
		}},
		{"Frames", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			f, err := cl.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
			return answer(f, func() any { return f.Data[0].EntityName }), err
		}},
		{"EachFrameFact", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			return each(cl.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I"))
		}},
		{"FullTextSearch", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			r, err := cl.FullTextSearch(ctx, "\"going concern\"", &filings.SearchParams{Forms: []string{"10-K"}})
			return answer(r, func() any { return r.Hits.Hits[1].Source.FileType }), err
		}},
		{"SubmissionsFile", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			f, err := cl.SubmissionsFile(ctx, "CIK0000320193-submissions-001.json")
			return answer(f, func() any { return f.AccessionNumber[0] }), err
		}},
		{"Tickers", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			d, err := cl.Tickers(ctx)
			return answer(d, func() any { t, _ := d.ByTicker("AAPL"); return t.CIK }), err
		}},
		{"TickersExchange", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			d, err := cl.TickersExchange(ctx)
			return answer(d, func() any { t, _ := d.ByTicker("BRK-B"); return t.Exchange }), err
		}},
		{"CompanyConcept", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			c, err := cl.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent")
			return answer(c, func() any { return len(c.Units["USD"]) }), err
		}},
		{"Submissions", func(ctx context.Context, cl *filings.Client) (Answer, error) {
			s, err := cl.Submissions(ctx, 320193)
			return answer(s, func() any { return s.Name }), err
		}},
	})
}
