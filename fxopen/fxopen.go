// Package fxopen is a client for the daily-open currency rates interface:
// the rates of every currency against one base currency, updated once a day.
//
// Base URL: the placeholder open_fx_url, which carries the v6 version segment
// ("https://…/v6"), set with conduit.WithBaseURL or CONDUIT_OPEN_FX_URL. No
// credentials; no published rate limit, but the data changes only once a day,
// so cache a result until its TimeNextUpdateUnix.
//
// Attribution: the provider's terms ask for an attribution link to the
// provider wherever these rates are displayed. The link is the response's
// Provider field; show it next to any rate you present.
//
//	c, err := fxopen.New()
//	if err != nil {
//		return err
//	}
//	r, err := c.Latest(ctx, "USD")
//	if err != nil {
//		return err
//	}
//	eur, _ := r.Rate("EUR")
//	fmt.Printf("1 USD = %v EUR (as of %s; rates by %s)\n", eur, r.TimeLastUpdateUnix.Format(time.DateOnly), r.Provider)
package fxopen

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type. A result other than "success" is an *Error
// whose Code is the provider's error-type ("unsupported-code").
type Error = conduit.Error

var service = &transport.Service{Name: "fxopen", Bases: []string{"open_fx_url"}}

// Client calls the daily-open rates interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Latest returns today's rates for base, an ISO 4217 code of three
// upper-case letters ("USD").
func (c *Client) Latest(ctx context.Context, base string) (*Rates, error) {
	const op = "Latest"
	if !isCode(base) {
		return nil, c.t.InvalidParam(op, "base_code", "%q is not a currency code of three upper-case letters", base)
	}
	var r Rates
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/latest/{base_code}", Args: []string{base}}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func isCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
