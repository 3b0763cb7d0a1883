package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	notes = append(notes,
		noted("filings", "CompanyConcept", filings.New).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 0, "us-gaap", "AccountsPayableCurrent"))
		}).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 10_000_000_000, "us-gaap", "AccountsPayableCurrent"))
		}).rejects("taxonomy", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 320193, " ", "AccountsPayableCurrent"))
		}).rejects("tag", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 320193, "us-gaap", ""))
		}),
		noted("filings", "Submissions", filings.New).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Submissions(ctx, -320193))
		}),
		noted("filings", "CompanyFacts", filings.New).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyFacts(ctx, 0))
		}),
		noted("filings", "Frames", filings.New).auth(contact).rejects("period", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q5"))
		}).rejects("period", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "2019Q1I"))
		}).rejects("unit", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", " ", "CY2019"))
		}).rejects("tag", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Frames(ctx, "us-gaap", "", "USD", "CY2019"))
		}).rejects("taxonomy", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Frames(ctx, "", "AccountsPayableCurrent", "USD", "CY2019"))
		}),
		noted("filings", "EachFrameFact", filings.New).auth(contact).rejects("period", func(ctx context.Context, c *filings.Client) error {
			return drain(c.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q5"))
		}).rejects("unit", func(ctx context.Context, c *filings.Client) error {
			return drain(c.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", " ", "CY2019"))
		}).rejects("taxonomy", func(ctx context.Context, c *filings.Client) error {
			return drain(c.EachFrameFact(ctx, "", "AccountsPayableCurrent", "USD", "CY2019"))
		}),
		noted("filings", "SubmissionsFile", filings.New).auth(contact).rejects("name", func(ctx context.Context, c *filings.Client) error {
			return discard(c.SubmissionsFile(ctx, "CIK320193-submissions-001.json"))
		}).rejects("name", func(ctx context.Context, c *filings.Client) error {
			return discard(c.SubmissionsFile(ctx, "../CIK0000320193.json"))
		}),
		noted("filings", "FullTextSearch", filings.New).auth(contact).rejects("q", func(ctx context.Context, c *filings.Client) error {
			return discard(c.FullTextSearch(ctx, " ", nil))
		}).rejects("from", func(ctx context.Context, c *filings.Client) error {
			return discard(c.FullTextSearch(ctx, "merger", &filings.SearchParams{From: -1}))
		}).rejects("forms", func(ctx context.Context, c *filings.Client) error {
			return discard(c.FullTextSearch(ctx, "merger", &filings.SearchParams{Forms: []string{"10-K,8-K"}}))
		}),
		noted("filings", "Tickers", filings.New).auth(contact),
		noted("filings", "TickersExchange", filings.New).auth(contact),
	)
}
