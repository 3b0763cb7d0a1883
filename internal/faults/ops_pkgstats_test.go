package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/pkgstats"
)

func init() {
	notes = append(notes,
		noted("pkgstats", "Stats", pkgstats.New).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "NPM", "@babel/core", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "npm", "babel/core", nil))
		}).rejects("period", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "last week"}))
		}),
		noted("pkgstats", "Package", pkgstats.New).rejects("registry_type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "", "react"))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "npm", "@babel"))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Package(ctx, "npm", "@babel/../core"))
		}),
		noted("pkgstats", "Resolve", pkgstats.New).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Resolve(ctx, "npm", "", "^7.20"))
		}).rejects("specifier", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Resolve(ctx, "npm", "react", " "))
		}),
		noted("pkgstats", "VersionStats", pkgstats.New).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "npm", "jquery", "", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "npm", "jquery@2.2.1", "2.2.1", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "gh", "bootstrap", "5.2.2", nil))
		}),
		noted("pkgstats", "TopVersions", pkgstats.New).rejects("by", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{By: "downloads"}))
		}).rejects("type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Type: "npm"}))
		}),
		noted("pkgstats", "AllTopVersions", pkgstats.New).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopVersions(ctx, "npm", "", nil))
		}).rejects("limit", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Limit: 101}))
		}),
		noted("pkgstats", "Files", pkgstats.New).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Files(ctx, "npm", "jquery", "..", nil))
		}),
		noted("pkgstats", "Entrypoints", pkgstats.New).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Entrypoints(ctx, "jquery", "^2"))
		}),
		noted("pkgstats", "TopPackages", pkgstats.New).rejects("type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopPackages(ctx, &pkgstats.TopParams{Type: "pypi"}))
		}).rejects("page", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopPackages(ctx, &pkgstats.TopParams{Page: 101}))
		}),
		noted("pkgstats", "AllTopPackages", pkgstats.New).rejects("period", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopPackages(ctx, &pkgstats.TopParams{Period: "last week"}))
		}),
		noted("pkgstats", "Network", pkgstats.New).rejects("country", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Network(ctx, &pkgstats.NetworkParams{Country: "de"}))
		}).rejects("country", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Network(ctx, &pkgstats.NetworkParams{Country: "DE", Continent: "EU"}))
		}),
	)
}
