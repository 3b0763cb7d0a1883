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
		row("pkgstats", "VersionStats", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "npm", "jquery", "2.2.1", &pkgstats.StatsParams{Period: "week"}))
		}).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "npm", "jquery", "", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "npm", "jquery@2.2.1", "2.2.1", nil))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.VersionStats(ctx, "gh", "bootstrap", "5.2.2", nil))
		}),
		row("pkgstats", "TopVersions", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{By: "bandwidth", Limit: 10}))
		}).rejects("by", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{By: "downloads"}))
		}).rejects("type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Type: "npm"}))
		}),
		row("pkgstats", "AllTopVersions", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Limit: 1}))
		}).rejects("package", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopVersions(ctx, "npm", "", nil))
		}).rejects("limit", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Limit: 101}))
		}),
		row("pkgstats", "Files", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Files(ctx, "npm", "jquery", "2.2.1", &pkgstats.FilesParams{Flat: true}))
		}).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Files(ctx, "npm", "jquery", "..", nil))
		}),
		row("pkgstats", "Entrypoints", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Entrypoints(ctx, "jquery", "2.2.1"))
		}).rejects("version", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Entrypoints(ctx, "jquery", "^2"))
		}),
		row("pkgstats", "TopPackages", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopPackages(ctx, &pkgstats.TopParams{Period: "week", Type: "gh", Limit: 2}))
		}).rejects("type", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopPackages(ctx, &pkgstats.TopParams{Type: "pypi"}))
		}).rejects("page", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.TopPackages(ctx, &pkgstats.TopParams{Page: 101}))
		}),
		row("pkgstats", "AllTopPackages", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 2}))
		}).rejects("period", func(ctx context.Context, c *pkgstats.Client) error {
			return drain(c.AllTopPackages(ctx, &pkgstats.TopParams{Period: "last week"}))
		}),
		row("pkgstats", "Network", pkgstats.New, func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Network(ctx, &pkgstats.NetworkParams{Period: "day", Continent: "EU"}))
		}).rejects("country", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Network(ctx, &pkgstats.NetworkParams{Country: "de"}))
		}).rejects("country", func(ctx context.Context, c *pkgstats.Client) error {
			return discard(c.Network(ctx, &pkgstats.NetworkParams{Country: "DE", Continent: "EU"}))
		}),
	)
}
