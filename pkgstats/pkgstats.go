// Package pkgstats is a client for the package-stats interface of a content
// delivery network: how often a package is served, which versions it has,
// and which version a range such as "^1.2" or "latest" resolves to.
//
// Base URL: the placeholder cdn_stats_url, which carries the interface's
// version (…/v1), set with conduit.WithBaseURL or CONDUIT_CDN_STATS_URL. No
// credentials; the spec publishes no rate limit.
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
// A registry type ("npm") is one path segment. A package name is one segment
// too, except a scoped name "@scope/name", which is sent as the two segments
// the service expects; each segment is escaped. Names are checked before any
// request: non-empty, and a slash only in the @scope/name form.
package pkgstats

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{Name: "pkgstats", Bases: []string{"cdn_stats_url"}}

// Client calls the package-stats interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// StatsParams are Stats' optional inputs.
type StatsParams struct {
	// Period is the window the numbers cover, such as "month"; empty means
	// the service's default. The spec lists no other values, so any word of
	// letters, digits and dashes ("week", "s-month", "2024-05") is passed on.
	Period string
}

// Stats returns how often a package was served, and how much, in a period.
func (c *Client) Stats(ctx context.Context, registryType, name string, p *StatsParams) (*Stats, error) {
	const op = "Stats"
	if p == nil {
		p = &StatsParams{}
	}
	if err := c.checkPackage(op, registryType, name); err != nil {
		return nil, err
	}
	var q []string
	if p.Period != "" {
		if !isWord(p.Period) {
			return nil, c.t.InvalidParam(op, "period", "%q is not a period word such as \"month\"", p.Period)
		}
		q = []string{"period", p.Period}
	}
	var s Stats
	err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/stats/packages/{registry_type}/{package...}",
		Args: []string{registryType, name}, Query: q}, &s)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// Package returns a package's tags and versions.
func (c *Client) Package(ctx context.Context, registryType, name string) (*Package, error) {
	const op = "Package"
	if err := c.checkPackage(op, registryType, name); err != nil {
		return nil, err
	}
	var pk Package
	err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/packages/{registry_type}/{package...}",
		Args: []string{registryType, name}}, &pk)
	if err != nil {
		return nil, err
	}
	return &pk, nil
}

// Resolve returns the version a specifier selects: a range such as "^1.2",
// an exact version, or a tag such as "latest". When nothing matches the
// service answers with a null version, so Resolved.Version is empty.
func (c *Client) Resolve(ctx context.Context, registryType, name, specifier string) (*Resolved, error) {
	const op = "Resolve"
	if err := c.checkPackage(op, registryType, name); err != nil {
		return nil, err
	}
	if strings.TrimSpace(specifier) == "" || hasControl(specifier) {
		return nil, c.t.InvalidParam(op, "specifier", "%q is not a version range, version or tag", specifier)
	}
	var r Resolved
	err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/packages/{registry_type}/{package...}/resolved",
		Args: []string{registryType, name}, Query: []string{"specifier", specifier}}, &r)
	if err != nil {
		return nil, err
	}
	return &r, nil
}
