// Package police is a client for the police data interface: street-level
// crime and policing data for England, Wales and Northern Ireland. It is
// modelled on data.police.uk.
//
// Base URL: the placeholder police_url, by default the service's own
// https://data.police.uk/api; set another with conduit.WithBaseURL or
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
// Every method the service documents is typed: forces and their senior
// officers; crime categories, the last update and the months held;
// street-level crimes, outcomes and stop and searches around a point, in a
// custom area (a polygon of Points) or at a location id; crimes and
// searches that could not be mapped; a crime's case history; and
// neighbourhoods with their boundary, team, events and priorities, and
// the one that covers a point. No listing pages: each answer is one month
// of one area, whole.
//
// A busy month of a city runs to thousands of crimes (the service answers
// up to 10,000 before it asks for a smaller area), several megabytes that
// StreetCrimes holds whole. EachStreetCrime and EachStreetCrimeInArea send
// the same requests and yield each crime as its bytes arrive, each crime's
// RawJSON its own bytes, so the memory a loop needs is one crime's whatever
// the month holds. Across conduit, Each<Thing> names the iterator that
// reads one answer's listing element by element as it arrives, next to
// the method that returns it whole; All<Thing> walks a listing's pages.
//
// Coordinates are strings on the wire and stay strings; Location.Lat, Lng
// and Coordinates, and Coordinates.Point, parse them. Northern Ireland's
// force publishes no outcomes.
//
// # Failures
//
// The service sends no error document: a failure is its status, with an
// empty body or a web server's HTML page. No crime is an empty list, not a
// failure.
//
//	service sends                                 conduit reports
//	429 (over 15 a second, burst 30)              ErrRateLimited, retried after Retry-After, else 2s
//	503 from crimes-street or                     ErrAPI, not retried, Message "the area holds more
//	  outcomes-at-location (the area holds          than 10,000 crimes (outcomes), the service's limit:
//	  more than 10,000 records)                     split it into smaller polygons"
//	503 from other endpoints, 500, 502, 504       ErrAPI, reads retried
//	404 (unknown force or neighbourhood,          ErrNotFound
//	  month not held, point in no force)
//	400 (request line over 4,094 characters)      ErrAPI; a polygon that long is refused before
//	                                                any I/O (ErrInvalidParam, field poly)
//
// Not typed: the POST form the service documents for a poly too long for a
// GET. A polygon that needs it is better split into areas under the 10,000
// limit, so no method sends one; the GET forms are all typed.
package police

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// service is open: no credentials and no default rate limit. Its leaky
// bucket refills within two seconds of a 429.
var service = transport.Register(&transport.Service{
	Name:  "police",
	Bases: []transport.Base{{Name: "police_url", Option: "conduit.WithBaseURL", Default: "https://data.police.uk/api"}},
	Errors: transport.Profile{Status: map[int]transport.Meaning{
		429: {Kind: conduit.ErrRateLimited, Retry: true, Wait: 2 * time.Second},
	}},
})

// tooManyIn is the meaning of a 503 from the methods the service documents
// it for: the area holds more than 10,000 records. Asking again cannot help;
// a smaller area can.
func tooManyIn(what string) map[int]transport.Meaning {
	return map[int]transport.Meaning{503: {Kind: conduit.ErrAPI,
		Message: "the area holds more than 10,000 " + what + ", the service's limit: split it into smaller polygons"}}
}

var (
	forcesOp = transport.Declare[[]Force](service, transport.Op{Name: "Forces", Method: "GET", Path: "/forces"}, nil)
	crimesOp = transport.Declare[[]Crime](service, transport.Op{Name: "StreetCrimes", Method: "GET", Path: "/crimes-street/{category}",
		Status: tooManyIn("crimes")}, nil)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, retries and errors as the typed methods;
// see conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Forces lists the police forces; each ID is the slug the service's
// force-specific endpoints take.
func (c *Client) Forces(ctx context.Context, opts ...Option) ([]Force, error) {
	return list(ctx, c, forcesOp, transport.Call{}, opts)
}

// StreetCrimesParams are the optional inputs of the street-level crime
// methods and CrimesNoLocation.
type StreetCrimesParams struct {
	// Category is a crime category's URL slug (CrimeCategories lists
	// them); empty means "all-crime".
	Category string
	// Month is YYYY-MM; empty asks for the latest month the service has.
	Month string
}

// category returns p's category, "all-crime" when it names none.
func (p *StreetCrimesParams) category() string {
	if p == nil || p.Category == "" {
		return "all-crime"
	}
	return p.Category
}

// month returns p's month, "" for the latest.
func (p *StreetCrimesParams) month() string {
	if p == nil {
		return ""
	}
	return p.Month
}

// StreetCrimes lists the street-level crimes of one month within a mile of
// lat, lng (decimal degrees). No crime is an empty slice, not an error; an
// area too busy for the service is an ErrAPI telling to split it, which
// StreetCrimesInArea can.
func (c *Client) StreetCrimes(ctx context.Context, lat, lng float64, p *StreetCrimesParams, opts ...Option) ([]Crime, error) {
	q, err := crimesOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	return c.streetCrimes(ctx, crimesOp, q, p, opts)
}

// streetCrimes sends a crimes-street call of op with the area in q.
func (c *Client) streetCrimes(ctx context.Context, op *transport.Endpoint[[]Crime], q []string, p *StreetCrimesParams, opts []Option) ([]Crime, error) {
	if err := slug(op.Op, "category", p.category()); err != nil {
		return nil, err
	}
	q, err := month(op.Op, q, p.month())
	if err != nil {
		return nil, err
	}
	return list(ctx, c, op, transport.Call{Args: []string{p.category()}, Query: q}, opts)
}

// list makes one call of a listing operation; an empty list (sent as [],
// null or nothing) is an empty slice.
func list[T any](ctx context.Context, c *Client, op *transport.Endpoint[[]T], call transport.Call, opts []Option) ([]T, error) {
	out, err := op.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}
