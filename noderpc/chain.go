package noderpc

import (
	"context"
	"math/big"
	"strconv"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// BlockAt is the block with number n, for the methods that take a Block.
func BlockAt(n uint64) Block { return Block{tag: "0x" + strconv.FormatUint(n, 16)} }

// ChainID returns the chain id transactions must be signed for (1 for
// Ethereum mainnet), eth_chainId.
func (c *Client) ChainID(ctx context.Context, opts ...Option) (uint64, error) {
	var id Quantity
	err := c.call(ctx, chainIDOp, "eth_chainId", nil, &id, opts)
	return uint64(id), err
}

// GasPrice returns the node's suggested gas price in wei for a legacy
// transaction, eth_gasPrice.
func (c *Client) GasPrice(ctx context.Context, opts ...Option) (*big.Int, error) {
	return c.wei(ctx, gasPriceOp, "eth_gasPrice", opts)
}

// MaxPriorityFeePerGas returns the node's suggested tip in wei for an
// EIP-1559 transaction, eth_maxPriorityFeePerGas.
func (c *Client) MaxPriorityFeePerGas(ctx context.Context, opts ...Option) (*big.Int, error) {
	return c.wei(ctx, priorityFeeOp, "eth_maxPriorityFeePerGas", opts)
}

func (c *Client) wei(ctx context.Context, op *transport.Endpoint[reply], method string, opts []Option) (*big.Int, error) {
	var w BigQuantity
	if err := c.call(ctx, op, method, nil, &w, opts); err != nil {
		return nil, err
	}
	if w.Int == nil {
		return nil, op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "the result is null, not an amount"})
	}
	return w.Int, nil
}

// FeeHistory returns the base fees, fullness and tips of blockCount blocks
// (1 to 1024) ending at newest, with the tips paid at each of
// rewardPercentiles (ascending, 0 to 100; none to skip them),
// eth_feeHistory. Fee estimators read it to price a transaction.
func (c *Client) FeeHistory(ctx context.Context, blockCount uint64, newest Block, rewardPercentiles []float64, opts ...Option) (*FeeHistory, error) {
	if blockCount < 1 || blockCount > 1024 {
		return nil, feeHistoryOp.Invalid("block_count", "%d is outside 1 to 1024", blockCount)
	}
	if err := newest.checkNumberOrTag(feeHistoryOp.Op, "newest_block"); err != nil {
		return nil, err
	}
	for i, p := range rewardPercentiles {
		if p < 0 || p > 100 || (i > 0 && p < rewardPercentiles[i-1]) {
			return nil, feeHistoryOp.Invalid("reward_percentiles", "item %d, %g, breaks the rule: ascending, from 0 to 100", i, p)
		}
	}
	if rewardPercentiles == nil {
		rewardPercentiles = []float64{}
	}
	return find[FeeHistory](ctx, c, feeHistoryOp, "eth_feeHistory", []any{Quantity(blockCount), newest, rewardPercentiles}, "no fee history for that range", opts)
}

// TransactionCount returns how many transactions address has sent as of
// block, which is the nonce of its next one (eth_getTransactionCount;
// BlockTag("pending") counts those waiting in the pool).
func (c *Client) TransactionCount(ctx context.Context, address Address, block Block, opts ...Option) (uint64, error) {
	if err := block.checkOp(txCountOp.Op); err != nil {
		return 0, err
	}
	var n Quantity
	err := c.call(ctx, txCountOp, "eth_getTransactionCount", []any{address, block}, &n, opts)
	return uint64(n), err
}

// Code returns the bytecode deployed at address as of block, empty for an
// account that is not a contract, eth_getCode.
func (c *Client) Code(ctx context.Context, address Address, block Block, opts ...Option) (Data, error) {
	if err := block.checkOp(codeOp.Op); err != nil {
		return nil, err
	}
	var d Data
	err := c.call(ctx, codeOp, "eth_getCode", []any{address, block}, &d, opts)
	return d, err
}

// StorageAt returns the 32-byte word in slot of address's storage as of
// block, eth_getStorageAt.
func (c *Client) StorageAt(ctx context.Context, address Address, slot Hash, block Block, opts ...Option) (Hash, error) {
	if err := block.checkOp(storageOp.Op); err != nil {
		return Hash{}, err
	}
	var word Hash
	err := c.call(ctx, storageOp, "eth_getStorageAt", []any{address, slot, block}, &word, opts)
	return word, err
}

// find calls method and returns its result, or ErrNotFound (saying what)
// when the node answers null: no such block, transaction or receipt.
func find[T any](ctx context.Context, c *Client, op *transport.Endpoint[reply], method string, params []any, what string, opts []Option) (*T, error) {
	var out *T
	if err := c.call(ctx, op, method, params, &out, opts); err != nil {
		return nil, err
	}
	if out == nil {
		return nil, op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrNotFound, Message: what})
	}
	return out, nil
}
