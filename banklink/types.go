package banklink

import (
	"fmt"
	"math/big"
	"regexp"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The spec does not show the response fields of either operation. The types
// below hold the widely known ones; every record keeps its raw bytes, so
// anything else is reachable through RawJSON and Decode.

// InstitutionsResponse is the answer of SearchInstitutions.
type InstitutionsResponse struct {
	transport.Raw
	Institutions []Institution `json:"institutions"`
	RequestID    string        `json:"request_id"`
}

// Institution is one bank or other financial institution.
type Institution struct {
	transport.Raw
	InstitutionID string   `json:"institution_id"`
	Name          string   `json:"name"`
	Products      []string `json:"products"`
	CountryCodes  []string `json:"country_codes"`
}

// UnmarshalJSON keeps the institution's raw bytes for Decode.
func (i *Institution) UnmarshalJSON(b []byte) error {
	type plain Institution
	return transport.UnmarshalRecord(b, (*plain)(i))
}

// BalanceResponse is the answer of GetBalance.
type BalanceResponse struct {
	transport.Raw
	Accounts  []Account `json:"accounts"`
	RequestID string    `json:"request_id"`
}

// Account is one account of a linked item.
type Account struct {
	transport.Raw
	AccountID string   `json:"account_id"`
	Name      string   `json:"name"`
	Mask      string   `json:"mask"`
	Type      string   `json:"type"`
	Subtype   string   `json:"subtype"`
	Balances  Balances `json:"balances"`
}

// UnmarshalJSON keeps the account's raw bytes for Decode.
func (a *Account) UnmarshalJSON(b []byte) error {
	type plain Account
	return transport.UnmarshalRecord(b, (*plain)(a))
}

// Balances are an account's amounts in its currency. Any amount may be
// unknown (null), which leaves it empty.
type Balances struct {
	Available              Amount `json:"available"`
	Current                Amount `json:"current"`
	Limit                  Amount `json:"limit"`
	ISOCurrencyCode        string `json:"iso_currency_code"`
	UnofficialCurrencyCode string `json:"unofficial_currency_code"`
}

// Amount is a money value exactly as the service wrote it ("1203.42"), from
// a JSON number or string, never rounded through float64. The empty Amount
// means the service sent null: the value is not known.
type Amount string

// decimal is the JSON number grammar with an exponent of at most three
// digits, which bounds what Rat has to compute.
var decimal = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]{1,3})?$`)

// UnmarshalJSON accepts a JSON number, a string holding one, or null.
func (a *Amount) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		*a = ""
		return nil
	}
	s, err := transport.StringOrNumber(b)
	if err != nil {
		return fmt.Errorf("banklink: amount: %w", err)
	}
	if !decimal.MatchString(s) {
		return errAmount(s)
	}
	*a = Amount(s)
	return nil
}

// MarshalJSON writes the amount as the same JSON number, or null.
func (a Amount) MarshalJSON() ([]byte, error) {
	if a == "" {
		return []byte("null"), nil
	}
	if !decimal.MatchString(string(a)) {
		return nil, errAmount(string(a))
	}
	return []byte(a), nil
}

// Known reports whether the service gave a value (not null).
func (a Amount) Known() bool { return a != "" }

// Rat returns the exact value, for arithmetic that must not round.
func (a Amount) Rat() (*big.Rat, error) {
	if !decimal.MatchString(string(a)) {
		return nil, errAmount(string(a))
	}
	r, _ := new(big.Rat).SetString(string(a)) // the grammar above is a subset of what SetString takes
	return r, nil
}

func errAmount(s string) error { return fmt.Errorf("banklink: amount %q is not a decimal number", s) }
