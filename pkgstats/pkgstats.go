// Package pkgstats is a client for the package-stats interface of a content
// delivery network: how often a package is served (Stats, VersionStats,
// TopVersions), which versions it has (Package) and which a range such as
// "^1.2" or "latest" resolves to (Resolve), a version's files (Files, as a
// tree or flat) and entry points (Entrypoints), the most served packages
// (TopPackages) and the whole network's traffic (Network). It is modelled
// on the jsDelivr data API.
//
// Base URL: the placeholder cdn_stats_url, which ends with the interface's
// version (…/v1), by default the service's own https://data.jsdelivr.com/v1.
// Set another with conduit.WithBaseURL, CONDUIT_PKGSTATS_CDN_STATS_URL or
// CONDUIT_PKGSTATS_URL (CONDUIT_CDN_STATS_URL, the older name, still
// works). Paste it with or without /v1: it is never doubled. No
// credentials; the spec publishes no rate limit (the service asks heavy
// users, above about 100 requests a minute, to get in touch).
//
//	c, err := pkgstats.New()
//	if err != nil {
//		return err
//	}
//	v, err := c.Resolve(ctx, "npm", "@babel/core", "^7.20")
//	if err != nil {
//		return err
//	}
//	s, err := c.Stats(ctx, "npm", v.Name, &pkgstats.StatsParams{Period: "month"})
//	if err != nil {
//		return err
//	}
//	fmt.Println(v.Version, s.Hits.Total)
//
// A registry type ("npm", or "gh" for a GitHub repository) is one path
// segment. An npm package name is one segment too, except a scoped name
// "@scope/name", which is sent as the two segments the service expects; a
// GitHub package is "user/repo". Each segment is escaped. Names and exact
// versions are checked before any request: non-empty, and a slash only in
// the @scope/name or user/repo form. The ranked lists page by number (1 to
// 100, at most 100 items a page); AllTopPackages and AllTopVersions walk
// them. For an endpoint this package does not type, use Do.
//
// # Failures
//
// Every failure is a JSON object {"status": 404, "message": "…"} whose status
// member only repeats the HTTP status, so Error.Code stays empty and the
// status decides. The edge in front of the service adds a CF-RAY header,
// which becomes Error.RequestID.
//
//	service sends                                 conduit reports
//	404 (unknown package or version)              ErrNotFound
//	400 (a parameter out of range)                ErrAPI
//	403 (package too large to list)               ErrAPI: not a credential problem
//	500 (also an upstream registry timeout)       ErrAPI, reads retried
//	429 (only ever from the edge)                 ErrRateLimited, retried after Retry-After
//	200 with "version": null from Resolve         no error: Resolved.Version is ""
//	200 with null ranks from Stats                no error: an unranked package
//	a page repeating the one before, in an All…   ErrMalformedResponse: the list would never end
//	  iterator
//
// Not typed, of the endpoints the service documents: the badges (SVG
// images), the stats of a version's files and of proxy endpoints, the
// network's breakdowns by content and country, the browser and platform
// statistics, the list of stats periods and the file lookup by hash. They
// are reports about the network rather than about packages; Do reaches
// them.
package pkgstats

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:  "pkgstats",
	Bases: []transport.Base{{Name: "cdn_stats_url", Option: "conduit.WithBaseURL", Version: "v1", Default: "https://data.jsdelivr.com/v1"}},
	Errors: transport.Profile{
		Message: []string{"message"},
		// A 403 says the package is too large to list: no credential can
		// fix it.
		Status: map[int]transport.Meaning{403: transport.Failed},
	},
})

var (
	statsOp = transport.Declare[Stats](service, transport.Op{Name: "Stats", Method: "GET",
		Path: "/stats/packages/{registry_type}/{package...}"}, nil)
	packageOp = transport.Declare[Package](service, transport.Op{Name: "Package", Method: "GET",
		Path: "/packages/{registry_type}/{package...}"}, nil)
	resolveOp = transport.Declare[Resolved](service, transport.Op{Name: "Resolve", Method: "GET",
		Path: "/packages/{registry_type}/{package...}/resolved"}, nil)
)

// Do calls any path of the service, for an endpoint this package does not
// type (a badge, browser or platform statistics), with the same base URL,
// limits, retries and errors as the typed methods; see conduit's
// documentation of Do. Paths are relative to cdn_stats_url, after its /v1.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// StatsParams are Stats' optional inputs.
type StatsParams struct {
	// Period is the window the numbers cover, such as "month"; empty means
	// the service's default. The spec lists no other values, so any word of
	// letters, digits and dashes ("week", "s-month", "2024-05") is passed on.
	Period string
}

// query renders the period, checked as a word of letters, digits and
// dashes.
func (p *StatsParams) query(op *transport.Op) ([]string, error) {
	if p == nil || p.Period == "" {
		return nil, nil
	}
	if !isWord(p.Period) {
		return nil, op.Invalid("period", "%q is not a period word such as \"month\"", p.Period)
	}
	return []string{"period", p.Period}, nil
}

// Stats returns how often a package was served, and how much, in a period.
func (c *Client) Stats(ctx context.Context, registryType, name string, p *StatsParams, opts ...Option) (*Stats, error) {
	if err := checkPackage(statsOp.Op, registryType, name); err != nil {
		return nil, err
	}
	q, err := p.query(statsOp.Op)
	if err != nil {
		return nil, err
	}
	return statsOp.Do(ctx, c.t, transport.Call{Args: []string{registryType, name}, Query: q}, opts)
}

// Package returns a package's tags and versions.
func (c *Client) Package(ctx context.Context, registryType, name string, opts ...Option) (*Package, error) {
	if err := checkPackage(packageOp.Op, registryType, name); err != nil {
		return nil, err
	}
	return packageOp.Do(ctx, c.t, transport.Call{Args: []string{registryType, name}}, opts)
}

// Resolve returns the version a specifier selects: a range such as "^1.2",
// an exact version, or a tag such as "latest". When nothing matches the
// service answers with a null version, so Resolved.Version is empty.
func (c *Client) Resolve(ctx context.Context, registryType, name, specifier string, opts ...Option) (*Resolved, error) {
	if err := checkPackage(resolveOp.Op, registryType, name); err != nil {
		return nil, err
	}
	if strings.TrimSpace(specifier) == "" || hasControl(specifier) {
		return nil, resolveOp.Invalid("specifier", "%q is not a version range, version or tag", specifier)
	}
	return resolveOp.Do(ctx, c.t, transport.Call{Args: []string{registryType, name}, Query: []string{"specifier", specifier}}, opts)
}
