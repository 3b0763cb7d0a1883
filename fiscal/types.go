package fiscal

import (
	"encoding/json"
	"fmt"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Page is one page of a dataset: its records, what the service says about
// them, and the links to the neighbouring pages. RawJSON returns it as sent.
type Page[R any] struct {
	transport.Raw
	Data  []R   `json:"data"`
	Meta  Meta  `json:"meta"`
	Links Links `json:"links"`
}

// UnmarshalJSON decodes the page so that each record keeps its own bytes:
// fields the spec does not show stay reachable through the record's RawJSON
// and Decode, also when the record comes from an iterator.
func (p *Page[R]) UnmarshalJSON(b []byte) error {
	var env struct {
		Data  json.RawMessage `json:"data"`
		Meta  Meta            `json:"meta"`
		Links Links           `json:"links"`
	}
	keep := func(err error, _ string) error { return err }
	if err := transport.DecodeJSON(b, &env, keep); err != nil {
		return err
	}
	p.Meta, p.Links = env.Meta, env.Links
	if err := transport.DecodeJSON(env.Data, &p.Data, keep); err != nil {
		return err
	}
	for i := range p.Data {
		if r, ok := any(p.Data[i]).(interface{ RawJSON() json.RawMessage }); ok && transport.IsNull(r.RawJSON()) {
			return fmt.Errorf("record %d of data is null", i)
		}
	}
	return nil
}

// Failure reports a body that carries an error message instead of data.
// A page without data and without an error is an empty page, not a failure.
func (p *Page[R]) Failure() (code, message string, failed bool) {
	if p.Data != nil {
		return "", "", false
	}
	code, message = transport.ProviderError(p.RawJSON())
	return code, message, code != "" || message != ""
}

// Meta describes a page and the dataset's fields.
type Meta struct {
	// Count is the number of records on this page.
	Count int `json:"count"`
	// Labels maps each field name to a human label.
	Labels map[string]string `json:"labels"`
	// DataTypes maps each field name to its type name: DATE, CURRENCY,
	// INTEGER, STRING, PERCENTAGE, YEAR, QUARTER, MONTH, DAY.
	DataTypes map[string]string `json:"dataTypes"`
	// DataFormats maps each field name to its format pattern.
	DataFormats map[string]string `json:"dataFormats"`
	// TotalCount is the number of records of the whole query.
	TotalCount int `json:"total-count"`
	// TotalPages depends on page[size].
	TotalPages int `json:"total-pages"`
}

// Links are query fragments naming other pages of the same query, such as
// "&page%5Bnumber%5D=2&page%5Bsize%5D=100"; ParseLink reads one. A link the
// service sends as null (Prev on the first page, Next on the last) is "".
type Links struct {
	Self  string `json:"self"`
	First string `json:"first"`
	Prev  string `json:"prev"`
	Next  string `json:"next"`
	Last  string `json:"last"`
}

// Record holds the fields every dataset's records share: the record date,
// the source line and the fiscal and calendar periods.
type Record struct {
	RecordDate            Value `json:"record_date"`
	SrcLineNbr            Value `json:"src_line_nbr"`
	RecordFiscalYear      Value `json:"record_fiscal_year"`
	RecordFiscalQuarter   Value `json:"record_fiscal_quarter"`
	RecordCalendarYear    Value `json:"record_calendar_year"`
	RecordCalendarQuarter Value `json:"record_calendar_quarter"`
	RecordCalendarMonth   Value `json:"record_calendar_month"`
	RecordCalendarDay     Value `json:"record_calendar_day"`
}

// DebtRecord is one day of the national debt (debt_to_penny). The amounts
// are currency strings; Value.Amount parses them exactly. RawJSON returns
// the record as sent.
type DebtRecord struct {
	transport.Raw
	Record
	DebtHeldPublicAmt Value `json:"debt_held_public_amt"`
	IntragovHoldAmt   Value `json:"intragov_hold_amt"`
	TotPubDebtOutAmt  Value `json:"tot_pub_debt_out_amt"`
}

// InterestRateRecord is the average interest rate of one kind of security
// for one month (avg_interest_rates). AvgInterestRateAmt is a percentage
// string; Value.Percentage parses it. RawJSON returns the record as sent.
type InterestRateRecord struct {
	transport.Raw
	Record
	SecurityTypeDesc   Value `json:"security_type_desc"`
	SecurityDesc       Value `json:"security_desc"`
	AvgInterestRateAmt Value `json:"avg_interest_rate_amt"`
}
