package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/banklink"
)

func init() {
	ops = append(ops,
		row("banklink", "SearchInstitutions", banklink.New, func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}}))
		}).auth("body client_id, secret").rejects("query", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, " ", nil))
		}).rejects("products", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{Products: []banklink.Product{banklink.ProductAuth, ""}}))
		}).rejects("country_codes", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"us"}}))
		}),
		row("banklink", "GetBalance", banklink.New, func(ctx context.Context, c *banklink.Client) error {
			return discard(c.GetBalance(ctx, cred("banklink", "access_token")))
		}).auth("body client_id, secret, access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.GetBalance(ctx, ""))
		}).rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.GetBalance(ctx, "access-sandbox 123"))
		}),
	)
}
