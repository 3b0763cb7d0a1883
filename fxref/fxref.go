// Package fxref is a client for the reference currency rates published by a
// central bank on working days: the latest rates, the rates of a past day,
// of a range of days, and the list of currencies.
//
// Base URL: the placeholder fx_url, which carries the interface's version
// (…/v1), set with conduit.WithBaseURL or CONDUIT_FX_URL. No credentials;
// the spec publishes no rate limit. Rates change once per working day, so
// there is no point in asking more often.
//
//	c, err := fxref.New()
//	if err != nil {
//		return err
//	}
//	start, _ := fxref.ParseDate("2024-06-03")
//	r, err := c.Range(ctx, start, fxref.Date{Year: 2024, Month: time.June, Day: 7},
//		&fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}})
//	if err != nil {
//		return err
//	}
//	for _, day := range r.Days() {
//		fmt.Println(day.Date, day.Rates["USD"])
//	}
//
// Dates are civil dates (Date), never time.Time, so no time zone can move a
// day. Rates are float64: they are reference rates, not amounts of money.
// Currency codes are three upper-case letters; the spec does not say which
// base the service uses when none is given.
package fxref

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

var service = &transport.Service{Name: "fxref", Bases: []string{"fx_url"}}

// Client calls the reference-rates interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// RatesParams are the optional inputs of Latest, Historical and Range.
type RatesParams struct {
	// Base is the currency the rates are quoted against, such as "EUR";
	// empty means the service's default.
	Base string
	// Symbols limits the answer to these currencies; empty means all.
	Symbols []string
}

// query validates p and renders it; the symbols are sent comma-joined.
func (c *Client) query(op string, p *RatesParams) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	if p.Base != "" {
		if !isCode(p.Base) {
			return nil, c.t.InvalidParam(op, "base", "%q is not a three-letter upper-case currency code", p.Base)
		}
		q = append(q, "base", p.Base)
	}
	for _, s := range p.Symbols {
		if !isCode(s) {
			return nil, c.t.InvalidParam(op, "symbols", "%q is not a three-letter upper-case currency code", s)
		}
	}
	if len(p.Symbols) > 0 {
		q = append(q, "symbols", strings.Join(p.Symbols, ","))
	}
	return q, nil
}

func isCode(s string) bool {
	return len(s) == 3 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// Latest returns the most recent working day's rates.
func (c *Client) Latest(ctx context.Context, p *RatesParams) (*DayResponse, error) {
	return c.day(ctx, "Latest", "/latest", nil, p)
}

// Historical returns the rates of date, or of the last working day before
// it when none were published that day (DayResponse.Date says which).
func (c *Client) Historical(ctx context.Context, date Date, p *RatesParams) (*DayResponse, error) {
	if !date.IsValid() {
		return nil, c.t.InvalidParam("Historical", "date", "%s is not a valid date", date)
	}
	return c.day(ctx, "Historical", "/{date}", []string{date.String()}, p)
}

func (c *Client) day(ctx context.Context, op, path string, args []string, p *RatesParams) (*DayResponse, error) {
	q, err := c.query(op, p)
	if err != nil {
		return nil, err
	}
	var r DayResponse
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: path, Args: args, Query: q}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Range returns the rates of every working day from start to end, both
// included; RangeResponse.Days lists them in date order.
func (c *Client) Range(ctx context.Context, start, end Date, p *RatesParams) (*RangeResponse, error) {
	const op = "Range"
	switch {
	case !start.IsValid():
		return nil, c.t.InvalidParam(op, "start_date", "%s is not a valid date", start)
	case !end.IsValid():
		return nil, c.t.InvalidParam(op, "end_date", "%s is not a valid date", end)
	case end.Compare(start) < 0:
		return nil, c.t.InvalidParam(op, "end_date", "%s is before start_date %s", end, start)
	}
	q, err := c.query(op, p)
	if err != nil {
		return nil, err
	}
	var r RangeResponse
	err = c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/{start_date}..{end_date}",
		Args: []string{start.String(), end.String()}, Query: q}, &r)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Currencies returns every currency code the service knows, with its name.
func (c *Client) Currencies(ctx context.Context) (*Currencies, error) {
	var r Currencies
	if err := c.t.Do(ctx, &transport.Request{Op: "Currencies", Method: "GET", Path: "/currencies"}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
