package filings

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Concept is the result of CompanyConcept. RawJSON returns it as sent.
type Concept struct {
	transport.Raw
	CIK        int64  `json:"cik"`
	Taxonomy   string `json:"taxonomy"`
	Tag        string `json:"tag"`
	Label      string `json:"label"`
	EntityName string `json:"entityName"`
	// Units maps a unit code ("USD", "shares", "USD/shares") to the facts
	// filed in that unit.
	Units map[string][]Fact `json:"units"`
}

// Fact is one value of a concept as one filing reported it.
type Fact struct {
	// Start begins the period of a duration fact (revenue over a quarter);
	// instant facts have none. The spec does not list it; the service sends
	// it on duration concepts.
	Start *Date  `json:"start,omitempty"`
	End   Date   `json:"end"`
	Val   Number `json:"val"`
	Accn  string `json:"accn"`
	FY    int    `json:"fy"`
	FP    string `json:"fp"`
	Form  string `json:"form"`
	Filed Date   `json:"filed"`
	// Frame is the calendar period the fact is the best value for
	// ("CY2023Q3I"); it is present on some facts only.
	Frame string `json:"frame,omitempty"`
}

// Submissions is the result of Submissions. RawJSON returns it as sent.
type Submissions struct {
	transport.Raw
	// CIK is the key number as the service writes it: 10 digits,
	// zero-padded.
	CIK                               string   `json:"cik"`
	EntityType                        string   `json:"entityType"`
	SIC                               string   `json:"sic"`
	SICDescription                    string   `json:"sicDescription"`
	OwnerOrg                          string   `json:"ownerOrg"`
	InsiderTransactionForOwnerExists  int      `json:"insiderTransactionForOwnerExists"`
	InsiderTransactionForIssuerExists int      `json:"insiderTransactionForIssuerExists"`
	Name                              string   `json:"name"`
	Tickers                           []string `json:"tickers"`
	Exchanges                         []string `json:"exchanges"`
	EIN                               string   `json:"ein"`
	// LEI is the legal entity identifier, nil when the service has none.
	LEI             *string `json:"lei"`
	Description     string  `json:"description"`
	Website         string  `json:"website"`
	InvestorWebsite string  `json:"investorWebsite"`
}

// Filings returns the recent-filings part, which the spec does not show,
// exactly as sent; decode it into the shape you need. It is read from the
// raw record on demand rather than copied while decoding: for a large filer
// it is most of a body of tens of megabytes.
func (s *Submissions) Filings() (json.RawMessage, error) {
	var v struct {
		Filings json.RawMessage `json:"filings"`
	}
	if err := s.Decode(&v); err != nil {
		return nil, err
	}
	return v.Filings, nil
}

// Number is a fact value exactly as filed. Values run past 2^53 (amounts in
// small currency units), so they are kept as their decimal text rather than
// rounded into a float64; Int64, Float64 and Rat convert on demand.
type Number string

// UnmarshalJSON accepts a JSON number, or a string holding one; null leaves
// the Number empty.
func (n *Number) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		*n = ""
		return nil
	}
	var v json.Number
	if err := transport.DecodeJSON(b, &v, func(err error, _ string) error { return err }); err != nil {
		return fmt.Errorf("filings: val: %.40s is not a number", b)
	}
	*n = Number(v)
	return nil
}

// MarshalJSON writes the number as it was filed, or null when empty.
func (n Number) MarshalJSON() ([]byte, error) {
	if n == "" {
		return []byte("null"), nil
	}
	return []byte(n), nil
}

// String returns the decimal text.
func (n Number) String() string { return string(n) }

// Int64 returns an integer value, failing on fractions and on values out of
// the int64 range.
func (n Number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

// Float64 returns the nearest float64, which may round large or long values.
func (n Number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }

// Rat returns the exact value.
func (n Number) Rat() (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return nil, fmt.Errorf("filings: %q is not a number", string(n))
	}
	return r, nil
}

// Date is a calendar day, sent as YYYY-MM-DD; it is midnight UTC.
type Date struct{ time.Time }

// UnmarshalJSON accepts "YYYY-MM-DD"; null leaves the Date zero.
func (d *Date) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	s, err := transport.JSONString(b)
	if err != nil {
		return fmt.Errorf("filings: date: %w", err)
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return fmt.Errorf("filings: date %q is not YYYY-MM-DD", s)
	}
	d.Time = t
	return nil
}

// MarshalJSON writes "YYYY-MM-DD", or null for the zero Date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	return strconv.AppendQuote(nil, d.String()), nil
}

// String returns the day as YYYY-MM-DD.
func (d Date) String() string { return d.Format(time.DateOnly) }
