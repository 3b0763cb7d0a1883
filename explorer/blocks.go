package explorer

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	blockOp       = transport.Declare[Block](service, transport.Op{Name: "Block", Method: "GET", Path: "/block/{hash}"}, nil)
	blockHeaderOp = declareText(transport.Op{Name: "BlockHeader", Method: "GET", Path: "/block/{hash}/header"}, "an 80-byte block header in hex", hexOf(160))
	blockStatusOp = transport.Declare[BlockStatus](service, transport.Op{Name: "BlockStatus", Method: "GET", Path: "/block/{hash}/status"}, nil)
	blockTxsOp    = transport.Declare[[]Transaction](service, transport.Op{Name: "BlockTransactions", Method: "GET", Path: "/block/{hash}/txs/{start_index}"}, nil)
	blockHashOp   = declareText(transport.Op{Name: "BlockHash", Method: "GET", Path: "/block-height/{height}"}, "a block hash", hexOf(64))
	tipHeightOp   = declareText(transport.Op{Name: "TipHeight", Method: "GET", Path: "/blocks/tip/height"}, "a block height", isHeight)
	tipHashOp     = declareText(transport.Op{Name: "TipHash", Method: "GET", Path: "/blocks/tip/hash"}, "a block hash", hexOf(64))
)

// blockTxsPage is how many transactions the service sends a page of a
// block's.
const blockTxsPage = 25

// Block returns a block by its hash: its header fields and size. The
// explorer's statistics (Extras) come only with Blocks.
func (c *Client) Block(ctx context.Context, hash string, opts ...Option) (*Block, error) {
	if err := hash64(blockOp.Op, "hash", hash); err != nil {
		return nil, err
	}
	return blockOp.Do(ctx, c.t, transport.Call{Args: []string{hash}}, opts)
}

// BlockHeader returns a block's 80-byte header in hex, for checking its
// proof of work without trusting the explorer.
func (c *Client) BlockHeader(ctx context.Context, hash string, opts ...Option) (string, error) {
	if err := hash64(blockHeaderOp.e.Op, "hash", hash); err != nil {
		return "", err
	}
	return blockHeaderOp.do(ctx, c, transport.Call{Args: []string{hash}}, opts)
}

// BlockStatus returns whether a block is on the best chain, and the next
// block if it is.
func (c *Client) BlockStatus(ctx context.Context, hash string, opts ...Option) (*BlockStatus, error) {
	if err := hash64(blockStatusOp.Op, "hash", hash); err != nil {
		return nil, err
	}
	return blockStatusOp.Do(ctx, c.t, transport.Call{Args: []string{hash}}, opts)
}

// BlockTransactions returns 25 of a block's transactions in block order,
// from startIndex, a multiple of 25 (0 starts with the coinbase).
// AllBlockTransactions walks every page.
func (c *Client) BlockTransactions(ctx context.Context, hash string, startIndex int, opts ...Option) ([]Transaction, error) {
	op := blockTxsOp.Op
	if err := hash64(op, "hash", hash); err != nil {
		return nil, err
	}
	if startIndex < 0 || startIndex%blockTxsPage != 0 {
		return nil, op.Invalid("start_index", "%d is not a non-negative multiple of %d", startIndex, blockTxsPage)
	}
	return list(ctx, c, blockTxsOp, transport.Call{Args: []string{hash, strconv.Itoa(startIndex)}}, opts)
}

// distinctTxs is the order of a block's transactions: no transaction
// twice.
var distinctTxs = transport.Order[Transaction]{ID: func(tx *Transaction) string { return tx.TxID }}

// AllBlockTransactions yields every transaction of a block in block order,
// a page of 25 at a time, until a page comes back short. It stops at the
// first error, yielding it once, at the end of ctx, and with
// ErrMalformedResponse, yielding nothing of that page, at a page that
// names a transaction already seen (a server that ignores the start
// index).
func (c *Client) AllBlockTransactions(ctx context.Context, hash string, opts ...Option) iter.Seq2[Transaction, error] {
	return transport.PagesBy(ctx, c.t, blockTxsOp.Op, "0", distinctTxs, func(index string) ([]Transaction, string, error) {
		start, _ := strconv.Atoi(index) // the iterator's own tokens
		txs, err := c.BlockTransactions(ctx, hash, start, opts...)
		if err != nil || len(txs) < blockTxsPage {
			return txs, "", err
		}
		return txs, strconv.Itoa(start + blockTxsPage), nil
	})
}

// BlockHash returns the hash of the block at height on the best chain.
func (c *Client) BlockHash(ctx context.Context, height int64, opts ...Option) (string, error) {
	if height < 0 {
		return "", blockHashOp.e.Invalid("height", "%d is negative", height)
	}
	return blockHashOp.do(ctx, c, transport.Call{Args: []string{strconv.FormatInt(height, 10)}}, opts)
}

// TipHeight returns the height of the chain's last block.
func (c *Client) TipHeight(ctx context.Context, opts ...Option) (int64, error) {
	s, err := tipHeightOp.do(ctx, c, transport.Call{}, opts)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(s, 10, 64) // isHeight checked it
}

// TipHash returns the hash of the chain's last block.
func (c *Client) TipHash(ctx context.Context, opts ...Option) (string, error) {
	return tipHashOp.do(ctx, c, transport.Call{}, opts)
}
