// Package cryptoprices is a client for the crypto prices interface: public
// spot prices and exchange rates for cryptocurrencies.
//
// Base URL: the placeholder crypto_url, which carries the interface's v2
// segment (https://…/v2), set with conduit.WithBaseURL or
// CONDUIT_CRYPTO_URL. No credentials; no published rate limit.
//
//	c, err := cryptoprices.New()
//	if err != nil {
//		return err
//	}
//	p, err := c.SpotPrice(ctx, "BTC", "USD")
//	if err != nil {
//		return err
//	}
//	amount, err := p.Data.Amount.Rat() // exact: no float on the way in
//	fmt.Println(p.Data.Amount, amount.FloatString(2))
//
// Amounts and rates stay the decimal strings the service sent (Decimal);
// Decimal.Rat parses one exactly.
package cryptoprices

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option is one of conduit's common options (conduit.WithBaseURL and the
// rest); the package needs no options of its own.
type Option = conduit.Option

// Error is returned by every call; it is conduit.Error, so one errors.As
// serves all conduit packages.
type Error = conduit.Error

// service is open: no credentials and no default rate limit.
var service = &transport.Service{Name: "cryptoprices", Bases: []string{"crypto_url"}}

// Client holds the configuration of the crypto prices interface and shares
// connections between calls. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New builds a Client from opts, falling back to CONDUIT_CRYPTO_URL for the
// base URL; a missing one is reported by the first call, before any I/O.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// SpotPrice returns the current spot price of one unit of base (an asset
// code such as "BTC") in currency ("USD"). Codes are 2 to 10 ASCII letters
// or digits, so the pair "<base>-<currency>" is unambiguous in the path.
func (c *Client) SpotPrice(ctx context.Context, base, currency string) (*Response[SpotPrice], error) {
	const op = "SpotPrice"
	if err := c.checkCode(op, "base", base); err != nil {
		return nil, err
	}
	if err := c.checkCode(op, "currency", currency); err != nil {
		return nil, err
	}
	var r Response[SpotPrice]
	req := &transport.Request{Op: op, Method: "GET", Path: "/prices/{pair}/spot", Args: []string{base + "-" + currency}}
	if err := c.t.Do(ctx, req, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// ExchangeRates returns the rate of every asset and currency the service
// knows, each relative to one unit of currency.
func (c *Client) ExchangeRates(ctx context.Context, currency string) (*Response[ExchangeRates], error) {
	const op = "ExchangeRates"
	if err := c.checkCode(op, "currency", currency); err != nil {
		return nil, err
	}
	var r Response[ExchangeRates]
	req := &transport.Request{Op: op, Method: "GET", Path: "/exchange-rates", Query: []string{"currency", currency}}
	if err := c.t.Do(ctx, req, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// checkCode accepts an asset or currency code: 2 to 10 ASCII letters or
// digits. Anything else could not name an asset and, in a path, could
// change the pair.
func (c *Client) checkCode(op, field, code string) error {
	if len(code) < 2 || len(code) > 10 {
		return c.t.InvalidParam(op, field, "%q must be 2 to 10 letters or digits", code)
	}
	for _, ch := range code {
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9') {
			return c.t.InvalidParam(op, field, "%q must be 2 to 10 letters or digits", code)
		}
	}
	return nil
}
