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

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{Name: "sunrise", Bases: []string{"sun_url"}}

// Client calls the sunrise interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
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
func (c *Client) Get(ctx context.Context, lat, lng float64, p *GetParams) (*Response, error) {
	const op = "Get"
	if p == nil {
		p = &GetParams{}
	}
	q, err := c.t.LatLng(op, lat, lng)
	if err != nil {
		return nil, err
	}
	day := time.Time{}
	if p.Date != "" {
		d, err := time.Parse(time.DateOnly, p.Date)
		if err != nil {
			return nil, c.t.InvalidParam(op, "date", "%q is not a YYYY-MM-DD date", p.Date)
		}
		day = d
	}
	loc := time.UTC
	if p.TZID != "" {
		l, err := time.LoadLocation(p.TZID)
		if err != nil || p.TZID == "Local" {
			return nil, c.t.InvalidParam(op, "tzid", "%q is not a known IANA time zone", p.TZID)
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
	var r Response
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/json", Query: q}, &r); err != nil {
		return nil, err
	}
	if day.IsZero() {
		day = time.Now().In(loc)
	}
	r.Results.anchor(day, loc)
	return &r, nil
}
