package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/pkgstats"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		stats := newClient(t, pkgstats.New, srv.Options("pkgstats"))
		return map[string]opCall{
			"pkgstats.VersionStats": {do: func(ctx context.Context) (any, error) {
				s, err := stats.VersionStats(ctx, "npm", "jquery", "2.2.1", &pkgstats.StatsParams{Period: "week"})
				return field(s, func() any { return s.Hits.Total }), err
			}},
			"pkgstats.TopVersions": {do: func(ctx context.Context) (any, error) {
				l, err := stats.TopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Period: "week"})
				return field(l, func() any { return l[0].Version }), err
			}},
			"pkgstats.AllTopVersions": {as: "TopVersions", do: func(ctx context.Context) (any, error) {
				return count(stats.AllTopVersions(ctx, "npm", "jquery", &pkgstats.TopParams{Limit: 1}))
			}},
			"pkgstats.Files": {do: func(ctx context.Context) (any, error) {
				f, err := stats.Files(ctx, "npm", "jquery", "2.2.1", nil)
				return field(f, func() any { return f.Files[0].Name }), err
			}},
			"pkgstats.Entrypoints": {do: func(ctx context.Context) (any, error) {
				e, err := stats.Entrypoints(ctx, "jquery", "2.2.1")
				return field(e, func() any { return e.Entrypoints.JS.File }), err
			}},
			"pkgstats.TopPackages": {do: func(ctx context.Context) (any, error) {
				l, err := stats.TopPackages(ctx, &pkgstats.TopParams{Period: "week", Limit: 2})
				return field(l, func() any { return l[0].Name }), err
			}},
			"pkgstats.AllTopPackages": {as: "TopPackages", do: func(ctx context.Context) (any, error) {
				return count(stats.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 2}))
			}},
			"pkgstats.Network": {do: func(ctx context.Context) (any, error) {
				n, err := stats.Network(ctx, &pkgstats.NetworkParams{Period: "day"})
				return field(n, func() any { return n.Hits.Total }), err
			}},
		}
	})
}
