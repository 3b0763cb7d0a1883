// Package countries is a client for the countries interface: country
// reference data such as capitals and the cities of a country.
//
// Base URL: the placeholder countries_url, which carries the interface's
// version (…/api/v0.1), set with conduit.WithBaseURL or
// CONDUIT_COUNTRIES_URL. No credentials; the spec publishes no rate limit.
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
// status, so a returned result always has Error false.
package countries

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

var service = &transport.Service{Name: "countries", Bases: []string{"countries_url"}}

// Client calls the countries interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Capitals returns every country with its capital and ISO codes.
func (c *Client) Capitals(ctx context.Context) (*CapitalsResponse, error) {
	var r CapitalsResponse
	if err := c.t.Do(ctx, &transport.Request{Op: "Capitals", Method: "GET", Path: "/countries/capital"}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Cities returns the names of a country's cities; country is its English
// name ("Nigeria"). It is a POST that changes nothing, so it is retried like
// a read. An unknown country is an *Error with the service's msg.
func (c *Client) Cities(ctx context.Context, country string) (*CitiesResponse, error) {
	const op = "Cities"
	if strings.TrimSpace(country) == "" {
		return nil, c.t.InvalidParam(op, "country", "is empty")
	}
	body := struct {
		Country string `json:"country"`
	}{country}
	var r CitiesResponse
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "POST", Path: "/countries/cities", Body: body}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
