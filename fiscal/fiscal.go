// Package fiscal is a client for the fiscal data interface: a national
// treasury's datasets, here the national debt to the penny and the average
// interest rates on the debt.
//
// Base URL: the placeholder fiscal_url, set with conduit.WithBaseURL or
// CONDUIT_FISCAL_URL; the v2 version segment is part of each dataset path,
// not of the base. No credentials; no published rate limit.
//
//	c, err := fiscal.New()
//	if err != nil {
//		return err
//	}
//	for rec, err := range c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: 100}) {
//		if err != nil {
//			return err
//		}
//		total, err := rec.TotPubDebtOutAmt.Amount() // exact *big.Rat
//		...
//	}
//
// Results are paged: DebtToPenny and AvgInterestRates return one Page, the
// All… iterators follow links.next until the last page. Every record value
// is a string on the wire ("null" where a dataset has no value) and stays a
// Value; its accessors parse it exactly and say so when it is "null" or
// empty (ErrNull, ErrEmpty) instead of guessing.
package fiscal

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option is one of conduit's common options (conduit.WithBaseURL and the
// rest); the package needs no options of its own.
type Option = conduit.Option

// Error is returned by every call; it is conduit.Error, so one errors.As
// serves all conduit packages.
type Error = conduit.Error

// service is open: no credentials and no default rate limit.
var service = &transport.Service{Name: "fiscal", Bases: []string{"fiscal_url"}}

// Client holds the configuration of the fiscal data interface and shares
// connections between calls. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New builds a Client from opts, falling back to CONDUIT_FISCAL_URL for the
// base URL; a missing one is reported by the first call, before any I/O.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
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

// dataset is one dataset path and the names of the methods that read it,
// which its errors carry.
type dataset struct{ op, allOp, path string }

var (
	debtToPenny      = dataset{"DebtToPenny", "AllDebtToPenny", "/v2/accounting/od/debt_to_penny"}
	avgInterestRates = dataset{"AvgInterestRates", "AllAvgInterestRates", "/v2/accounting/od/avg_interest_rates"}
)

// DebtToPenny returns one page of the national debt dataset.
func (c *Client) DebtToPenny(ctx context.Context, p *PageParams) (*Page[DebtRecord], error) {
	return fetch[DebtRecord](ctx, c, debtToPenny.op, debtToPenny.path, p)
}

// AvgInterestRates returns one page of the average interest rates dataset.
func (c *Client) AvgInterestRates(ctx context.Context, p *PageParams) (*Page[InterestRateRecord], error) {
	return fetch[InterestRateRecord](ctx, c, avgInterestRates.op, avgInterestRates.path, p)
}

// AllDebtToPenny yields every national debt record from p's page on,
// following links.next. It stops at the first error, which it yields; a
// cancelled ctx ends it with ctx.Err().
func (c *Client) AllDebtToPenny(ctx context.Context, p *PageParams) iter.Seq2[DebtRecord, error] {
	return all[DebtRecord](ctx, c, debtToPenny, p)
}

// AllAvgInterestRates yields every average interest rate record from p's
// page on, following links.next, as AllDebtToPenny does.
func (c *Client) AllAvgInterestRates(ctx context.Context, p *PageParams) iter.Seq2[InterestRateRecord, error] {
	return all[InterestRateRecord](ctx, c, avgInterestRates, p)
}

// fetch validates p and reads one page of the dataset at path for op.
func fetch[R any](ctx context.Context, c *Client, op, path string, p *PageParams) (*Page[R], error) {
	if p == nil {
		p = &PageParams{}
	}
	if p.Sort != "" && !validSort(p.Sort) {
		return nil, c.t.InvalidParam(op, "sort", "%q must be a record field name (a-z and _), optionally after one \"-\"", p.Sort)
	}
	if p.PageSize < 0 {
		return nil, c.t.InvalidParam(op, "page[size]", "%d is negative", p.PageSize)
	}
	if p.PageNumber < 0 {
		return nil, c.t.InvalidParam(op, "page[number]", "%d is negative", p.PageNumber)
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
	var pg Page[R]
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: path, Query: q}, &pg); err != nil {
		return nil, err
	}
	return &pg, nil
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
