// Package fxopen is a client for the daily-open currency rates interface:
// the rates of every currency against one base currency, updated once a day.
// It is modelled on ExchangeRate-API's open access endpoint.
//
// Base URL: the placeholder open_fx_url, by default the service's own
// https://open.er-api.com/v6. Set another with conduit.WithBaseURL,
// CONDUIT_FXOPEN_OPEN_FX_URL or CONDUIT_FXOPEN_URL (CONDUIT_OPEN_FX_URL, its
// older name, still works for this release). The spec ends it with the version segment v6:
// paste it with or without, it is never doubled. No credentials; no
// published rate limit, but the data changes only once a day, so cache a
// result until its TimeNextUpdateUnix.
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
//	eur := r.Rates["EUR"]
//	fmt.Printf("1 USD = %v EUR (as of %s; rates by %s)\n", eur, r.TimeLastUpdateUnix.Format(time.DateOnly), r.Provider)
//
// # Failures
//
// The service reports a failure in the body, as "result": "error" with an
// "error-type" word, usually under status 200; conduit reads the word
// whatever the status, and makes it Error.Code; the service sends no
// message, so Error.Message is conduit's sentence for each documented word.
//
//	service sends                                   conduit reports
//	error-type unsupported-code (any status)        ErrNotFound: no rates for that currency
//	error-type malformed-request                    ErrAPI
//	error-type invalid-key, inactive-account        ErrUnauthorized (keyed plans only)
//	error-type quota-reached                        ErrQuotaExceeded, not retried: the plan's quota
//	                                                  is spent until its monthly reset
//	429 (open access throttles by address)          ErrRateLimited, RetryAfter from Retry-After,
//	                                                  else the 20 minutes the provider documents;
//	                                                  returned at once, past the retry cap
//	result "success" without rates                  ErrMalformedResponse
//	5xx                                             ErrAPI, retried
//
// The package is complete: the open-access service documents one
// endpoint, the latest rates of a base currency, and Latest types it. The
// provider's keyed API (pair conversion, historical rates, quota) is
// another product, with the key in the path, that the spec does not
// describe; Do stays for anything the open service adds later.
package fxopen

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:  "fxopen",
	Bases: []transport.Base{{Name: "open_fx_url", Option: "conduit.WithBaseURL", Version: "v6", Default: "https://open.er-api.com/v6"}},
	Errors: transport.Profile{
		Code:   []string{"error-type"},
		InBody: &transport.StatusWord{Path: "result", OK: []string{"success"}, Code: []string{"error-type"}},
		// The service sends a word and no message: each documented word
		// gets conduit's sentence.
		Codes: map[string]transport.Meaning{
			"unsupported-code":  {Kind: conduit.ErrNotFound, Message: "the currency code is not one the service supports"},
			"malformed-request": {Kind: conduit.ErrAPI, Message: "the request does not have the structure the service expects"},
			"invalid-key":       {Kind: conduit.ErrUnauthorized, Message: "the API key is not valid"},
			"inactive-account":  {Kind: conduit.ErrUnauthorized, Message: "the account is inactive: its e-mail address was not confirmed"},
			"quota-reached":     {Kind: conduit.ErrQuotaExceeded, Message: "the plan's request quota is used up until its monthly reset"},
			"rate-limited":      throttled,
		},
		Status: map[int]transport.Meaning{429: throttled},
	},
})

// throttled is the open access limit, per address: the provider documents
// that it lifts after 20 minutes.
var throttled = transport.Meaning{Kind: conduit.ErrRateLimited, Retry: true, Wait: 20 * time.Minute}

var latestOp = transport.Declare(service, transport.Op{Name: "Latest", Method: "GET", Path: "/latest/{base_code}"}, (*Rates).problem)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL (v6 included), retries and errors as Latest;
// see conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Latest returns today's rates for base, an ISO 4217 code of three
// upper-case letters ("USD"), such as a Rates.BaseCode.
func (c *Client) Latest(ctx context.Context, base string, opts ...Option) (*Rates, error) {
	if !isCode(base) {
		return nil, latestOp.Invalid("base_code", "%q is not a currency code of three upper-case letters", base)
	}
	return latestOp.Do(ctx, c.t, transport.Call{Args: []string{base}}, opts)
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
