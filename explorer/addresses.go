package explorer

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	addressOp        = transport.Declare[AddressInfo](service, transport.Op{Name: "Address", Method: "GET", Path: "/address/{address}"}, nil)
	addressTxsOp     = transport.Declare[[]Transaction](service, transport.Op{Name: "AddressTransactions", Method: "GET", Path: "/address/{address}/txs"}, nil)
	addressMempoolOp = transport.Declare[[]Transaction](service, transport.Op{Name: "AddressMempoolTransactions", Method: "GET", Path: "/address/{address}/txs/mempool"}, nil)
	addressUTXOsOp   = transport.Declare[[]UTXO](service, transport.Op{Name: "AddressUTXOs", Method: "GET", Path: "/address/{address}/utxo"}, nil)
)

// confirmedPage is how many confirmed transactions the service sends a
// page of an address's history.
const confirmedPage = 25

// Address returns an address's confirmed and unconfirmed totals: its
// balance, and how many transactions touched it.
func (c *Client) Address(ctx context.Context, address string, opts ...Option) (*AddressInfo, error) {
	if err := checkAddress(addressOp.Op, address); err != nil {
		return nil, err
	}
	return addressOp.Do(ctx, c.t, transport.Call{Args: []string{address}}, opts)
}

// AddressTransactionsParams are AddressTransactions' optional inputs.
type AddressTransactionsParams struct {
	// AfterTxID asks for the confirmed transactions older than this one:
	// the last TxID of the previous page.
	AfterTxID string
}

// AddressTransactions returns one page of an address's history, newest
// first: without AfterTxID, up to 50 unconfirmed transactions and the 25
// newest confirmed ones; with it, the next 25 confirmed.
// AllAddressTransactions walks every page.
func (c *Client) AddressTransactions(ctx context.Context, address string, p *AddressTransactionsParams, opts ...Option) ([]Transaction, error) {
	call, err := addressTxsCall(address, p)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, addressTxsOp, call, opts)
}

func addressTxsCall(address string, p *AddressTransactionsParams) (transport.Call, error) {
	op := addressTxsOp.Op
	if err := checkAddress(op, address); err != nil {
		return transport.Call{}, err
	}
	call := transport.Call{Args: []string{address}}
	if p != nil && p.AfterTxID != "" {
		if err := hash64(op, "after_txid", p.AfterTxID); err != nil {
			return transport.Call{}, err
		}
		call.Query = []string{"after_txid", p.AfterTxID}
	}
	return call, nil
}

// newestBlockFirst is the order of an address's history: the unconfirmed
// transactions, then the confirmed ones by block, newest first, none
// twice within a block.
var newestBlockFirst = transport.Order[Transaction]{
	Key: func(tx *Transaction) string {
		if !tx.Status.Confirmed {
			return ""
		}
		return strconv.FormatInt(tx.Status.BlockHeight, 10)
	},
	Cmp: transport.Decreasing,
	ID:  func(tx *Transaction) string { return tx.TxID },
}

// AllAddressTransactions yields an address's whole history, newest first:
// the unconfirmed transactions and the first confirmed page, then each
// older page after the last transaction seen, until a page holds fewer
// than 25 confirmed. It stops at the first error, yielding it once, at the
// end of ctx, and with ErrMalformedResponse, yielding nothing of that
// page, at a page that names a transaction already seen or one of a newer
// block than the last seen.
func (c *Client) AllAddressTransactions(ctx context.Context, address string, opts ...Option) iter.Seq2[Transaction, error] {
	return transport.PagesBy(ctx, c.t, addressTxsOp.Op, "", newestBlockFirst, func(after string) ([]Transaction, string, error) {
		call, err := addressTxsCall(address, &AddressTransactionsParams{AfterTxID: after})
		if err != nil {
			return nil, "", err
		}
		txs, err := list(ctx, c, addressTxsOp, call, opts)
		if err != nil {
			return nil, "", err
		}
		confirmed := 0
		for _, tx := range txs {
			if tx.Status.Confirmed {
				confirmed++
			}
		}
		if confirmed < confirmedPage {
			return txs, "", nil
		}
		return txs, txs[len(txs)-1].TxID, nil
	})
}

// AddressMempoolTransactions returns an address's unconfirmed
// transactions, up to 50; the service does not page them.
func (c *Client) AddressMempoolTransactions(ctx context.Context, address string, opts ...Option) ([]Transaction, error) {
	if err := checkAddress(addressMempoolOp.Op, address); err != nil {
		return nil, err
	}
	return list(ctx, c, addressMempoolOp, transport.Call{Args: []string{address}}, opts)
}

// AddressUTXOs returns an address's unspent outputs, each with the status
// of the transaction that funded it.
func (c *Client) AddressUTXOs(ctx context.Context, address string, opts ...Option) ([]UTXO, error) {
	if err := checkAddress(addressUTXOsOp.Op, address); err != nil {
		return nil, err
	}
	return list(ctx, c, addressUTXOsOp, transport.Call{Args: []string{address}}, opts)
}

// list makes one call of a listing operation; an empty list (sent as [],
// null or nothing) is an empty slice.
func list[T any](ctx context.Context, c *Client, op *transport.Endpoint[[]T], call transport.Call, opts []Option) ([]T, error) {
	out, err := op.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}
