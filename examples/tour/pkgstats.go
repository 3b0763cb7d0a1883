package main

import (
	"context"

	"github.com/conduit-sdk/conduit/pkgstats"
)

func init() {
	register("pkgstats", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := pkgstats.New()
		if err != nil {
			return err
		}
		s, err := c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"})
		if err != nil {
			return err
		}
		say("Stats", "@babel/core: %d hits (rank %d), %d bytes over %d days", s.Hits.Total, *s.Hits.Rank, s.Bandwidth.Total, len(s.Hits.Dates))
		p, err := c.Package(ctx, "npm", "@babel/core")
		if err != nil {
			return err
		}
		say("Package", "%s %s: latest %s, %d versions listed", p.Type, p.Name, p.Tags["latest"], len(p.Versions))
		r, err := c.Resolve(ctx, "npm", "@babel/core", "^7.20")
		if err != nil {
			return err
		}
		say("Resolve", "%s ^7.20 resolves to %s", r.Name, r.Version)

		vs, err := c.VersionStats(ctx, "npm", "jquery", "2.2.1", &pkgstats.StatsParams{Period: "week"})
		if err != nil {
			return err
		}
		say("VersionStats", "jquery@2.2.1: %d hits, %d bytes in a week", vs.Hits.Total, vs.Bandwidth.Total)
		top, err := c.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Period: "week"})
		if err != nil {
			return err
		}
		say("TopVersions", "jquery's most served version: %s, %d hits", top[0].Version, top[0].Hits.Total)
		n := 0
		for _, err := range c.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Period: "week"}) {
			if err != nil {
				return err
			}
			n++
		}
		say("AllTopVersions", "%d versions ranked", n)
		files, err := c.Files(ctx, "gh", "twbs/bootstrap", "2.2.1", nil)
		if err != nil {
			return err
		}
		n = 0
		for range files.Paths() {
			n++
		}
		say("Files", "gh %s@%s: %d files", files.Name, files.Version, n)
		e, err := c.Entrypoints(ctx, "jquery", "2.2.1")
		if err != nil {
			return err
		}
		say("Entrypoints", "jquery@2.2.1 js %s (guessed %t)", e.Entrypoints.JS.File, e.Entrypoints.JS.Guessed)
		pkgs, err := c.TopPackages(ctx, &pkgstats.TopParams{Period: "week", Limit: 2})
		if err != nil {
			return err
		}
		say("TopPackages", "first %s %s, %d hits", pkgs[0].Type, pkgs[0].Name, pkgs[0].Hits)
		n = 0
		for _, err := range c.AllTopPackages(ctx, &pkgstats.TopParams{Period: "week", Limit: 2}) {
			if err != nil {
				return err
			}
			n++
		}
		say("AllTopPackages", "%d packages over the pages", n)
		net, err := c.Network(ctx, nil)
		if err != nil {
			return err
		}
		say("Network", "%d hits, %d bytes network-wide", net.Hits.Total, net.Bandwidth.Total)
		return nil
	})
}
