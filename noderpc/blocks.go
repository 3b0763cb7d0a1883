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

// BlockReceipts returns the receipts of every transaction in block, in
// the block's order, eth_getBlockReceipts: one call where a receipt per
// transaction would take one each. block is a number (BlockAt), a tag (the
// zero Block is latest) or a hash (BlockHash). A block the node does not
// have is ErrNotFound; a block without transactions has no receipts.
func (c *Client) BlockReceipts(ctx context.Context, block Block, opts ...Option) ([]Receipt, error) {
	if err := block.checkOp(blockReceiptsOp.Op); err != nil {
		return nil, err
	}
	rs, err := find[[]Receipt](ctx, c, blockReceiptsOp, "eth_getBlockReceipts", []any{block.numberOrHash()}, "no such block", opts)
	if err != nil {
		return nil, err
	}
	return *rs, nil
}
