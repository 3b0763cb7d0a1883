// Package cryptoprices is a client for the crypto prices interface: public
// spot prices and exchange rates for cryptocurrencies. It is modelled on
// the public endpoints of the Coinbase API v2.
//
// Base URL: the placeholder crypto_url, which ends with the interface's v2
// segment, by default the service's own https://api.coinbase.com/v2. Set
// another with conduit.WithBaseURL, CONDUIT_CRYPTOPRICES_CRYPTO_URL or
// CONDUIT_CRYPTOPRICES_URL (CONDUIT_CRYPTO_URL, the older name, still
// works). Paste it with or without /v2: it is never doubled. No
// credentials; the spec publishes no rate limit.
//
//	c, err := cryptoprices.New()
//	if err != nil {
//		return err
//	}
//	p, err := c.SpotPrice(ctx, "BTC", "USD")
//	if err != nil {
//		return err
//	}
//	fmt.Println(p.Data.Amount, p.Data.Amount.Rat().FloatString(2)) // exact: no float on the way in
//
// Amounts and rates are conduit.Decimal values: the text the service sent,
// converted exactly on demand. Beside the spot price (now, or on a past day
// with SpotPriceOn) and the exchange rates, the package types the buy and
// sell prices, the fiat currencies (Currencies) and crypto assets
// (CryptoCurrencies), and the server's clock (Time). None of these
// listings pages. For any other path, use Do.
//
// # Failures
//
// Failures carry an errors list, {"errors":[{"id":"not_found","message":"…"}]}:
// the first entry's id is Error.Code and its message Error.Message. An
// OAuth failure sends {"error":"…","error_description":"…"} instead. The
// edge in front of the service adds CF-RAY, which becomes Error.RequestID.
//
//	service sends                                     conduit reports
//	authentication_error, invalid_token,              ErrUnauthorized
//	  revoked_token, expired_token, invalid_scope,
//	  two_factor_required, or a 401 OAuth error
//	not_found                                         ErrNotFound
//	rate_limit_exceeded, 429                          ErrRateLimited, retried after Retry-After
//	                                                    or the backoff
//	invalid_request (an unknown currency:             ErrAPI
//	  "Invalid currency (XYZ)"), param_required,
//	  validation_error
//	internal_server_error, 5xx                        ErrAPI, reads retried
//	an errors list, or no data, under 200             ErrAPI with the list's id and message
//	a price for another pair than the one asked       ErrMalformedResponse
//
// Every public endpoint Coinbase documents for v2 is typed; the rest of v2
// (accounts, addresses, transactions, users) needs an OAuth or API key
// login that the spec does not describe, so it is left to Do.
package cryptoprices

import (
	"context"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:  "cryptoprices",
	Bases: []transport.Base{{Name: "crypto_url", Option: "conduit.WithBaseURL", Version: "v2", Default: "https://api.coinbase.com/v2"}},
	Errors: transport.Profile{
		Code:    []string{"errors.0.id", "error"},
		Message: []string{"errors.0.message", "error_description"},
		Codes: map[string]transport.Meaning{
			"authentication_error":          transport.Unauthorized,
			"invalid_token":                 transport.Unauthorized,
			"revoked_token":                 transport.Unauthorized,
			"expired_token":                 transport.Unauthorized,
			"invalid_authentication_method": transport.Unauthorized,
			"invalid_scope":                 transport.Unauthorized,
			"two_factor_required":           transport.Unauthorized,
			"not_found":                     transport.NotFound,
			"rate_limit_exceeded":           transport.RateLimited,
			"internal_server_error":         transport.Transient,
		},
	},
})

var (
	spotOp = transport.Declare(service, transport.Op{Name: "SpotPrice", Method: "GET", Path: "/prices/{pair}/spot"},
		check[SpotPrice])
	ratesOp = transport.Declare(service, transport.Op{Name: "ExchangeRates", Method: "GET", Path: "/exchange-rates"},
		check[ExchangeRates])
	buyOp = transport.Declare(service, transport.Op{Name: "BuyPrice", Method: "GET", Path: "/prices/{pair}/buy"},
		check[SpotPrice])
	sellOp = transport.Declare(service, transport.Op{Name: "SellPrice", Method: "GET", Path: "/prices/{pair}/sell"},
		check[SpotPrice])
	currenciesOp = transport.Declare(service, transport.Op{Name: "Currencies", Method: "GET", Path: "/currencies"},
		check[[]Currency])
	cryptoOp = transport.Declare(service, transport.Op{Name: "CryptoCurrencies", Method: "GET", Path: "/currencies/crypto"},
		check[[]CryptoCurrency])
	timeOp = transport.Declare(service, transport.Op{Name: "Time", Method: "GET", Path: "/time"}, check[ServerTime])
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as the typed
// methods; see conduit's documentation of Do. Paths are relative to
// crypto_url, after its /v2.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// SpotPrice returns the current spot price of one unit of base (an asset
// code such as "BTC") in currency ("USD"). Codes are 2 to 10 ASCII letters
// or digits, so the pair "<base>-<currency>" is unambiguous in the path. An
// answer that names another pair is an error, never a wrong price.
func (c *Client) SpotPrice(ctx context.Context, base, currency string, opts ...Option) (*Response[SpotPrice], error) {
	return c.price(ctx, spotOp, base, currency, nil, opts)
}

// SpotPriceOn returns the spot price of one unit of base in currency on a
// past day (query date, YYYY-MM-DD), as SpotPrice does for now.
func (c *Client) SpotPriceOn(ctx context.Context, base, currency string, day conduit.Date, opts ...Option) (*Response[SpotPrice], error) {
	if day.IsZero() || !day.IsValid() {
		return nil, spotOp.Invalid("date", "%v is not a day of the calendar", day)
	}
	return c.price(ctx, spotOp, base, currency, []string{"date", day.String()}, opts)
}

// BuyPrice returns what one unit of base costs to buy in currency,
// Coinbase's fee included; checked as SpotPrice.
func (c *Client) BuyPrice(ctx context.Context, base, currency string, opts ...Option) (*Response[SpotPrice], error) {
	return c.price(ctx, buyOp, base, currency, nil, opts)
}

// SellPrice returns what one unit of base sells for in currency, Coinbase's
// fee taken; checked as SpotPrice.
func (c *Client) SellPrice(ctx context.Context, base, currency string, opts ...Option) (*Response[SpotPrice], error) {
	return c.price(ctx, sellOp, base, currency, nil, opts)
}

// price sends one of the three price calls for the pair base-currency and
// refuses an answer for another pair.
func (c *Client) price(ctx context.Context, op *transport.Endpoint[Response[SpotPrice]], base, currency string, query []string, opts []Option) (*Response[SpotPrice], error) {
	if err := checkCode(op.Op, "base", base); err != nil {
		return nil, err
	}
	if err := checkCode(op.Op, "currency", currency); err != nil {
		return nil, err
	}
	call := transport.Call{Args: []string{base + "-" + currency}, Query: query}
	r, err := op.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	if !same(r.Data.Base, base) || !same(r.Data.Currency, currency) {
		return nil, op.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse, Body: r.RawJSON(),
			Message: fmt.Sprintf("asked for %s-%s, answered with the price of %s-%s", base, currency, r.Data.Base, r.Data.Currency)})
	}
	return r, nil
}

// ExchangeRates returns the rate of every asset and currency the service
// knows, each relative to one unit of currency. An answer relative to
// another currency is an error.
func (c *Client) ExchangeRates(ctx context.Context, currency string, opts ...Option) (*Response[ExchangeRates], error) {
	if err := checkCode(ratesOp.Op, "currency", currency); err != nil {
		return nil, err
	}
	call := transport.Call{Query: []string{"currency", currency}}
	r, err := ratesOp.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	if !same(r.Data.Currency, currency) {
		return nil, ratesOp.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse, Body: r.RawJSON(),
			Message: fmt.Sprintf("asked for rates relative to %s, answered relative to %s", currency, r.Data.Currency)})
	}
	return r, nil
}

// same reports whether a code in an answer names the one asked for; the
// service writes codes in upper case whatever the case asked, and an
// answer that leaves the code out says nothing against it.
func same(answered, asked string) bool { return answered == "" || strings.EqualFold(answered, asked) }

// checkCode accepts an asset or currency code: 2 to 10 ASCII letters or
// digits. Anything else could not name an asset and, in a path, could
// change the pair.
func checkCode(op *transport.Op, field, code string) error {
	if len(code) < 2 || len(code) > 10 {
		return op.Invalid(field, "%q must be 2 to 10 letters or digits", code)
	}
	for _, ch := range code {
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9') {
			return op.Invalid(field, "%q must be 2 to 10 letters or digits", code)
		}
	}
	return nil
}

// Currencies returns the fiat currencies the service knows, with ISO 4217
// ids and the smallest amount it handles.
func (c *Client) Currencies(ctx context.Context, opts ...Option) (*Response[[]Currency], error) {
	return currenciesOp.Do(ctx, c.t, transport.Call{}, opts)
}

// CryptoCurrencies returns the crypto assets the service knows, with their
// codes and precision.
func (c *Client) CryptoCurrencies(ctx context.Context, opts ...Option) (*Response[[]CryptoCurrency], error) {
	return cryptoOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Time returns the service's clock, to measure how far the local one is off.
func (c *Client) Time(ctx context.Context, opts ...Option) (*Response[ServerTime], error) {
	return timeOp.Do(ctx, c.t, transport.Call{}, opts)
}
