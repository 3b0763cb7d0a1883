// Package police is a client for the police data interface: street-level
// crime and policing data for England, Wales and Northern Ireland. It is
// modelled on data.police.uk.
//
// Base URL: the placeholder police_url, set with conduit.WithBaseURL or
// CONDUIT_POLICE_URL. No credentials. The spec publishes no rate limit;
// the live service documents 15 requests a second on average with bursts
// of 30 (conduit.WithRateLimit keeps a client to that).
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
// Location.Lat, Lng and Coordinates parse them. For an endpoint this
// package does not type (neighbourhoods, stop and search), use Do.
//
// # Failures
//
// The service sends no error document: a failure is its status, with an
// empty body or a web server's HTML page. No crime is an empty list, not a
// failure.
//
//	service sends                                 conduit reports
//	429 (over 15 a second, burst 30)              ErrRateLimited, retried after Retry-After, else 2s
//	503 from crimes-street (the area holds        ErrAPI, not retried, Message "custom area holds
//	  more than 10,000 crimes)                      more than 10,000 crimes"; narrow the query
//	503 from other endpoints, 500, 502, 504       ErrAPI, reads retried
//	404 (unknown force, month not held)           ErrNotFound
//	400 (request line too long)                   ErrAPI
package police

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client, or one call; the package needs no options of
// its own, the common ones are in package conduit.
type Option = conduit.Option

// Error is returned by every call; it is conduit.Error, so one errors.As
// serves all conduit packages.
type Error = conduit.Error

// service is open: no credentials and no default rate limit. Its leaky
// bucket refills within two seconds of a 429.
var service = transport.Register(&transport.Service{
	Name:  "police",
	Bases: []transport.Base{{Name: "police_url", Option: "conduit.WithBaseURL"}},
	Errors: transport.Profile{Status: map[int]transport.Meaning{
		429: {Kind: conduit.ErrRateLimited, Retry: true, Wait: 2 * time.Second},
	}},
})

var (
	forcesOp = transport.Declare[[]Force](service, transport.Op{Name: "Forces", Method: "GET", Path: "/forces"}, nil)
	// A 503 from crimes-street is the documented answer to an area with
	// more than 10,000 crimes: asking again cannot help.
	crimesOp = transport.Declare[[]Crime](service, transport.Op{Name: "StreetCrimes", Method: "GET", Path: "/crimes-street/all-crime",
		Status: map[int]transport.Meaning{503: {Kind: conduit.ErrAPI, Message: "custom area holds more than 10,000 crimes"}}}, nil)
)

// Client holds the configuration of the police data interface and shares
// connections between calls. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New builds a Client from opts, falling back to CONDUIT_POLICE_URL for the
// base URL; a missing one is reported by the first call, before any I/O.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t}, nil
}

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, retries and errors as the typed methods;
// see conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Forces lists the police forces; each ID is the slug the service's
// force-specific endpoints take.
func (c *Client) Forces(ctx context.Context, opts ...Option) ([]Force, error) {
	fs, err := forcesOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	return *fs, nil
}

// StreetCrimesParams are StreetCrimes' optional inputs.
type StreetCrimesParams struct {
	// Month is YYYY-MM; empty asks for the latest month the service has.
	Month string
}

// StreetCrimes lists the street-level crimes of one month within the
// service's fixed radius of lat, lng (decimal degrees). No crime is an
// empty slice, not an error.
func (c *Client) StreetCrimes(ctx context.Context, lat, lng float64, p *StreetCrimesParams, opts ...Option) ([]Crime, error) {
	q, err := crimesOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	if p != nil && p.Month != "" {
		if _, err := time.Parse("2006-01", p.Month); err != nil {
			return nil, crimesOp.Invalid("date", "%q is not a YYYY-MM month", p.Month)
		}
		q = append(q, "date", p.Month)
	}
	cs, err := crimesOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *cs, nil
}
