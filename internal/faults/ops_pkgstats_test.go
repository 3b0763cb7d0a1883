package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/pkgstats"
)

func init() {
	ops = append(ops,
		row("pkgstats", "Stats", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"}))
		}).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "NPM", "@babel/core", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "npm", "babel/core", nil))
		}).rejects("period", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "last week"}))
		}),
		row("pkgstats", "Package", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "npm", "@babel/core"))
		}).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "", "react"))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "npm", "@babel"))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "npm", "@babel/../core"))
		}),
		row("pkgstats", "Resolve", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Resolve(ctx, "npm", "@babel/core", "^7.20"))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Resolve(ctx, "npm", "", "^7.20"))
		}).rejects("specifier", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Resolve(ctx, "npm", "react", " "))
		}),
	)
}
