package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		sec := newClient(t, filings.New, srv.Options("filings"))
		return map[string]opCall{
			"filings.CompanyFacts": {do: func(ctx context.Context) (any, error) {
				f, err := sec.CompanyFacts(ctx, 320193)
				return field(f, func() any { return len(f.Facts["us-gaap"]["AccountsPayableCurrent"].Units["USD"]) }), err
			}},
			"filings.Frames": {do: func(ctx context.Context) (any, error) {
				f, err := sec.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
				return field(f, func() any { return f.Data[0].EntityName }), err
			}},
			"filings.EachFrameFact": {as: "Frames", do: func(ctx context.Context) (any, error) {
				return count(sec.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I"))
			}},
			"filings.FullTextSearch": {do: func(ctx context.Context) (any, error) {
				r, err := sec.FullTextSearch(ctx, "\"going concern\"", &filings.SearchParams{Forms: []string{"10-K"}})
				return field(r, func() any { return r.Hits.Hits[1].Source.FileType }), err
			}},
			"filings.SubmissionsFile": {do: func(ctx context.Context) (any, error) {
				f, err := sec.SubmissionsFile(ctx, "CIK0000320193-submissions-001.json")
				return field(f, func() any { return f.AccessionNumber[0] }), err
			}},
			"filings.Tickers": {do: func(ctx context.Context) (any, error) {
				d, err := sec.Tickers(ctx)
				return field(d, func() any { t, _ := d.ByTicker("AAPL"); return t.CIK }), err
			}},
			"filings.TickersExchange": {do: func(ctx context.Context) (any, error) {
				d, err := sec.TickersExchange(ctx)
				return field(d, func() any { t, _ := d.ByTicker("BRK-B"); return t.Exchange }), err
			}},
		}
	})
}
