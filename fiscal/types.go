package fiscal

import (
	"encoding/json"
	"fmt"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/record"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Page is one page of a dataset: its records, what the service says about
// them, and the links to the neighbouring pages. RawJSON returns it as sent,
// and each record its own part of it, also when the record comes from an
// iterator.
type Page[R any] struct {
	raw   `json:"-"`
	Data  []R   `json:"data"`
	Meta  Meta  `json:"meta"`
	Links Links `json:"links"`
}

// check refuses a page with a null record, which no accessor could read.
// A page without data and without an error is an empty page, not a
// failure; an error member instead of data is the profile's to report.
func check[R interface{ RawJSON() json.RawMessage }, P interface {
	*R
	marked() bool
}](p *Page[R]) *transport.Problem {
	for i := range p.Data {
		// Asked so, 10,000 records are neither measured nor walked field
		// by field.
		if !P(&p.Data[i]).marked() {
			return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf("decoding the response: record %d of data is null", i)}
		}
	}
	return nil
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
// are currency strings; Value.Amount reads them as exact decimals. RawJSON returns
// the record as sent.
type DebtRecord struct {
	raw `json:"-"`
	Record
	DebtHeldPublicAmt Value `json:"debt_held_public_amt"`
	IntragovHoldAmt   Value `json:"intragov_hold_amt"`
	TotPubDebtOutAmt  Value `json:"tot_pub_debt_out_amt"`
}

// InterestRateRecord is the average interest rate of one kind of security
// for one month (avg_interest_rates). AvgInterestRateAmt is a percentage
// string; Value.Percentage reads it. RawJSON returns the record as sent.
type InterestRateRecord struct {
	raw `json:"-"`
	Record
	SecurityTypeDesc   Value `json:"security_type_desc"`
	SecurityDesc       Value `json:"security_desc"`
	AvgInterestRateAmt Value `json:"avg_interest_rate_amt"`
}

// marked reports whether a value, not null, was decoded into the record:
// a null record is left zero, its raw bytes included.
func (r *raw) marked() bool { return record.Marked(&r.Raw) }
