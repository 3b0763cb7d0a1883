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
		return nil
	})
}
