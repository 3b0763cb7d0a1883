package cryptoprices

import (
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Response is the body of every call: the requested record in Data, or an
// errors list when the service refuses. RawJSON returns it as sent, with
// the warnings list the service may add.
type Response[T any] struct {
	raw    `json:"-"`
	Data   *T        `json:"data"`
	Errors []Message `json:"errors,omitempty"`
}

// check fails an answer that carries an errors list, or no data, even
// under status 200.
func check[T any](r *Response[T]) *transport.Problem {
	switch {
	case len(r.Errors) > 0:
		return &transport.Problem{Code: r.Errors[0].ID, Message: r.Errors[0].Message}
	case r.Data == nil:
		return &transport.Problem{Message: "response has no data"}
	}
	return nil
}

// SpotPrice is the price of one unit of Base in Currency: the spot, buy or
// sell price.
type SpotPrice struct {
	Amount   conduit.Decimal `json:"amount"`
	Base     string          `json:"base"`
	Currency string          `json:"currency"`
}

// ExchangeRates holds how much of each asset or currency one unit of
// Currency buys.
type ExchangeRates struct {
	Currency string                     `json:"currency"`
	Rates    map[string]conduit.Decimal `json:"rates"`
}

// Message is one entry of an errors list: a machine id ("not_found") and
// a human message.
type Message struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// Currency is one fiat currency: an ISO 4217 id, its name and the smallest
// amount the service handles.
type Currency struct {
	ID      string          `json:"id"`
	Name    string          `json:"name"`
	MinSize conduit.Decimal `json:"min_size"`
}

// CryptoCurrency is one crypto asset the service lists.
type CryptoCurrency struct {
	Code string `json:"code"`
	Name string `json:"name"`
	// Color is the asset's brand colour ("#F7931A").
	Color     string `json:"color"`
	SortIndex int    `json:"sort_index"`
	// Exponent is how many decimal places an amount has (8 for BTC).
	Exponent int    `json:"exponent"`
	Type     string `json:"type"` // "crypto"
	// AddressRegex is the pattern a receive address of the asset matches.
	AddressRegex string `json:"address_regex"`
	AssetID      string `json:"asset_id"`
}

// ServerTime is the service's clock.
type ServerTime struct {
	ISO   time.Time `json:"iso"`
	Epoch int64     `json:"epoch"` // seconds since 1970
}
