package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/pkgstats"
)

func init() {
	add("pkgstats", pkgstats.New, []row[*pkgstats.Client]{
		{"VersionStats", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			s, err := cl.VersionStats(ctx, "npm", "jquery", "2.2.1", &pkgstats.StatsParams{Period: "week"})
			return answer(s, func() any { return s.Hits.Total }), err
		}},
		{"TopVersions", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			l, err := cl.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Period: "week"})
			return answer(l, func() any { return l[0].Version }), err
		}},
		{"AllTopVersions", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			return each(cl.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Limit: 1}))
		}},
		{"Files", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			f, err := cl.Files(ctx, "npm", "jquery", "2.2.1", nil)
			return answer(f, func() any { return f.Files[0].Name }), err
		}},
		{"Entrypoints", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			e, err := cl.Entrypoints(ctx, "jquery", "2.2.1")
			return answer(e, func() any { return e.Entrypoints.JS.File }), err
		}},
		{"TopPackages", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			l, err := cl.TopPackages(ctx, &pkgstats.TopParams{Period: "week", Limit: 2})
			return answer(l, func() any { return l[0].Name }), err
		}},
		{"AllTopPackages", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			return each(cl.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 2}))
		}},
		{"Network", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			n, err := cl.Network(ctx, &pkgstats.NetworkParams{Period: "day"})
			return answer(n, func() any { return n.Hits.Total }), err
		}},
		{"Stats", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			s, err := cl.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"})
			return answer(s, func() any { return s.Hits.Total }), err
		}},
		{"Package", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			p, err := cl.Package(ctx, "npm", "@babel/core")
			return answer(p, func() any { return p.Tags["latest"] }), err
		}},
		{"Resolve", func(ctx context.Context, cl *pkgstats.Client) (Answer, error) {
			r, err := cl.Resolve(ctx, "npm", "@babel/core", "^7.20")
			return answer(r, func() any { return r.Version }), err
		}},
	})
}
