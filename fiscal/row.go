package fiscal

import (
	"bytes"
	"fmt"
	"sort"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/record"
	"github.com/go-json-experiment/json/jsontext"
)

// Row is one record of any dataset, read by Query: its values by field
// name, exactly as sent, and the column types of the page it came on.
// RawJSON returns it as sent; Decode fills a struct of the caller's, whose
// fields are strings or Values, since the service sends every value as a
// string.
type Row struct {
	raw    `json:"-"`
	Values map[string]Value
	types  map[string]string
}

// UnmarshalJSON lets encoding/json decode a row as conduit does.
func (r *Row) UnmarshalJSON(b []byte) error { return conduit.Unmarshal(bytes.Clone(b), r) }

// UnmarshalJSONFrom reads the record's members into Values, from the
// page's own decoder, and marks the record for RawJSON. A null row is
// left zero, raw bytes included, for the page's check to refuse.
func (r *Row) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() == 'n' {
		*r = Row{}
		return dec.SkipValue()
	}
	record.Mark(dec, &r.Raw)
	return jsonv2.UnmarshalDecode(dec, &r.Values)
}

// DataType returns the type meta.dataTypes gives field on the row's page
// (CURRENCY, PERCENTAGE, DATE, INTEGER, STRING, …), "" when it gives none.
func (r Row) DataType(field string) string { return r.types[field] }

// Typed returns the row's values read by their column types: CURRENCY,
// PERCENTAGE and NUMBER as an exact conduit.Decimal, DATE as a
// conduit.Date, INTEGER, YEAR, QUARTER, MONTH and DAY as an int64, any
// other type (STRING) as a string. A "null" or empty value is nil. A value
// its type cannot read is an error naming the field.
func (r Row) Typed() (map[string]any, error) {
	out := make(map[string]any, len(r.Values))
	names := make([]string, 0, len(r.Values))
	for k := range r.Values {
		names = append(names, k)
	}
	sort.Strings(names) // the first bad field reported is the same every time
	for _, k := range names {
		v, err := r.Values[k].As(r.types[k])
		if err != nil {
			return nil, fmt.Errorf("fiscal: field %s: %w", k, err)
		}
		out[k] = v
	}
	return out, nil
}

// As reads v as the named column type, as Row.Typed does; "null" and ""
// are nil.
func (v Value) As(dataType string) (any, error) {
	if v == "null" || v == "" {
		return nil, nil
	}
	switch dataType {
	case "CURRENCY", "NUMBER":
		return v.Amount()
	case "PERCENTAGE":
		return v.Percentage()
	case "DATE":
		return v.Date()
	case "INTEGER", "YEAR", "QUARTER", "MONTH", "DAY":
		return v.Int()
	}
	return string(v), nil
}

// typeRows gives each Row of the page its column types.
func (p *Page[R]) typeRows() {
	for i := range p.Data {
		if r, ok := any(&p.Data[i]).(*Row); ok {
			r.types = p.Meta.DataTypes
		}
	}
}
