package filings

import (
	"encoding/json"
	"fmt"

	"github.com/conduit-sdk/conduit"
)

// CIK is a company's key number. Concept and Submissions carry it (the
// submissions record writes it as 10 zero-padded digits, the concept as a
// number; both decode to the same CIK), and every method takes it, so a key
// read from one answer goes straight into the next call.
type CIK int64

// UnmarshalJSON reads a JSON number or a numeric string ("0000320193").
func (k *CIK) UnmarshalJSON(b []byte) error { return (*conduit.Int)(k).UnmarshalJSON(b) }

// String writes the key as the service's paths and submissions record do:
// 10 digits, zero-padded.
func (k CIK) String() string { return fmt.Sprintf("%010d", int64(k)) }

// Concept is the result of CompanyConcept. RawJSON returns it as sent.
type Concept struct {
	raw        `json:"-"`
	CIK        CIK    `json:"cik"`
	Taxonomy   string `json:"taxonomy"`
	Tag        string `json:"tag"`
	Label      string `json:"label"`
	EntityName string `json:"entityName"`
	// Units maps a unit code ("USD", "shares", "USD/shares") to the facts
	// filed in that unit.
	Units map[string][]Fact `json:"units"`
}

// Fact is one value of a concept as one filing reported it. Val is exact:
// values run past 2^53 (amounts in small currency units), so they keep the
// decimal text as filed rather than a rounded float64.
type Fact struct {
	// Start begins the period of a duration fact (revenue over a quarter);
	// instant facts have none. The spec does not list it; the service sends
	// it on duration concepts.
	Start *conduit.Date   `json:"start,omitempty"`
	End   conduit.Date    `json:"end"`
	Val   conduit.Decimal `json:"val"`
	Accn  string          `json:"accn"`
	FY    int             `json:"fy"`
	FP    string          `json:"fp"`
	Form  string          `json:"form"`
	Filed conduit.Date    `json:"filed"`
	// Frame is the calendar period the fact is the best value for
	// ("CY2023Q3I"); it is present on some facts only.
	Frame string `json:"frame,omitempty"`
}

// Submissions is the result of Submissions. RawJSON returns it as sent.
type Submissions struct {
	raw `json:"-"`
	// CIK is the company's key number; the service writes it as 10
	// zero-padded digits, which CIK.String gives back.
	CIK                               CIK      `json:"cik"`
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

// Filings returns the filings part, which the spec does not show, exactly
// as sent; RecentFilings and OlderFiles read it typed. It is read from the
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
