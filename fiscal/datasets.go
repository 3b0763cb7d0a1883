package fiscal

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The most used datasets beyond the spec's two, typed. Their paths are the
// service's own, one of them under v1.
const (
	exchangePath = "/v1/accounting/od/rates_of_exchange"
	outstandPath = "/v2/accounting/od/debt_outstanding"
	mtsPath      = "/v1/accounting/mts/mts_table_1"
)

var (
	exchangeOp    = transport.Declare(service, transport.Op{Name: "RatesOfExchange", Method: "GET", Path: exchangePath}, check[ExchangeRateRecord])
	allExchangeOp = transport.Declare(service, transport.Op{Name: "AllRatesOfExchange", Method: "GET", Path: exchangePath}, check[ExchangeRateRecord])
	outstandOp    = transport.Declare(service, transport.Op{Name: "DebtOutstanding", Method: "GET", Path: outstandPath}, check[DebtOutstandingRecord])
	allOutstandOp = transport.Declare(service, transport.Op{Name: "AllDebtOutstanding", Method: "GET", Path: outstandPath}, check[DebtOutstandingRecord])
	mtsOp         = transport.Declare(service, transport.Op{Name: "MTSSummary", Method: "GET", Path: mtsPath}, check[MTSSummaryRecord])
	allMTSOp      = transport.Declare(service, transport.Op{Name: "AllMTSSummary", Method: "GET", Path: mtsPath}, check[MTSSummaryRecord])
)

// ExchangeRateRecord is one currency's rate for one quarter (Treasury
// Reporting Rates of Exchange, rates_of_exchange): the units of the foreign
// currency one US dollar buys, for government reporting. ExchangeRate is a
// NUMBER string; Value.Amount reads it exactly. RawJSON returns the record
// as sent.
type ExchangeRateRecord struct {
	raw `json:"-"`
	Record
	Country             Value `json:"country"`
	Currency            Value `json:"currency"`
	CountryCurrencyDesc Value `json:"country_currency_desc"`
	ExchangeRate        Value `json:"exchange_rate"`
	// EffectiveDate is the date the rate takes effect, which may precede
	// the record date.
	EffectiveDate Value `json:"effective_date"`
}

// DebtOutstandingRecord is the total public debt outstanding at the end of
// one fiscal year (Historical Debt Outstanding, debt_outstanding), back to
// 1790. RawJSON returns the record as sent.
type DebtOutstandingRecord struct {
	raw `json:"-"`
	Record
	DebtOutstandingAmt Value `json:"debt_outstanding_amt"`
}

// MTSSummaryRecord is one line of the Monthly Treasury Statement's summary
// table (mts_table_1): receipts, outlays and the deficit or surplus of one
// month, or of the fiscal year to date, by classification. The amounts are
// currency strings, "null" on heading lines. RawJSON returns the record as
// sent, with the table's layout fields this type leaves out.
type MTSSummaryRecord struct {
	raw `json:"-"`
	Record
	ParentID                  Value `json:"parent_id"`
	ClassificationID          Value `json:"classification_id"`
	ClassificationDesc        Value `json:"classification_desc"`
	CurrentMonthGrossRcptAmt  Value `json:"current_month_gross_rcpt_amt"`
	CurrentMonthGrossOutlyAmt Value `json:"current_month_gross_outly_amt"`
	// CurrentMonthDfctSurAmt is the deficit (positive) or surplus
	// (negative) of the line's period.
	CurrentMonthDfctSurAmt Value `json:"current_month_dfct_sur_amt"`
}

// RatesOfExchange returns one page of the Treasury reporting rates of
// exchange; q filters it, as In("country_currency_desc", "Canada-Dollar").
func (c *Client) RatesOfExchange(ctx context.Context, q *Query, opts ...Option) (*Page[ExchangeRateRecord], error) {
	return queryPage(ctx, c, exchangeOp, q, opts)
}

// AllRatesOfExchange yields every rate of exchange record q selects, from
// its page on, following links.next.
func (c *Client) AllRatesOfExchange(ctx context.Context, q *Query, opts ...Option) iter.Seq2[ExchangeRateRecord, error] {
	return queryAll(ctx, c, allExchangeOp, "", nil, q, opts)
}

// DebtOutstanding returns one page of the historical debt outstanding, one
// record a fiscal year.
func (c *Client) DebtOutstanding(ctx context.Context, q *Query, opts ...Option) (*Page[DebtOutstandingRecord], error) {
	return queryPage(ctx, c, outstandOp, q, opts)
}

// AllDebtOutstanding yields every debt outstanding record q selects, from
// its page on, following links.next.
func (c *Client) AllDebtOutstanding(ctx context.Context, q *Query, opts ...Option) iter.Seq2[DebtOutstandingRecord, error] {
	return queryAll(ctx, c, allOutstandOp, "", nil, q, opts)
}

// MTSSummary returns one page of the Monthly Treasury Statement's summary
// table; Eq("record_date", "2024-09-30") selects one statement.
func (c *Client) MTSSummary(ctx context.Context, q *Query, opts ...Option) (*Page[MTSSummaryRecord], error) {
	return queryPage(ctx, c, mtsOp, q, opts)
}

// AllMTSSummary yields every summary line q selects, from its page on,
// following links.next.
func (c *Client) AllMTSSummary(ctx context.Context, q *Query, opts ...Option) iter.Seq2[MTSSummaryRecord, error] {
	return queryAll(ctx, c, allMTSOp, "", nil, q, opts)
}

// queryPage validates q and reads one page of op's dataset.
func queryPage[R any](ctx context.Context, c *Client, op *transport.Endpoint[Page[R]], q *Query, opts []Option) (*Page[R], error) {
	call, err := q.call(op.Op)
	if err != nil {
		return nil, err
	}
	return op.Do(ctx, c.t, call, opts)
}
