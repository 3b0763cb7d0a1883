package cryptoprices

import (
	"fmt"
	"math/big"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Response is the body of every call: the requested record in Data, or an
// errors list when the service refuses. RawJSON returns it as sent.
type Response[T any] struct {
	transport.Raw
	Data   *T        `json:"data"`
	Errors []Message `json:"errors,omitempty"`
}

// Failure reports an errors list, or a body without data, as an *Error.
func (r *Response[T]) Failure() (code, message string, failed bool) {
	switch {
	case len(r.Errors) > 0:
		return r.Errors[0].ID, r.Errors[0].Message, true
	case r.Data == nil:
		return "", "response has no data", true
	}
	return "", "", false
}

// SpotPrice is the price of one unit of Base in Currency.
type SpotPrice struct {
	Amount   Decimal `json:"amount"`
	Base     string  `json:"base"`
	Currency string  `json:"currency"`
}

// ExchangeRates holds how much of each asset or currency one unit of
// Currency buys.
type ExchangeRates struct {
	Currency string             `json:"currency"`
	Rates    map[string]Decimal `json:"rates"`
}

// Message is one entry of an errors list: a machine id ("not_found") and
// a human message.
type Message struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// Decimal is an amount or rate exactly as the service wrote it ("0.5",
// "65234.17", "-0.000001"). It is never converted through a float; Rat
// parses it exactly. A JSON number is kept as its literal text and null as
// "", so decoding never rounds and never fails on the value itself.
type Decimal string

// UnmarshalJSON keeps the text of a JSON string or number; null is "".
func (d *Decimal) UnmarshalJSON(b []byte) error {
	s, err := transport.StringOrNumber(b)
	if err != nil {
		return fmt.Errorf("cryptoprices: decimal: %w", err)
	}
	*d = Decimal(s)
	return nil
}

// Rat parses d exactly. It accepts plain decimal notation only: an
// optional "-", digits, and an optional "." with more digits. Exponents
// ("1e5"), a "+" sign, fractions and empty strings are errors, since the
// service sends none of them and an exponent could demand unbounded memory.
func (d Decimal) Rat() (*big.Rat, error) {
	r, err := transport.ParseDecimal(string(d))
	if err != nil {
		return nil, fmt.Errorf("cryptoprices: %w", err)
	}
	return r, nil
}
