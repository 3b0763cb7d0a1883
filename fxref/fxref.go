// Package fxref is a client for the reference currency rates published by a
// central bank on working days: the latest rates, the rates of a past day,
// of a range of days, and the list of currencies. It is modelled on
// Frankfurter.
//
// Base URL: the placeholder fx_url, which ends with the interface's version
// (…/v1), by default the service's own https://api.frankfurter.dev/v1. Set
// another with conduit.WithBaseURL, CONDUIT_FXREF_FX_URL or CONDUIT_FXREF_URL
// (CONDUIT_FX_URL, the older name, still works). Paste it with or without /v1: it is never
// doubled. No credentials; the spec publishes no rate limit. Rates change
// once per working day, so there is no point in asking more often.
//
//	c, err := fxref.New()
//	if err != nil {
//		return err
//	}
//	start, _ := conduit.ParseDate("2024-06-03")
//	r, err := c.Range(ctx, start, conduit.Date{Year: 2024, Month: time.June, Day: 7},
//		&fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}})
//	if err != nil {
//		return err
//	}
//	for _, day := range r.Days() {
//		fmt.Println(day.Date, day.Rates["USD"])
//	}
//
// Dates are civil dates (conduit.Date), never time.Time, so no time zone can
// move a day. Rates are float64: they are reference rates, not amounts of
// money. Currency codes are three upper-case letters; the spec does not say
// which base the service uses when none is given. For an endpoint this
// package does not type (conversions of an amount), use Do.
//
// # Failures
//
// Failures are a JSON object with a message member and no code, so the
// status decides. Two answers are no failure although they differ from the
// question: a day without rates (a weekend, a holiday) is answered with the
// working day before, and the answer's Date says which; Latest is the last
// published day, not today.
//
//	service sends                                  conduit reports
//	404 {"message":"not found"} (unknown currency,  ErrNotFound
//	  no rates for the days asked, before 1999)
//	422 {"message":"…"} (a date or pair it cannot  ErrAPI
//	  use)
//	429 HTML page of the throttle in front of it   ErrRateLimited, retried with backoff
//	  (no header says how long to wait)
//	5xx                                            ErrAPI, reads retried
//
// Not typed: the amount parameter, which scales the rates to a sum of the
// base currency (send it with Do, or multiply); every endpoint the service
// documents (latest, one day, a range of days, currencies) is typed.
package fxref

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:   "fxref",
	Bases:  []transport.Base{{Name: "fx_url", Option: "conduit.WithBaseURL", Version: "v1", Default: "https://api.frankfurter.dev/v1"}},
	Errors: transport.Profile{Message: []string{"message"}},
})

var (
	latestOp     = transport.Declare[DayResponse](service, transport.Op{Name: "Latest", Method: "GET", Path: "/latest"}, nil)
	historicalOp = transport.Declare[DayResponse](service, transport.Op{Name: "Historical", Method: "GET", Path: "/{date}"}, nil)
	rangeOp      = transport.Declare[RangeResponse](service, transport.Op{Name: "Range", Method: "GET",
		Path: "/{start_date}..{end_date}"}, nil)
	currenciesOp = transport.Declare[Currencies](service, transport.Op{Name: "Currencies", Method: "GET", Path: "/currencies"}, nil)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as the typed
// methods; see conduit's documentation of Do. Paths are relative to fx_url,
// after its /v1.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
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
func query(op *transport.Op, p *RatesParams) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	if p.Base != "" {
		if !isCode(p.Base) {
			return nil, op.Invalid("base", "%q is not a three-letter upper-case currency code", p.Base)
		}
		q = append(q, "base", p.Base)
	}
	for _, s := range p.Symbols {
		if !isCode(s) {
			return nil, op.Invalid("symbols", "%q is not a three-letter upper-case currency code", s)
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
func (c *Client) Latest(ctx context.Context, p *RatesParams, opts ...Option) (*DayResponse, error) {
	q, err := query(latestOp.Op, p)
	if err != nil {
		return nil, err
	}
	return latestOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
}

// Historical returns the rates of date, or of the last working day before
// it when none were published that day (DayResponse.Date says which).
func (c *Client) Historical(ctx context.Context, date conduit.Date, p *RatesParams, opts ...Option) (*DayResponse, error) {
	if !date.IsValid() {
		return nil, historicalOp.Invalid("date", "%s is not a valid date", dateText(date))
	}
	q, err := query(historicalOp.Op, p)
	if err != nil {
		return nil, err
	}
	return historicalOp.Do(ctx, c.t, transport.Call{Args: []string{date.String()}, Query: q}, opts)
}

// Range returns the rates of every working day from start to end, both
// included; RangeResponse.Days lists them in date order.
func (c *Client) Range(ctx context.Context, start, end conduit.Date, p *RatesParams, opts ...Option) (*RangeResponse, error) {
	switch {
	case !start.IsValid():
		return nil, rangeOp.Invalid("start_date", "%s is not a valid date", dateText(start))
	case !end.IsValid():
		return nil, rangeOp.Invalid("end_date", "%s is not a valid date", dateText(end))
	case end.Before(start):
		return nil, rangeOp.Invalid("end_date", "%s is before start_date %s", end, start)
	}
	q, err := query(rangeOp.Op, p)
	if err != nil {
		return nil, err
	}
	return rangeOp.Do(ctx, c.t, transport.Call{Args: []string{start.String(), end.String()}, Query: q}, opts)
}

// Currencies returns every currency code the service knows, with its name.
func (c *Client) Currencies(ctx context.Context, opts ...Option) (*Currencies, error) {
	return currenciesOp.Do(ctx, c.t, transport.Call{}, opts)
}

// dateText names a date in an input error; the zero Date prints as "".
func dateText(d conduit.Date) string {
	if d.IsZero() {
		return "the zero Date"
	}
	return d.String()
}
