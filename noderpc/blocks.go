package noderpc

import "context"

// BlockByNumber returns the block number names (a number from BlockAt or
// a tag; the zero Block is latest), with its transactions in full when
// full is true and as hashes otherwise, eth_getBlockByNumber. A block the
// node does not have is ErrNotFound.
func (c *Client) BlockByNumber(ctx context.Context, number Block, full bool, opts ...Option) (*BlockData, error) {
	if err := number.checkNumberOrTag(blockByNumberOp.Op, "block"); err != nil {
		return nil, err
	}
	return find[BlockData](ctx, c, blockByNumberOp, "eth_getBlockByNumber", []any{number, full}, "no such block", opts)
}

// BlockByHash returns the block with hash, as BlockByNumber does,
// eth_getBlockByHash.
func (c *Client) BlockByHash(ctx context.Context, hash Hash, full bool, opts ...Option) (*BlockData, error) {
	return find[BlockData](ctx, c, blockByHashOp, "eth_getBlockByHash", []any{hash, full}, "no such block", opts)
}

// TransactionByHash returns the transaction with hash, mined or pending,
// eth_getTransactionByHash. One the node does not know is ErrNotFound.
func (c *Client) TransactionByHash(ctx context.Context, hash Hash, opts ...Option) (*Transaction, error) {
	return find[Transaction](ctx, c, txByHashOp, "eth_getTransactionByHash", []any{hash}, "no such transaction", opts)
}

// TransactionReceipt returns the receipt of the mined transaction hash,
// eth_getTransactionReceipt. A transaction still pending, or unknown, has
// none: ErrNotFound, which a caller waiting for it polls through.
func (c *Client) TransactionReceipt(ctx context.Context, hash Hash, opts ...Option) (*Receipt, error) {
	return find[Receipt](ctx, c, receiptOp, "eth_getTransactionReceipt", []any{hash}, "no receipt: the transaction is pending or unknown", opts)
}
