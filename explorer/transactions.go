package explorer

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	txOp          = transport.Declare[Transaction](service, transport.Op{Name: "Transaction", Method: "GET", Path: "/tx/{txid}"}, nil)
	txStatusOp    = transport.Declare[TxStatus](service, transport.Op{Name: "TransactionStatus", Method: "GET", Path: "/tx/{txid}/status"}, nil)
	txHexOp       = declareText(transport.Op{Name: "TransactionHex", Method: "GET", Path: "/tx/{txid}/hex"}, "a raw transaction in hex", hexOf(0))
	txOutspendsOp = transport.Declare[[]Outspend](service, transport.Op{Name: "TransactionOutspends", Method: "GET", Path: "/tx/{txid}/outspends"}, nil)
	txMerkleOp    = transport.Declare[MerkleProof](service, transport.Op{Name: "TransactionMerkleProof", Method: "GET", Path: "/tx/{txid}/merkle-proof"}, nil)
	// A broadcast is a write, not retried once it may have arrived: a
	// repeat could not pay twice (the network knows a transaction by the
	// hash of its bytes), but its answer, "already in the mempool", would
	// hide the first attempt's success.
	broadcastOp = declareText(transport.Op{Name: "BroadcastTransaction", Method: "POST", Path: "/tx", Write: true},
		"a transaction id", hexOf(64))
)

// Transaction returns a transaction, confirmed or in the mempool, with the
// outputs its inputs spend.
func (c *Client) Transaction(ctx context.Context, txid string, opts ...Option) (*Transaction, error) {
	if err := hash64(txOp.Op, "txid", txid); err != nil {
		return nil, err
	}
	return txOp.Do(ctx, c.t, transport.Call{Args: []string{txid}}, opts)
}

// TransactionStatus returns whether a transaction is confirmed, and in
// which block: the cheap way to wait for a confirmation.
func (c *Client) TransactionStatus(ctx context.Context, txid string, opts ...Option) (*TxStatus, error) {
	if err := hash64(txStatusOp.Op, "txid", txid); err != nil {
		return nil, err
	}
	return txStatusOp.Do(ctx, c.t, transport.Call{Args: []string{txid}}, opts)
}

// TransactionHex returns a transaction serialized as the network carries
// it, in hex: what BroadcastTransaction takes.
func (c *Client) TransactionHex(ctx context.Context, txid string, opts ...Option) (string, error) {
	if err := hash64(txHexOp.e.Op, "txid", txid); err != nil {
		return "", err
	}
	return txHexOp.do(ctx, c, transport.Call{Args: []string{txid}}, opts)
}

// TransactionOutspends returns, for each output of a transaction in
// order, whether it is spent and by which input.
func (c *Client) TransactionOutspends(ctx context.Context, txid string, opts ...Option) ([]Outspend, error) {
	if err := hash64(txOutspendsOp.Op, "txid", txid); err != nil {
		return nil, err
	}
	return list(ctx, c, txOutspendsOp, transport.Call{Args: []string{txid}}, opts)
}

// TransactionMerkleProof returns the proof that a confirmed transaction is
// in its block, in Electrum's form; an unconfirmed one has none
// (ErrNotFound or ErrAPI, as the service says).
func (c *Client) TransactionMerkleProof(ctx context.Context, txid string, opts ...Option) (*MerkleProof, error) {
	if err := hash64(txMerkleOp.Op, "txid", txid); err != nil {
		return nil, err
	}
	return txMerkleOp.Do(ctx, c.t, transport.Call{Args: []string{txid}}, opts)
}

// BroadcastTransaction sends a signed transaction, in hex, to the network
// and returns its txid. It is retried only when it provably never reached
// the service (or on 429). Resending the same bytes is safe, since a
// transaction is named by their hash and cannot pay twice, so after an
// ambiguous failure (a reset, a 502) a caller may send it again, or ask
// TransactionStatus: a repeat of a broadcast that did arrive is refused
// with an ErrAPI saying the transaction is already in the mempool or the
// chain, which means it went out.
func (c *Client) BroadcastTransaction(ctx context.Context, rawHex string, opts ...Option) (string, error) {
	rawHex = strings.TrimSpace(rawHex)
	if len(rawHex) < 120 || len(rawHex)%2 != 0 || !isHex(rawHex) {
		return "", broadcastOp.e.Invalid("tx", "is not a raw transaction in hex (%d characters)", len(rawHex))
	}
	return broadcastOp.do(ctx, c, transport.Call{Text: rawHex}, opts)
}
