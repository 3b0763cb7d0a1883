package fiscal

import (
	"context"
	"encoding/json"
	"iter"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The Each… operations send exactly the request of the page method they
// are named after; the page's data is read record by record as it arrives.
var (
	eachQueryOp    = eachOp[Row]("EachQueryRow", "/{endpoint...}")
	eachDebtOp     = eachOp[DebtRecord]("EachDebtToPennyRecord", debtPath)
	eachRatesOp    = eachOp[InterestRateRecord]("EachAvgInterestRate", ratesPath)
	eachExchangeOp = eachOp[ExchangeRateRecord]("EachRateOfExchange", exchangePath)
	eachOutstandOp = eachOp[DebtOutstandingRecord]("EachDebtOutstandingRecord", outstandPath)
	eachMTSOp      = eachOp[MTSSummaryRecord]("EachMTSSummaryRecord", mtsPath)
)

// eachOp declares the listing form of a dataset page: the records of its
// data member, a null one refused as the page methods refuse it.
func eachOp[R interface{ RawJSON() json.RawMessage }](name, path string) *transport.ListEndpoint[R] {
	return transport.DeclareList[R](service, transport.Op{Name: name, Method: "GET", Path: path}, "data").Checked(func(r *R) *transport.Problem {
		if b := (*r).RawJSON(); b == nil || string(b) == "null" {
			return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "decoding the response: a record of data is null"}
		}
		return nil
	})
}

// EachQueryRow is Query read as the page arrives: the same request, each
// row yielded as soon as its bytes are in, its RawJSON its own bytes, so a
// loop over a page of 10,000 records needs the memory of one. The page's
// meta comes after its data, so these rows carry no column types:
// DataType is "" and Typed reads every value as a string; read a value
// with its accessors (Value.Amount, Date, Int) or As. A failure, of the
// inputs, the call or a page cut short, is the last pair; breaking out of
// the loop closes the answer.
func (c *Client) EachQueryRow(ctx context.Context, endpoint string, q *Query, opts ...Option) iter.Seq2[Row, error] {
	path, err := endpointPath(eachQueryOp.Op, endpoint)
	if err != nil {
		return transport.Refuse[Row](err)
	}
	return eachQuery(ctx, c, eachQueryOp, q, opts, path)
}

// EachDebtToPennyRecord is DebtToPenny read as the page arrives, as
// EachQueryRow is Query.
func (c *Client) EachDebtToPennyRecord(ctx context.Context, p *PageParams, opts ...Option) iter.Seq2[DebtRecord, error] {
	return eachPage(ctx, c, eachDebtOp, p, opts)
}

// EachAvgInterestRate is AvgInterestRates read as the page arrives, as
// EachQueryRow is Query.
func (c *Client) EachAvgInterestRate(ctx context.Context, p *PageParams, opts ...Option) iter.Seq2[InterestRateRecord, error] {
	return eachPage(ctx, c, eachRatesOp, p, opts)
}

// EachRateOfExchange is RatesOfExchange read as the page arrives, as
// EachQueryRow is Query.
func (c *Client) EachRateOfExchange(ctx context.Context, q *Query, opts ...Option) iter.Seq2[ExchangeRateRecord, error] {
	return eachQuery(ctx, c, eachExchangeOp, q, opts)
}

// EachDebtOutstandingRecord is DebtOutstanding read as the page arrives,
// as EachQueryRow is Query.
func (c *Client) EachDebtOutstandingRecord(ctx context.Context, q *Query, opts ...Option) iter.Seq2[DebtOutstandingRecord, error] {
	return eachQuery(ctx, c, eachOutstandOp, q, opts)
}

// EachMTSSummaryRecord is MTSSummary read as the page arrives, as
// EachQueryRow is Query.
func (c *Client) EachMTSSummaryRecord(ctx context.Context, q *Query, opts ...Option) iter.Seq2[MTSSummaryRecord, error] {
	return eachQuery(ctx, c, eachMTSOp, q, opts)
}

// eachPage checks p and streams one page of op's dataset.
func eachPage[R any](ctx context.Context, c *Client, op *transport.ListEndpoint[R], p *PageParams, opts []Option) iter.Seq2[R, error] {
	call, err := pageCall(op.Op, p)
	if err != nil {
		return transport.Refuse[R](err)
	}
	return op.All(ctx, c.t, call, opts)
}

// eachQuery checks q and streams one page of op's dataset.
func eachQuery[R any](ctx context.Context, c *Client, op *transport.ListEndpoint[R], q *Query, opts []Option, args ...string) iter.Seq2[R, error] {
	call, err := q.call(op.Op, args...)
	if err != nil {
		return transport.Refuse[R](err)
	}
	return op.All(ctx, c.t, call, opts)
}
