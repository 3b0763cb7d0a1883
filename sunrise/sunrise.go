// Package sunrise is a client for the sunrise interface: sunrise, sunset,
// solar noon, day length and twilight times for a latitude and longitude.
//
// Base URL: the placeholder sun_url, set with conduit.WithBaseURL or
// CONDUIT_SUN_URL. No credentials; no published rate limit.
//
//	c, err := sunrise.New()
//	if err != nil {
//		return err
//	}
//	day, err := c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21", TZID: "Europe/London"})
//	if err != nil {
//		return err
//	}
//	fmt.Println(day.Results.Sunrise.Format(time.Kitchen), day.Results.DayLength)
//
// By default Get asks for formatted=0, so every time is an exact instant. With
// GetParams.Formatted the service sends 12-hour clock strings instead; they
// are anchored to the requested date in the tzid zone, and kept verbatim in
// Time.Clock.
package sunrise

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client, or one call; the common options are in
// package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

// service answers every request with a status word: OK, or what went wrong,
// under status 200 or 400 alike.
var service = transport.Register(&transport.Service{
	Name:  "sunrise",
	Bases: []transport.Base{{Name: "sun_url", Option: "conduit.WithBaseURL"}},
	Errors: transport.Profile{
		Code:   []string{"status"},
		InBody: &transport.StatusWord{Path: "status", OK: []string{"OK"}},
		Codes:  map[string]transport.Meaning{"UNKNOWN_ERROR": transport.Transient},
	},
})

var getOp = transport.Declare[Response](service, transport.Op{Name: "Get", Method: "GET", Path: "/json"}, nil)

// Client calls the sunrise interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t}, nil
}

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as Get; see
// conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// GetParams are Get's optional inputs.
type GetParams struct {
	// Date is the day as YYYY-MM-DD; empty means the service's default.
	Date string
	// Formatted asks for 12-hour clock strings instead of ISO 8601 UTC.
	Formatted bool
	// TZID is an IANA zone name ("Europe/London") the times are given in.
	TZID string
}

// Get returns the sun times at lat, lng (decimal degrees). A response whose
// status is not "OK" is an *Error with that status as its Code.
func (c *Client) Get(ctx context.Context, lat, lng float64, p *GetParams, opts ...Option) (*Response, error) {
	if p == nil {
		p = &GetParams{}
	}
	q, err := getOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	day := time.Time{}
	if p.Date != "" {
		d, err := time.Parse(time.DateOnly, p.Date)
		if err != nil {
			return nil, getOp.Invalid("date", "%q is not a YYYY-MM-DD date", p.Date)
		}
		day = d
	}
	loc := time.UTC
	if p.TZID != "" {
		l, err := time.LoadLocation(p.TZID)
		if err != nil || p.TZID == "Local" {
			return nil, getOp.Invalid("tzid", "%q is not a known IANA time zone", p.TZID)
		}
		loc = l
	}
	if p.Date != "" {
		q = append(q, "date", p.Date)
	}
	if !p.Formatted {
		q = append(q, "formatted", "0")
	}
	if p.TZID != "" {
		q = append(q, "tzid", p.TZID)
	}
	r, err := getOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	if day.IsZero() {
		day = time.Now().In(loc)
	}
	r.Results.anchor(day, loc)
	return r, nil
}
