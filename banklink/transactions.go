package banklink

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// mutationDuringPagination is the code with which the service refuses a
// page of a run whose data changed since the run's first page; it asks
// for the whole run again from the first cursor.
const mutationDuringPagination = "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION"

// maxSyncRestarts bounds how often AllTransactionUpdates starts a run over
// for mutationDuringPagination, so a service that keeps answering it
// cannot keep the iterator busy forever.
const maxSyncRestarts = 3

// SyncTransactionsParams are SyncTransactions' optional inputs.
type SyncTransactionsParams struct {
	// Cursor is the NextCursor of the last call; "" starts from the
	// item's first transaction.
	Cursor string
	// Count is how many updates a page holds, 1 to 500; 0 leaves the
	// service's default of 100.
	Count int
	// IncludeOriginalDescription adds each transaction's description as
	// the bank wrote it.
	IncludeOriginalDescription bool
	// DaysRequested is how many days of history, 1 to 730, the first sync
	// of an item asks for; 0 leaves the service's default of 90.
	DaysRequested int
	// AccountID keeps the updates of this one account of the item.
	AccountID string
}

// TransactionsSync is one page of updates, the answer of SyncTransactions.
type TransactionsSync struct {
	raw      `json:"-"`
	Added    []Transaction        `json:"added"`
	Modified []Transaction        `json:"modified"`
	Removed  []RemovedTransaction `json:"removed"`
	// NextCursor is where the next call starts; once HasMore is false it
	// is the cursor to keep for the next sync ("" while the item's
	// transactions are not ready yet).
	NextCursor string `json:"next_cursor"`
	HasMore    bool   `json:"has_more"`
	// TransactionsUpdateStatus is how far the item's history has been
	// read: NOT_READY, INITIAL_UPDATE_COMPLETE or
	// HISTORICAL_UPDATE_COMPLETE.
	TransactionsUpdateStatus string    `json:"transactions_update_status"`
	Accounts                 []Account `json:"accounts"`
	RequestID                string    `json:"request_id"`
}

// Transaction is one transaction of an account. Amount is positive for
// money leaving the account and negative for money coming in, as the
// service signs it.
type Transaction struct {
	raw                    `json:"-"`
	TransactionID          string          `json:"transaction_id"`
	AccountID              string          `json:"account_id"`
	Amount                 conduit.Decimal `json:"amount"`
	ISOCurrencyCode        string          `json:"iso_currency_code"`
	UnofficialCurrencyCode string          `json:"unofficial_currency_code"`
	// Date is the posting date (the authorization date while Pending).
	Date           conduit.Date `json:"date"`
	AuthorizedDate conduit.Date `json:"authorized_date"`
	Name           string       `json:"name"`
	MerchantName   string       `json:"merchant_name"`
	// PaymentChannel is "online", "in store" or "other".
	PaymentChannel          string                   `json:"payment_channel"`
	Pending                 bool                     `json:"pending"`
	PendingTransactionID    string                   `json:"pending_transaction_id"`
	PersonalFinanceCategory *PersonalFinanceCategory `json:"personal_finance_category"`
}

// PersonalFinanceCategory is the service's classification of a
// transaction.
type PersonalFinanceCategory struct {
	Primary         string `json:"primary"`
	Detailed        string `json:"detailed"`
	ConfidenceLevel string `json:"confidence_level"`
}

// RemovedTransaction names a transaction the service no longer reports.
type RemovedTransaction struct {
	raw           `json:"-"`
	TransactionID string `json:"transaction_id"`
	AccountID     string `json:"account_id"`
}

// UpdateKind says what a TransactionUpdate does to the caller's copy.
type UpdateKind string

// The kinds of update, one per list of a TransactionsSync.
const (
	Added    UpdateKind = "added"
	Modified UpdateKind = "modified"
	Removed  UpdateKind = "removed"
)

// TransactionUpdate is one update of AllTransactionUpdates.
type TransactionUpdate struct {
	Kind UpdateKind
	// Transaction is the added or modified transaction; nil for Removed.
	Transaction *Transaction
	// Removed names the removed transaction; nil otherwise.
	Removed *RemovedTransaction
	// Cursor is the cursor at the end of the whole run: keep it, for the
	// next sync, once every update of the run is applied.
	Cursor string
}

type syncOptions struct {
	IncludeOriginalDescription bool   `json:"include_original_description,omitempty"`
	DaysRequested              int    `json:"days_requested,omitempty"`
	AccountID                  string `json:"account_id,omitempty"`
}

type syncBody struct {
	AccessToken string       `json:"access_token"`
	Cursor      string       `json:"cursor,omitempty"`
	Count       int          `json:"count,omitempty"`
	Options     *syncOptions `json:"options,omitempty"`
}

// SyncTransactions reads one page of the item's transaction updates since
// p.Cursor. While HasMore is true, call again with NextCursor; if a later
// page fails with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, the
// service asks for the run again from its first cursor, which
// AllTransactionUpdates does. It only reads, so it is retried like a GET.
func (c *Client) SyncTransactions(ctx context.Context, accessToken string, p *SyncTransactionsParams, opts ...Option) (*TransactionsSync, error) {
	call, err := syncCall(syncOp.Op, accessToken, p)
	if err != nil {
		return nil, err
	}
	return syncOp.Do(ctx, c.t, call, opts)
}

// syncCall checks SyncTransactions' inputs for op and returns its call.
func syncCall(op *transport.Op, accessToken string, p *SyncTransactionsParams) (transport.Call, error) {
	if err := checkToken(op, "access_token", accessToken); err != nil {
		return transport.Call{}, err
	}
	if p == nil {
		p = &SyncTransactionsParams{}
	}
	if p.Count < 0 || p.Count > 500 {
		return transport.Call{}, op.Invalid("count", "%d is outside 1 to 500 (0 leaves the service's default)", p.Count)
	}
	if p.DaysRequested < 0 || p.DaysRequested > 730 {
		return transport.Call{}, op.Invalid("options.days_requested", "%d is outside 1 to 730 (0 leaves the service's default)", p.DaysRequested)
	}
	if p.AccountID != "" {
		if err := checkID(op, "options.account_id", p.AccountID); err != nil {
			return transport.Call{}, err
		}
	}
	body := syncBody{AccessToken: accessToken, Cursor: p.Cursor, Count: p.Count}
	if o := (syncOptions{p.IncludeOriginalDescription, p.DaysRequested, p.AccountID}); o != (syncOptions{}) {
		body.Options = &o
	}
	return transport.Call{Body: body, Secrets: []string{accessToken}}, nil
}

// syncLists are the lists of a page of updates, in the order of the
// UpdateKind each holds.
var syncLists = []UpdateKind{Added, Modified, Removed}

// eachUpdateOp sends SyncTransactions' request; its lists are read update
// by update as they arrive.
var eachUpdateOp = transport.DeclareMembers(service, transport.Op{Name: "EachTransactionUpdate", Method: "POST", Path: "/transactions/sync"},
	[]string{string(Added), string(Modified), string(Removed)}, func(m int, b []byte) (TransactionUpdate, error) {
		u := TransactionUpdate{Kind: syncLists[m]}
		if u.Kind == Removed {
			u.Removed = new(RemovedTransaction)
			return u, conduit.Unmarshal(b, u.Removed)
		}
		u.Transaction = new(Transaction)
		return u, conduit.Unmarshal(b, u.Transaction)
	})

// SyncEnd is what a page of updates says after its lists: where the next
// call starts and whether there is more. EachTransactionUpdate fills it in
// as it reads those members, which the service sends after the lists.
type SyncEnd struct {
	// NextCursor and HasMore are TransactionsSync's.
	NextCursor string
	HasMore    bool
	// TransactionsUpdateStatus is TransactionsSync's.
	TransactionsUpdateStatus string
	RequestID                string
}

// EachTransactionUpdate is SyncTransactions read as the page arrives: the
// same request, each update of the page's added, modified and removed
// lists yielded as soon as its bytes are in (Kind says which list; the
// transaction's RawJSON is its own bytes), so a page of 500 transactions
// needs the memory of one. Cursor is empty: the page's next_cursor comes
// after its lists; end, if not nil, receives it with has_more once the
// loop has read the page to its end (a loop that breaks early may leave
// it empty). Updates read before a failure are void, as for a page of
// SyncTransactions that fails: call again from the same cursor, or use
// AllTransactionUpdates, which restarts a run for the caller. A failure,
// of the inputs, the call or a page cut short, is the last pair.
func (c *Client) EachTransactionUpdate(ctx context.Context, accessToken string, p *SyncTransactionsParams, end *SyncEnd, opts ...Option) iter.Seq2[TransactionUpdate, error] {
	call, err := syncCall(eachUpdateOp.Op, accessToken, p)
	if err != nil {
		return func(yield func(TransactionUpdate, error) bool) { yield(TransactionUpdate{}, err) }
	}
	var other func(string, []byte)
	if end != nil {
		other = func(name string, v []byte) {
			switch name {
			case "next_cursor":
				_ = conduit.Unmarshal(v, &end.NextCursor)
			case "has_more":
				_ = conduit.Unmarshal(v, &end.HasMore)
			case "transactions_update_status":
				_ = conduit.Unmarshal(v, &end.TransactionsUpdateStatus)
			case "request_id":
				_ = conduit.Unmarshal(v, &end.RequestID)
			}
		}
	}
	return eachUpdateOp.All(ctx, c.t, call, opts, other)
}

// AllTransactionUpdates yields every update of the item since p.Cursor,
// across pages until has_more is false, each page one SyncTransactions
// call with p's other inputs and opts.
//
// The service documents that a run must restart from its first cursor
// when a page fails with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, and
// that updates read before the failure are void. So the iterator reads the
// whole run before yielding anything, and restarts it (up to three times)
// on that failure: a caller never sees an update twice or one the service
// withdrew. The cost is that a run is held in memory; for the first sync
// of an item with years of history, page by hand with SyncTransactions.
//
// It stops at the first other error and yields it once: a page's
// *Error, an *Error wrapping ctx's error once ctx ends (checked before
// each page and each update), or a next_cursor the run already visited,
// which would loop.
func (c *Client) AllTransactionUpdates(ctx context.Context, accessToken string, p *SyncTransactionsParams, opts ...Option) iter.Seq2[TransactionUpdate, error] {
	return func(yield func(TransactionUpdate, error) bool) {
		if ctx == nil {
			yield(TransactionUpdate{}, syncOp.Invalid("ctx", "nil context"))
			return
		}
		start := SyncTransactionsParams{}
		if p != nil {
			start = *p
		}
		var run []TransactionUpdate
		var err error
		for restarts := 0; ; restarts++ {
			run, err = c.syncRun(ctx, accessToken, start, opts)
			var e *conduit.Error
			if err == nil || restarts == maxSyncRestarts || !errors.As(err, &e) || e.Code != mutationDuringPagination {
				break
			}
		}
		if err != nil {
			yield(TransactionUpdate{}, err)
			return
		}
		for _, u := range run {
			if err := ctx.Err(); err != nil {
				yield(TransactionUpdate{}, transport.Ended(c.t, syncOp.Op, err))
				return
			}
			if !yield(u, nil) {
				return
			}
		}
	}
}

// syncRun reads the pages of one run from p.Cursor until has_more is
// false and returns its updates in the service's order (added, modified,
// removed within each page), each carrying the run's final cursor.
func (c *Client) syncRun(ctx context.Context, accessToken string, p SyncTransactionsParams, opts []Option) ([]TransactionUpdate, error) {
	var run []TransactionUpdate
	seen := map[string]bool{}
	for {
		if err := ctx.Err(); err != nil {
			return nil, transport.Ended(c.t, syncOp.Op, err)
		}
		page, err := c.SyncTransactions(ctx, accessToken, &p, opts...)
		if err != nil {
			return nil, err
		}
		for i := range page.Added {
			run = append(run, TransactionUpdate{Kind: Added, Transaction: &page.Added[i]})
		}
		for i := range page.Modified {
			run = append(run, TransactionUpdate{Kind: Modified, Transaction: &page.Modified[i]})
		}
		for i := range page.Removed {
			run = append(run, TransactionUpdate{Kind: Removed, Removed: &page.Removed[i]})
		}
		if !page.HasMore {
			for i := range run {
				run[i].Cursor = page.NextCursor
			}
			return run, nil
		}
		seen[p.Cursor] = true
		if seen[page.NextCursor] {
			return nil, syncOp.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse,
				Message: fmt.Sprintf("has_more is true but next_cursor %.60q was already read: the run would never end", page.NextCursor)})
		}
		p.Cursor = page.NextCursor
	}
}
