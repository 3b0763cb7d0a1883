package fiscal

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// maxPageSize is the largest page[size] the service serves.
const maxPageSize = 10000

// Query selects, filters and orders a dataset's records; nil or zero
// fields leave the choice to the service (every field, no filter, its own
// order, 100 records a page).
type Query struct {
	// Fields limits each record to the named fields (fields=a,b).
	Fields []string
	// Filters keep the records every one of them matches; build them with
	// Eq, Lt, Lte, Gt, Gte and In.
	Filters []Filter
	// Sort orders by the named fields in turn; a leading "-" sorts that
	// field descending ("-record_date" is newest first).
	Sort []string
	// PageSize is page[size], 1 to 10,000; 0 is the service's default.
	PageSize int
	// PageNumber is page[number], counting from 1; 0 is the first page.
	PageNumber int
}

// Filter is one condition of a Query: a field, an operator and its value
// (In takes several).
type Filter struct {
	Field  string
	Op     Operator
	Values []string
}

// Operator is a filter operator the service documents.
type Operator string

// The filter operators.
const (
	OpEq  Operator = "eq"
	OpLt  Operator = "lt"
	OpLte Operator = "lte"
	OpGt  Operator = "gt"
	OpGte Operator = "gte"
	OpIn  Operator = "in"
)

// Eq keeps records whose field equals value.
func Eq(field, value string) Filter { return Filter{field, OpEq, []string{value}} }

// Lt keeps records whose field is below value (dates and amounts compare
// as the service compares them).
func Lt(field, value string) Filter { return Filter{field, OpLt, []string{value}} }

// Lte keeps records whose field is at most value.
func Lte(field, value string) Filter { return Filter{field, OpLte, []string{value}} }

// Gt keeps records whose field is above value.
func Gt(field, value string) Filter { return Filter{field, OpGt, []string{value}} }

// Gte keeps records whose field is at least value: Gte("record_date",
// "2024-01-01") is every record since the start of 2024.
func Gte(field, value string) Filter { return Filter{field, OpGte, []string{value}} }

// In keeps records whose field is one of values.
func In(field string, values ...string) Filter { return Filter{field, OpIn, values} }

// call validates q and renders it as the query of a call to op; format=json
// is always asked for, since the service can also answer CSV and XML.
func (q *Query) call(op *transport.Op, args ...string) (transport.Call, error) {
	if q == nil {
		q = &Query{}
	}
	for _, f := range q.Fields {
		if !fieldName(f) {
			return transport.Call{}, op.Invalid("fields", "%.40q is not a field name (a-z, 0-9 and _)", f)
		}
	}
	var filters []string
	for _, f := range q.Filters {
		s, err := f.render()
		if err != nil {
			return transport.Call{}, op.Invalid("filter", "%s", err)
		}
		filters = append(filters, s)
	}
	for _, s := range q.Sort {
		if !fieldName(strings.TrimPrefix(s, "-")) {
			return transport.Call{}, op.Invalid("sort", "%.40q must be a field name, optionally after one \"-\"", s)
		}
	}
	if q.PageSize < 0 || q.PageSize > maxPageSize {
		return transport.Call{}, op.Invalid("page[size]", "%d is outside 1..%d (0 for the service's default)", q.PageSize, maxPageSize)
	}
	if q.PageNumber < 0 {
		return transport.Call{}, op.Invalid("page[number]", "%d is negative", q.PageNumber)
	}
	v := make([]string, 0, 12)
	if len(q.Fields) > 0 {
		v = append(v, "fields", strings.Join(q.Fields, ","))
	}
	if len(filters) > 0 {
		v = append(v, "filter", strings.Join(filters, ","))
	}
	if len(q.Sort) > 0 {
		v = append(v, "sort", strings.Join(q.Sort, ","))
	}
	v = append(v, "format", "json")
	if q.PageSize > 0 {
		v = append(v, "page[size]", strconv.Itoa(q.PageSize))
	}
	if q.PageNumber > 0 {
		v = append(v, "page[number]", strconv.Itoa(q.PageNumber))
	}
	return transport.Call{Args: args, Query: v}, nil
}

// render writes a filter as field:op:value, or field:in:(a,b). A value
// holding a comma, or a parenthesis in an In list, would change the
// filter's meaning, since the syntax has no escape: it is refused.
func (f Filter) render() (string, error) {
	if !fieldName(f.Field) {
		return "", fmt.Errorf("field %.40q is not a field name (a-z, 0-9 and _)", f.Field)
	}
	switch f.Op {
	case OpEq, OpLt, OpLte, OpGt, OpGte:
		if len(f.Values) != 1 {
			return "", fmt.Errorf("%s:%s takes one value, not %d", f.Field, f.Op, len(f.Values))
		}
	case OpIn:
		if len(f.Values) == 0 {
			return "", fmt.Errorf("%s:in has no values", f.Field)
		}
	default:
		return "", fmt.Errorf("operator %.10q is none of eq, lt, lte, gt, gte, in", f.Op)
	}
	for _, v := range f.Values {
		if v == "" || strings.ContainsAny(v, ",") || (f.Op == OpIn && strings.ContainsAny(v, "()")) {
			return "", fmt.Errorf("value %.40q of %s is empty or holds a character the filter syntax reserves", v, f.Field)
		}
	}
	if f.Op == OpIn {
		return f.Field + ":in:(" + strings.Join(f.Values, ",") + ")", nil
	}
	return f.Field + ":" + string(f.Op) + ":" + f.Values[0], nil
}

// fieldName accepts a dataset field name: lower-case letters, digits, _.
func fieldName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// endpointPath checks a dataset endpoint as the service's documentation
// writes it, "v1/accounting/od/rates_of_exchange" (a leading "/" is
// accepted), and returns it without the leading "/".
func endpointPath(op *transport.Op, endpoint string) (string, error) {
	e := strings.TrimPrefix(endpoint, "/")
	segs := strings.Split(e, "/")
	if len(segs) < 2 || (segs[0] != "v1" && segs[0] != "v2") {
		return "", op.Invalid("endpoint", "%.80q must start with v1/ or v2/ and name a dataset", endpoint)
	}
	for _, s := range segs[1:] {
		if !fieldName(s) {
			return "", op.Invalid("endpoint", "%.80q has a segment other than a-z, 0-9 and _", endpoint)
		}
	}
	return e, nil
}

var (
	queryOp = transport.Declare(service, transport.Op{Name: "Query", Method: "GET",
		Path: "/{endpoint...}"}, check[Row])
	allQueryOp = transport.Declare(service, transport.Op{Name: "AllQuery", Method: "GET",
		Path: "/{endpoint...}"}, check[Row])
)

// Query reads one page of any dataset endpoint of the service, v1 or v2,
// named as its documentation names it ("v1/accounting/od/rates_of_exchange").
// Each Row keeps its values as sent and reads them typed by the page's
// meta.dataTypes; Row.Decode fills a struct of the caller's.
func (c *Client) Query(ctx context.Context, endpoint string, q *Query, opts ...Option) (*Page[Row], error) {
	path, err := endpointPath(queryOp.Op, endpoint)
	if err != nil {
		return nil, err
	}
	call, err := q.call(queryOp.Op, path)
	if err != nil {
		return nil, err
	}
	pg, err := queryOp.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	pg.typeRows()
	return pg, nil
}

// AllQuery yields every record of a dataset query from q's page on,
// following links.next as AllDebtToPenny does; opts apply to every page.
func (c *Client) AllQuery(ctx context.Context, endpoint string, q *Query, opts ...Option) iter.Seq2[Row, error] {
	path, err := endpointPath(allQueryOp.Op, endpoint)
	return queryAll(ctx, c, allQueryOp, path, err, q, opts)
}

// queryAll walks the pages of a Query on op; err is a failed check of the
// inputs, yielded before any request.
func queryAll[R any](ctx context.Context, c *Client, op *transport.Endpoint[Page[R]], path string, err error, q *Query, opts []Option) iter.Seq2[R, error] {
	first := Query{}
	if q != nil {
		first = *q
	}
	var args []string
	if path != "" {
		args = []string{path}
	}
	return walk(ctx, c, op, PageParams{PageNumber: first.PageNumber, PageSize: first.PageSize}, func(p *PageParams) (transport.Call, error) {
		if err != nil {
			return transport.Call{}, err
		}
		next := first
		next.PageNumber, next.PageSize = p.PageNumber, p.PageSize
		return next.call(op.Op, args...)
	}, opts)
}
