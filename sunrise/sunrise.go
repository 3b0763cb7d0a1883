// Package sunrise is a client for the sunrise interface: sunrise, sunset,
// solar noon, day length and twilight times for a latitude and longitude.
// It is modelled on sunrise-sunset.org.
//
// Base URL: the placeholder sun_url, by default the service's own
// https://api.sunrise-sunset.org, so New needs no configuration. Set
// another with conduit.WithBaseURL, CONDUIT_SUNRISE_SUN_URL or
// CONDUIT_SUNRISE_URL. The path carries no version segment. No credentials; no
// published rate limit.
//
//	c, err := sunrise.New()
//	if err != nil {
//		return err
//	}
//	day, err := c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: 6, Day: 21}, TZID: "Europe/London"})
//	if err != nil {
//		return err
//	}
//	fmt.Println(day.Results.Sunrise.Format(time.Kitchen), day.Results.DayLength)
//
// By default Get asks for formatted=0, so every time is an exact instant. With
// GetParams.Formatted the service sends 12-hour clock strings instead; they
// are read as the wall clock of the tzid zone on the requested date (on the
// days clocks change too), and kept verbatim in Time.Clock. An event that
// does not happen that day (polar day or night) is the zero Time.
//
// # Failures
//
// The service answers every request with a status word, "OK" or what went
// wrong, under status 200 as often as under 4xx or 5xx; the word is
// Error.Code. It sends no request id, no wait and no budget headers.
//
//	service sends                         conduit reports
//	status INVALID_REQUEST (lat, lng)     ErrAPI, not retried
//	status INVALID_DATE                   ErrAPI, not retried
//	status INVALID_TZID, with the times   ErrAPI, not retried: the times are in UTC,
//	  in UTC                                not in the zone asked for, so none is returned
//	status UNKNOWN_ERROR                  ErrAPI, retried after the backoff
//	any other word                        ErrAPI with the word as Code
//	429 (an edge)                         ErrRateLimited, retried after Retry-After
//	5xx or an HTML page without a word    by status; 5xx retried
//
// Under 4xx and 5xx the message is conduit's ("date not understood"); under
// 200 it names the word (status "INVALID_DATE"). Get checks the latitude,
// longitude, date and zone before sending, so the first three words mean
// the service disagrees with those checks.
//
// The package is complete: the service documents one endpoint, /json, and
// Get types it with every parameter but callback, a JSONP wrapper a Go
// client has no use for. Do stays for anything the service adds later.
package sunrise

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// service answers every request with a status word: OK, or what went wrong,
// under status 200 or 4xx alike. The words carry no message; the meanings
// give conduit's.
var service = transport.Register(&transport.Service{
	Name:  "sunrise",
	Bases: []transport.Base{{Name: "sun_url", Option: "conduit.WithBaseURL", Default: "https://api.sunrise-sunset.org"}},
	Errors: transport.Profile{
		Code:   []string{"status"},
		InBody: &transport.StatusWord{Path: "status", OK: []string{"OK"}},
		Codes: map[string]transport.Meaning{
			"INVALID_REQUEST": {Kind: conduit.ErrAPI, Message: "lat or lng missing or invalid"},
			"INVALID_DATE":    {Kind: conduit.ErrAPI, Message: "date not understood"},
			"INVALID_TZID":    {Kind: conduit.ErrAPI, Message: "unknown time zone; the service fell back to UTC"},
			"UNKNOWN_ERROR":   {Kind: conduit.ErrAPI, Retry: true, Message: "the service could not compute the answer"},
		},
	},
})

var getOp = transport.Declare(service, transport.Op{Name: "Get", Method: "GET", Path: "/json"}, (*Response).check)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as Get; see
// conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// GetParams are Get's optional inputs.
type GetParams struct {
	// Date is the day; the zero Date means the service's today. Days of
	// 1970 cannot be asked for: the service marks a missing event with a
	// time on 1970-01-01.
	Date conduit.Date
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
	day := p.Date
	switch {
	case day.IsZero():
	case !day.IsValid():
		return nil, getOp.Invalid("date", "%v is not a day of the calendar", day)
	case day.Year == 1970:
		return nil, getOp.Invalid("date", "days of 1970 cannot be told from the service's mark of a missing event")
	}
	loc := time.UTC
	if p.TZID != "" {
		l, err := time.LoadLocation(p.TZID)
		if err != nil || p.TZID == "Local" {
			return nil, getOp.Invalid("tzid", "%q is not a known IANA time zone", p.TZID)
		}
		loc = l
	}
	if !day.IsZero() {
		q = append(q, "date", day.String())
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
		day = conduit.DateOf(time.Now().In(loc))
	}
	r.Results.anchor(day, loc)
	return r, nil
}
