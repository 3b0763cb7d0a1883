// Package fiscal is a client for the fiscal data interface: a national
// treasury's datasets. It is modelled on the US Treasury's Fiscal Data API:
// Query and AllQuery read any of its dataset endpoints, v1 or v2, with
// fields, filters (Eq, Lt, Lte, Gt, Gte, In), sort and pages; five datasets
// are typed: the debt to the penny, the average interest rates, the
// Treasury reporting rates of exchange, the historical debt outstanding and
// the Monthly Treasury Statement's summary table.
//
// Base URL: the placeholder fiscal_url, by default the service's own
// https://api.fiscaldata.treasury.gov/services/api/fiscal_service; set
// another with conduit.WithBaseURL or CONDUIT_FISCAL_URL; the v2 version segment starts each dataset path, so a
// base pasted with a trailing /v2 loses it rather than doubling it. No
// credentials; no published rate limit.
//
//	c, err := fiscal.New()
//	if err != nil {
//		return err
//	}
//	for rec, err := range c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: 100}) {
//		if err != nil {
//			return err
//		}
//		total, err := rec.TotPubDebtOutAmt.Amount() // an exact conduit.Decimal
//		...
//	}
//
// Results are paged: each dataset call returns one Page, the All…
// iterators follow links.next until the last page. Every record value is a
// string on the wire ("null" where a dataset has no value) and stays a
// Value; its accessors parse it by its column's type and say so when it is
// "null" or empty (ErrNull, ErrEmpty) instead of guessing. A Row of Query
// reads all its values at once by the page's meta.dataTypes (Row.Typed:
// exact decimals for CURRENCY and PERCENTAGE, dates, integers), or decodes
// into a struct of the caller's (Row.Decode). Pages of 10,000 records (the
// service's largest) decode in one pass over the body.
//
// A page of 10,000 records is several megabytes, which a Page holds whole.
// Each page method has an iterator that sends the same request and yields
// the page's records one by one as the body arrives, each record's RawJSON
// its own bytes, so a loop needs the memory of one record whatever the
// page size: EachQueryRow, EachDebtToPennyRecord, EachAvgInterestRate,
// EachRateOfExchange, EachDebtOutstandingRecord and EachMTSSummaryRecord.
// Across conduit, Each<Thing> names the iterator that reads one answer's
// listing element by element as it arrives, Thing being one element of
// the method it streams (a plural made singular, Record or Row added to a
// dataset's name); All<Thing> walks the pages. The meta of a page comes
// after its data, so rows from EachQueryRow carry no column types.
//
// # Failures
//
// A failure is {"error": "Invalid Query Param", "message": "…"}: error, a
// short title rather than a code word, is Error.Code, message is
// Error.Message. A body that holds error instead of data is a failure under
// any status, 200 included. No request id and no wait signal are sent.
//
//	service sends                                  conduit reports
//	400 (a parameter it cannot use)                ErrAPI
//	404 (no such dataset: a wrong path or version) ErrNotFound; Error.URL shows the URL asked
//	429                                            ErrRateLimited, retried with backoff
//	403 (blocked at the edge: there is no key)     ErrAPI
//	5xx                                            ErrAPI, reads retried
//	200 with "error" and no data                   ErrAPI with that error and message
//	200 with "data": [] or a page past the last    no error: an empty page
//	"null" as a record value                       no error: Value's accessors report ErrNull,
//	                                                 Row.Typed gives nil
//	a filter value holding ",", a page[size]       ErrInvalidParam before sending: the filter
//	  over 10,000, an endpoint not under v1/ or v2/  syntax has no escape
//
// Every endpoint the service documents is reachable typed: the datasets
// this package has no record type for are read through Query and AllQuery,
// as Rows. Not typed: format=csv and format=xml, since conduit reads JSON
// (use Do for those).
package fiscal

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name: "fiscal",
	Bases: []transport.Base{{Name: "fiscal_url", Option: "conduit.WithBaseURL", PathVersion: "v2",
		Default: "https://api.fiscaldata.treasury.gov/services/api/fiscal_service"}},
	Errors: transport.Profile{
		Code:    []string{"error"},
		Message: []string{"message"},
		// The service has no keys: a 403 is an edge block, which no
		// credential fixes.
		Status: map[int]transport.Meaning{403: transport.Failed},
		InBody: &transport.StatusWord{Path: "error", Message: []string{"message"}},
	},
})

const (
	debtPath  = "/v2/accounting/od/debt_to_penny"
	ratesPath = "/v2/accounting/od/avg_interest_rates"
)

// The iterators are operations of their own, so that their errors name
// them.
var (
	debtOp     = transport.Declare(service, transport.Op{Name: "DebtToPenny", Method: "GET", Path: debtPath}, check[DebtRecord])
	ratesOp    = transport.Declare(service, transport.Op{Name: "AvgInterestRates", Method: "GET", Path: ratesPath}, check[InterestRateRecord])
	allDebtOp  = transport.Declare(service, transport.Op{Name: "AllDebtToPenny", Method: "GET", Path: debtPath}, check[DebtRecord])
	allRatesOp = transport.Declare(service, transport.Op{Name: "AllAvgInterestRates", Method: "GET", Path: ratesPath}, check[InterestRateRecord])
)

// Do calls any path of the service, for an endpoint this package does not
// type (another dataset), with the same base URL, limits, retries and
// errors as the typed methods; see conduit's documentation of Do. Paths
// are relative to fiscal_url and start with the version: "/v2/…".
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// PageParams are the paging inputs shared by every dataset call; nil or
// zero values leave the choice to the service.
type PageParams struct {
	// Sort names one record field, as in "record_date"; a leading "-" sorts
	// descending ("-record_date" is newest first).
	Sort string
	// PageSize is page[size], the records per page; 0 is the service's
	// default. The service's upper bound is not published.
	PageSize int
	// PageNumber is page[number], counting from 1; 0 is the first page.
	PageNumber int
}

// DebtToPenny returns one page of the national debt dataset.
func (c *Client) DebtToPenny(ctx context.Context, p *PageParams, opts ...Option) (*Page[DebtRecord], error) {
	return fetch(ctx, c, debtOp, p, opts)
}

// AvgInterestRates returns one page of the average interest rates dataset.
func (c *Client) AvgInterestRates(ctx context.Context, p *PageParams, opts ...Option) (*Page[InterestRateRecord], error) {
	return fetch(ctx, c, ratesOp, p, opts)
}

// AllDebtToPenny yields every national debt record from p's page on,
// following links.next; opts apply to every page. It stops at the first
// error, which it yields; a cancelled ctx ends it with an *Error wrapping
// ctx's error.
func (c *Client) AllDebtToPenny(ctx context.Context, p *PageParams, opts ...Option) iter.Seq2[DebtRecord, error] {
	return all(ctx, c, allDebtOp, p, opts)
}

// AllAvgInterestRates yields every average interest rate record from p's
// page on, following links.next, as AllDebtToPenny does.
func (c *Client) AllAvgInterestRates(ctx context.Context, p *PageParams, opts ...Option) iter.Seq2[InterestRateRecord, error] {
	return all(ctx, c, allRatesOp, p, opts)
}

// fetch validates p and reads one page of op's dataset.
func fetch[R any](ctx context.Context, c *Client, op *transport.Endpoint[Page[R]], p *PageParams, opts []Option) (*Page[R], error) {
	call, err := pageCall(op.Op, p)
	if err != nil {
		return nil, err
	}
	return op.Do(ctx, c.t, call, opts)
}

// pageCall validates p and renders it as a call.
func pageCall(op *transport.Op, p *PageParams) (transport.Call, error) {
	if p == nil {
		p = &PageParams{}
	}
	if p.Sort != "" && !validSort(p.Sort) {
		return transport.Call{}, op.Invalid("sort", "%q must be a record field name (a-z and _), optionally after one \"-\"", p.Sort)
	}
	if p.PageSize < 0 {
		return transport.Call{}, op.Invalid("page[size]", "%d is negative", p.PageSize)
	}
	if p.PageNumber < 0 {
		return transport.Call{}, op.Invalid("page[number]", "%d is negative", p.PageNumber)
	}
	q := make([]string, 0, 6)
	if p.Sort != "" {
		q = append(q, "sort", p.Sort)
	}
	if p.PageSize > 0 {
		q = append(q, "page[size]", strconv.Itoa(p.PageSize))
	}
	if p.PageNumber > 0 {
		q = append(q, "page[number]", strconv.Itoa(p.PageNumber))
	}
	return transport.Call{Query: q}, nil
}

// validSort accepts one field name of lower-case letters and underscores,
// optionally after a single "-".
func validSort(s string) bool {
	if s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < 'a' || s[i] > 'z') && s[i] != '_' {
			return false
		}
	}
	return true
}
