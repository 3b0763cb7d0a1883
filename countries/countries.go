// Package countries is a client for the countries interface, modelled on
// CountriesNow: country reference data. Every documented endpoint is typed:
// a listing for all countries at once and a lookup of one country for
// capitals (Capitals, Capital), currencies (Currencies, Currency), flag
// images (FlagImages, FlagImage), Unicode flags (FlagUnicodes,
// FlagUnicode), ISO codes (ISOCodes, ISOCode), positions (Positions,
// Position), dial codes (DialCodes, DialCode), populations with their
// yearly series (Populations, Population) and city populations
// (CityPopulations, CityPopulation); countries with their cities
// (Countries) and the cities of one (Cities); states (States,
// CountryStates) and the cities of a state (StateCities).
//
// Base URL: the placeholder countries_url, which the spec ends with the
// interface's version (…/api/v0.1), by default the service's own
// https://countriesnow.space/api/v0.1; set another with
// conduit.WithBaseURL or CONDUIT_COUNTRIES_URL. A base pasted without its
// /v0.1 gets it. No
// credentials; the spec publishes no rate limit (the service allows about
// 400 requests in 2 minutes per client address and reports the rest in
// RateLimit-* headers, which conduit.WithResponse reads).
//
//	c, err := countries.New()
//	if err != nil {
//		return err
//	}
//	r, err := c.Cities(ctx, "Nigeria")
//	if err != nil {
//		return err // an *Error carrying the service's msg, e.g. "country not found"
//	}
//	fmt.Println(r.Msg, len(r.Data), r.Data[0])
//
// Every response is the envelope {error, msg, data}. Results keep it whole
// (Envelope, with RawJSON for fields the spec does not show); an envelope
// with error: true is an *Error whose Message is msg, whatever the HTTP
// status, so a returned result always has Error false. The listings do not
// page: each answers with every country at once.
//
// The lookups of one country (Cities, Capital, Currency, …, StateCities)
// are POSTs with a JSON body, as the spec shows Cities, and change
// nothing. The service offers each also as a GET (…/q?country=…), and
// answers every POST with a 301 to that GET form; since the lookups are
// declared reads, conduit follows that redirect, and retries them like
// reads. A write sent through Do is never turned into a GET: that redirect
// is refused with conduit.ErrRedirectRefused. The GET forms themselves are
// reachable through Do ("/countries/capital/q?country=Nigeria").
//
// # Failures
//
// The service has no error codes: error: true is a flag, and msg says what
// failed. Error.Code stays empty.
//
//	service sends                                 conduit reports
//	404 {"error":true,"msg":"country not found"}  ErrNotFound, Message the msg
//	2xx {"error":true,"msg":"… not found"}        ErrNotFound (a cached or older answer)
//	2xx {"error":true,"msg":…}, other msgs        ErrAPI, Message the msg
//	400, 422 {"error":true,"msg":…}               ErrAPI (the input was refused)
//	429 {"error":true,"msg":"Too many requests…"} ErrRateLimited; RetryAfter from Retry-After,
//	  with RateLimit-Reset (seconds)                else RateLimit-Reset; retried after it
//	5xx HTML page (a stack trace)                 ErrAPI, no Message (HTML kept out); retried
//
// Not typed, of the documented endpoints: the filter of city populations
// (POST /countries/population/cities/filter, with limit, order, orderBy
// and country) and the mixed-field info endpoint (/countries/info?returns=
// …), whose answer's members depend on the query; both take Do, and the
// typed lookups cover what they return.
package countries

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:   "countries",
	Bases:  []transport.Base{{Name: "countries_url", Option: "conduit.WithBaseURL", Version: "v0.1", Default: "https://countriesnow.space/api/v0.1"}},
	Errors: transport.Profile{Message: []string{"msg"}},
})

var (
	capitalsOp = transport.Declare(service, transport.Op{Name: "Capitals", Method: "GET", Path: "/countries/capital"}, flagged[[]Capital])
	// citiesOp is a read: the service changes nothing and answers with a
	// redirect to a GET, which a write would refuse to follow.
	citiesOp = transport.Declare(service, transport.Op{Name: "Cities", Method: "POST", Path: "/countries/cities"}, flagged[[]string])
)

// flagged turns an envelope with error: true into the failure it reports,
// whatever the status; a msg saying "not found" means ErrNotFound.
func flagged[T any](e *Envelope[T]) *transport.Problem {
	if !e.Error {
		return nil
	}
	p := &transport.Problem{Message: e.Msg}
	if p.Message == "" {
		p.Message = "error: true without a msg"
	}
	if strings.Contains(strings.ToLower(e.Msg), "not found") {
		p.Kind = conduit.ErrNotFound
	}
	return p
}

// Do calls any path of the interface, for an endpoint this package does not
// type ("/countries/states/q?country=Nigeria"), with the limits, retries and
// errors of the typed methods; see conduit's documentation of Do. A method
// other than GET is a write, so the service's redirect of a POST to a GET
// is refused: use the GET form.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Capitals returns every country with its capital and ISO codes.
func (c *Client) Capitals(ctx context.Context, opts ...Option) (*CapitalsResponse, error) {
	return capitalsOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Cities returns the names of a country's cities; country is its English
// name ("Nigeria"). It is a POST that changes nothing, so it is retried like
// a read and follows the service's redirect to the GET form. An unknown
// country is an *Error with the service's msg, matching conduit.ErrNotFound.
func (c *Client) Cities(ctx context.Context, country string, opts ...Option) (*CitiesResponse, error) {
	if strings.TrimSpace(country) == "" {
		return nil, citiesOp.Invalid("country", "is empty")
	}
	return citiesOp.Do(ctx, c.t, transport.Call{Body: citiesRequest{Country: country}}, opts)
}
