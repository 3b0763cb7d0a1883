package banklink

import (
	"context"
	"iter"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// maxInvestmentCount is the most investment transactions a page holds.
const maxInvestmentCount = 500

var (
	holdingsOp               = transport.Declare[HoldingsResponse](service, transport.Op{Name: "Holdings", Method: "POST", Path: "/investments/holdings/get"}, nil)
	investmentTransactionsOp = transport.Declare[InvestmentTransactionsResponse](service, transport.Op{Name: "InvestmentTransactions", Method: "POST", Path: "/investments/transactions/get"}, nil)
)

// HoldingsResponse is the answer of Holdings: what each investment
// account holds, and the securities the holdings name by SecurityID.
type HoldingsResponse struct {
	raw        `json:"-"`
	Accounts   []Account  `json:"accounts"`
	Holdings   []Holding  `json:"holdings"`
	Securities []Security `json:"securities"`
	Item       Item       `json:"item"`
	RequestID  string     `json:"request_id"`
}

// Holding is a position in one security in one account, valued in its
// currency as the institution values it.
type Holding struct {
	raw              `json:"-"`
	AccountID        string          `json:"account_id"`
	SecurityID       string          `json:"security_id"`
	InstitutionPrice conduit.Decimal `json:"institution_price"`
	// InstitutionPriceAsOf and InstitutionPriceDatetime say when
	// InstitutionPrice was current; each is zero when not sent.
	InstitutionPriceAsOf     conduit.Date    `json:"institution_price_as_of"`
	InstitutionPriceDatetime time.Time       `json:"institution_price_datetime"`
	InstitutionValue         conduit.Decimal `json:"institution_value"`
	// CostBasis is the position's total cost; absent when the
	// institution does not know it, which is not a cost of 0.
	CostBasis              conduit.Decimal `json:"cost_basis"`
	Quantity               conduit.Decimal `json:"quantity"`
	ISOCurrencyCode        string          `json:"iso_currency_code"`
	UnofficialCurrencyCode string          `json:"unofficial_currency_code"`
	// VestedQuantity and VestedValue are the vested part of an equity
	// award; absent for other holdings.
	VestedQuantity conduit.Decimal `json:"vested_quantity"`
	VestedValue    conduit.Decimal `json:"vested_value"`
}

// Security is a stock, fund, bond, option, cryptocurrency or cash
// position that holdings and investment transactions refer to. Any field
// but SecurityID may be unknown, which leaves it "", absent or nil.
type Security struct {
	raw                   `json:"-"`
	SecurityID            string `json:"security_id"`
	ISIN                  string `json:"isin"`
	CUSIP                 string `json:"cusip"`
	SEDOL                 string `json:"sedol"`
	InstitutionSecurityID string `json:"institution_security_id"`
	InstitutionID         string `json:"institution_id"`
	ProxySecurityID       string `json:"proxy_security_id"`
	Name                  string `json:"name"`
	TickerSymbol          string `json:"ticker_symbol"`
	IsCashEquivalent      *bool  `json:"is_cash_equivalent"`
	// Type is the service's word: "cash", "cryptocurrency", "derivative",
	// "equity", "etf", "fixed income", "loan", "mutual fund" or "other".
	Type                   string          `json:"type"`
	ClosePrice             conduit.Decimal `json:"close_price"`
	ClosePriceAsOf         conduit.Date    `json:"close_price_as_of"`
	UpdateDatetime         time.Time       `json:"update_datetime"`
	ISOCurrencyCode        string          `json:"iso_currency_code"`
	UnofficialCurrencyCode string          `json:"unofficial_currency_code"`
	MarketIdentifierCode   string          `json:"market_identifier_code"`
	Sector                 string          `json:"sector"`
	Industry               string          `json:"industry"`
}

// InvestmentTransactionsResponse is one page of InvestmentTransactions:
// the transactions from Offset on, the securities they name, and how many
// the whole range holds.
type InvestmentTransactionsResponse struct {
	raw                    `json:"-"`
	Accounts               []Account               `json:"accounts"`
	InvestmentTransactions []InvestmentTransaction `json:"investment_transactions"`
	Securities             []Security              `json:"securities"`
	Item                   Item                    `json:"item"`
	// TotalInvestmentTransactions is how many the range holds across
	// every page.
	TotalInvestmentTransactions int    `json:"total_investment_transactions"`
	RequestID                   string `json:"request_id"`
}

// InvestmentTransaction is a buy, sell, cancel, cash movement, fee or
// transfer in an investment account. Amount is positive for money leaving
// the account and negative for money coming in, as the service signs it.
type InvestmentTransaction struct {
	raw                     `json:"-"`
	InvestmentTransactionID string `json:"investment_transaction_id"`
	// CancelTransactionID names the transaction a "cancel" one undoes.
	CancelTransactionID string `json:"cancel_transaction_id"`
	AccountID           string `json:"account_id"`
	// SecurityID is "" for a transaction on no security (a cash deposit).
	SecurityID string       `json:"security_id"`
	Date       conduit.Date `json:"date"`
	// TransactionDatetime is zero when the institution sends only Date.
	TransactionDatetime time.Time       `json:"transaction_datetime"`
	Name                string          `json:"name"`
	Quantity            conduit.Decimal `json:"quantity"`
	Amount              conduit.Decimal `json:"amount"`
	Price               conduit.Decimal `json:"price"`
	// Fees is absent when the institution does not report them, which is
	// not a fee of 0.
	Fees conduit.Decimal `json:"fees"`
	// Type is "buy", "sell", "cancel", "cash", "fee" or "transfer";
	// Subtype refines it ("dividend", "contribution", …).
	Type                   string `json:"type"`
	Subtype                string `json:"subtype"`
	ISOCurrencyCode        string `json:"iso_currency_code"`
	UnofficialCurrencyCode string `json:"unofficial_currency_code"`
	// Security is the page's security with SecurityID, filled in by
	// AllInvestmentTransactions; nil elsewhere and when the page has none.
	Security *Security `json:"-"`
}

// InvestmentTransactionsParams are the optional inputs of
// InvestmentTransactions and AllInvestmentTransactions.
type InvestmentTransactionsParams struct {
	// AccountIDs keeps only these accounts of the item.
	AccountIDs []string
	// Count is how many transactions a page holds, 1 to 500; 0 leaves the
	// service's default of 100.
	Count int
	// Offset is how many transactions of the range to skip: where the page
	// starts. AllInvestmentTransactions starts here and moves it on.
	Offset int
	// AsyncUpdate, for an item not linked with the investments product,
	// asks the service to read its history in the background and post a
	// HISTORICAL_UPDATE webhook when done, instead of answering only then.
	AsyncUpdate bool
}

type investmentOptions struct {
	AccountIDs  []string `json:"account_ids,omitempty"`
	Count       int      `json:"count,omitempty"`
	Offset      int      `json:"offset,omitempty"`
	AsyncUpdate bool     `json:"async_update,omitempty"`
}

type investmentTransactionsBody struct {
	AccessToken string             `json:"access_token"`
	StartDate   conduit.Date       `json:"start_date"`
	EndDate     conduit.Date       `json:"end_date"`
	Options     *investmentOptions `json:"options,omitempty"`
}

// Holdings reads what the item's investment accounts hold (the
// investments product), with the securities held. Quantities, prices and
// values are exact as sent; a cost basis the institution does not know is
// absent, never 0.
func (c *Client) Holdings(ctx context.Context, accessToken string, p *ProductParams, opts ...Option) (*HoldingsResponse, error) {
	call, err := productCall(holdingsOp.Op, accessToken, p)
	if err != nil {
		return nil, err
	}
	return holdingsOp.Do(ctx, c.t, call, opts)
}

// InvestmentTransactions reads one page of the investment transactions
// of the item from start to end, both days included: p.Count of them from
// p.Offset on, newest first. TotalInvestmentTransactions says how many the
// range holds; AllInvestmentTransactions reads every page.
func (c *Client) InvestmentTransactions(ctx context.Context, accessToken string, start, end conduit.Date, p *InvestmentTransactionsParams, opts ...Option) (*InvestmentTransactionsResponse, error) {
	call, err := investmentCall(accessToken, start, end, p)
	if err != nil {
		return nil, err
	}
	return investmentTransactionsOp.Do(ctx, c.t, call, opts)
}

// investmentCall checks InvestmentTransactions' inputs and returns its
// call.
func investmentCall(accessToken string, start, end conduit.Date, p *InvestmentTransactionsParams) (transport.Call, error) {
	op := investmentTransactionsOp
	if err := checkToken(op.Op, "access_token", accessToken); err != nil {
		return transport.Call{}, err
	}
	switch {
	case start.IsZero() || !start.IsValid():
		return transport.Call{}, op.Invalid("start_date", "must be a valid day")
	case end.IsZero() || !end.IsValid():
		return transport.Call{}, op.Invalid("end_date", "must be a valid day")
	case end.Before(start):
		return transport.Call{}, op.Invalid("end_date", "%s is before start_date %s", end, start)
	}
	if p == nil {
		p = &InvestmentTransactionsParams{}
	}
	if p.Count < 0 || p.Count > maxInvestmentCount {
		return transport.Call{}, op.Invalid("options.count", "%d is outside 1 to %d (0 leaves the service's default)", p.Count, maxInvestmentCount)
	}
	if p.Offset < 0 {
		return transport.Call{}, op.Invalid("options.offset", "%d is negative", p.Offset)
	}
	if err := checkIDs(op.Op, "options.account_ids", p.AccountIDs); err != nil {
		return transport.Call{}, err
	}
	body := investmentTransactionsBody{AccessToken: accessToken, StartDate: start, EndDate: end}
	if len(p.AccountIDs) > 0 || p.Count != 0 || p.Offset != 0 || p.AsyncUpdate {
		body.Options = &investmentOptions{AccountIDs: p.AccountIDs, Count: p.Count, Offset: p.Offset, AsyncUpdate: p.AsyncUpdate}
	}
	return transport.Call{Body: body, Secrets: []string{accessToken}}, nil
}

// AllInvestmentTransactions yields every investment transaction of the
// item from start to end, from p.Offset on, page after page of
// InvestmentTransactions with p's other inputs and opts, each transaction
// with its Security from its page. It moves the offset on by each page's
// length until it reaches total_investment_transactions.
//
// It stops at the first error and yields it once: the inputs', a page's
// *Error, ctx's error once ctx ends (checked before each page and each
// transaction), or ErrMalformedResponse for a page that is empty before
// the total is reached, which would ask for the same page forever. Pages
// are read by offset, so a transaction the service adds or withdraws
// between pages can shift the others: a run may then miss or repeat one.
func (c *Client) AllInvestmentTransactions(ctx context.Context, accessToken string, start, end conduit.Date, p *InvestmentTransactionsParams, opts ...Option) iter.Seq2[InvestmentTransaction, error] {
	params := InvestmentTransactionsParams{}
	if p != nil {
		params = *p
	}
	if _, err := investmentCall(accessToken, start, end, &params); err != nil {
		return func(yield func(InvestmentTransaction, error) bool) { yield(InvestmentTransaction{}, err) }
	}
	return transport.Pages(ctx, c.t, investmentTransactionsOp.Op, strconv.Itoa(params.Offset), func(offset string) ([]InvestmentTransaction, string, error) {
		params.Offset, _ = strconv.Atoi(offset) // always one of the offsets written here
		page, err := c.InvestmentTransactions(ctx, accessToken, start, end, &params, opts...)
		if err != nil {
			return nil, "", err
		}
		securities := make(map[string]*Security, len(page.Securities))
		for i := range page.Securities {
			securities[page.Securities[i].SecurityID] = &page.Securities[i]
		}
		for i := range page.InvestmentTransactions {
			page.InvestmentTransactions[i].Security = securities[page.InvestmentTransactions[i].SecurityID]
		}
		next := params.Offset + len(page.InvestmentTransactions)
		if next >= page.TotalInvestmentTransactions {
			return page.InvestmentTransactions, "", nil
		}
		return page.InvestmentTransactions, strconv.Itoa(next), nil
	})
}
