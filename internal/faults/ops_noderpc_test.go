package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/noderpc"
)

func init() {
	ops = append(ops,
		row("noderpc", "BlockNumber", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockNumber(ctx))
		}).auth(rpcKey),
		row("noderpc", "GetBalance", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, wallet, noderpc.Block{}))
		}).auth(rpcKey).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604", noderpc.Block{}))
		}).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, "vitalik.eth", noderpc.BlockTag("latest")))
		}).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, wallet, noderpc.BlockTag("newest")))
		}),
		row("noderpc", "Call", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			var block struct {
				Timestamp    noderpc.Quantity `json:"timestamp"`
				Transactions []string         `json:"transactions"`
			}
			return c.Call(ctx, "eth_getBlockByNumber", []any{"latest", false}, &block)
		}).auth(rpcKey).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
			return c.Call(ctx, "", nil, nil)
		}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
			var n noderpc.Quantity
			return c.Call(ctx, "eth_blockNumber", nil, n)
		}),
		row("noderpc", "BatchCall", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			var chain, height noderpc.Quantity
			calls := []noderpc.BatchElem{{Method: "eth_chainId", Result: &chain}, {Method: "eth_blockNumber", Result: &height}}
			return firstErr(c.BatchCall(ctx, calls), calls)
		}).auth(rpcKey).rejects("calls", func(ctx context.Context, c *noderpc.Client) error {
			return c.BatchCall(ctx, nil)
		}).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
			return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId"}, {}})
		}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
			var out *noderpc.Quantity
			return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: out}})
		}),
	)
}
