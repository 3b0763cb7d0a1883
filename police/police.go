// Package police is a client for the police data interface: street-level
// crime and policing data for England, Wales and Northern Ireland.
//
// Base URL: the placeholder police_url, set with conduit.WithBaseURL or
// CONDUIT_POLICE_URL. No credentials; no published rate limit.
//
//	c, err := police.New()
//	if err != nil {
//		return err
//	}
//	crimes, err := c.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"})
//	if err != nil {
//		return err
//	}
//	for _, cr := range crimes {
//		lat, lng, _ := cr.Location.Coordinates()
//		fmt.Println(cr.Category, cr.Location.Street.Name, lat, lng)
//	}
//
// Coordinates in crime records are strings on the wire and stay strings;
// Location.Lat, Lng and Coordinates parse them.
package police

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option is one of conduit's common options (conduit.WithBaseURL and the
// rest); the package needs no options of its own.
type Option = conduit.Option

// Error is returned by every call; it is conduit.Error, so one errors.As
// serves all conduit packages.
type Error = conduit.Error

// service is open: no credentials and no default rate limit.
var service = &transport.Service{Name: "police", Bases: []string{"police_url"}}

// Client holds the configuration of the police data interface and shares
// connections between calls. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New builds a Client from opts, falling back to CONDUIT_POLICE_URL for the
// base URL; a missing one is reported by the first call, before any I/O.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Forces lists the police forces; each ID is the slug other operations
// take.
func (c *Client) Forces(ctx context.Context) ([]Force, error) {
	var fs []Force
	if err := c.t.Do(ctx, &transport.Request{Op: "Forces", Method: "GET", Path: "/forces"}, &fs); err != nil {
		return nil, err
	}
	return fs, nil
}

// StreetCrimesParams are StreetCrimes' optional inputs.
type StreetCrimesParams struct {
	// Month is YYYY-MM; empty asks for the latest month the service has.
	Month string
}

// StreetCrimes lists the street-level crimes of one month within the
// service's fixed radius of lat, lng (decimal degrees). No crime is an
// empty slice, not an error.
func (c *Client) StreetCrimes(ctx context.Context, lat, lng float64, p *StreetCrimesParams) ([]Crime, error) {
	const op = "StreetCrimes"
	q, err := c.t.LatLng(op, lat, lng)
	if err != nil {
		return nil, err
	}
	if p != nil && p.Month != "" {
		if _, err := time.Parse("2006-01", p.Month); err != nil {
			return nil, c.t.InvalidParam(op, "date", "%q is not a YYYY-MM month", p.Month)
		}
		q = append(q, "date", p.Month)
	}
	var cs []Crime
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/crimes-street/all-crime", Query: q}, &cs); err != nil {
		return nil, err
	}
	return cs, nil
}
