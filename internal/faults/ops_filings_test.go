package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	ops = append(ops,
		row("filings", "CompanyConcept", filings.New, func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent"))
		}).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 0, "us-gaap", "AccountsPayableCurrent"))
		}).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 10_000_000_000, "us-gaap", "AccountsPayableCurrent"))
		}).rejects("taxonomy", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 320193, " ", "AccountsPayableCurrent"))
		}).rejects("tag", func(ctx context.Context, c *filings.Client) error {
			return discard(c.CompanyConcept(ctx, 320193, "us-gaap", ""))
		}),
		row("filings", "Submissions", filings.New, func(ctx context.Context, c *filings.Client) error {
			return discard(c.Submissions(ctx, 320193))
		}).auth(contact).rejects("cik", func(ctx context.Context, c *filings.Client) error {
			return discard(c.Submissions(ctx, -320193))
		}),
	)
}
