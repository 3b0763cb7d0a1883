package faults

import (
	"context"
	"math/big"
	"time"

	"github.com/conduit-sdk/conduit/noderpc"
)

func init() {
	notes = append(notes,
		noted("noderpc", "BlockNumber", noderpc.New).auth(rpcKey),
		noted("noderpc", "GetBalance", noderpc.New).auth(rpcKey).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604", noderpc.Block{}))
		}).rejects("address", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, "vitalik.eth", noderpc.BlockTag("latest")))
		}).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GetBalance(ctx, wallet, noderpc.BlockTag("newest")))
		}),
		noted("noderpc", "Call", noderpc.New).auth(rpcKey).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
			return c.Call(ctx, "", nil, nil)
		}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
			var n noderpc.Quantity
			return c.Call(ctx, "eth_blockNumber", nil, n)
		}),
		noted("noderpc", "BatchCall", noderpc.New).auth(rpcKey).rejects("calls", func(ctx context.Context, c *noderpc.Client) error {
			return c.BatchCall(ctx, nil)
		}).rejects("method", func(ctx context.Context, c *noderpc.Client) error {
			return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId"}, {}})
		}).rejects("result", func(ctx context.Context, c *noderpc.Client) error {
			var out *noderpc.Quantity
			return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: out}})
		}),
		noted("noderpc", "ChainID", noderpc.New).auth(rpcKey),
		noted("noderpc", "GasPrice", noderpc.New).auth(rpcKey),
		noted("noderpc", "MaxPriorityFeePerGas", noderpc.New).auth(rpcKey),
		noted("noderpc", "FeeHistory", noderpc.New).auth(rpcKey).rejects("block_count", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 0, noderpc.Block{}, nil))
		}).rejects("reward_percentiles", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{75, 25}))
		}).rejects("newest_block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 4, noderpc.BlockHash(rpcHash.String(), false), nil))
		}),
		noted("noderpc", "BlockByNumber", noderpc.New).auth(rpcKey).rejects("block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByNumber(ctx, noderpc.BlockHash(rpcHash.String(), false), false))
		}).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByNumber(ctx, noderpc.BlockTag("0x01"), false))
		}),
		noted("noderpc", "BlockByHash", noderpc.New).auth(rpcKey),
		noted("noderpc", "BlockReceipts", noderpc.New).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockReceipts(ctx, noderpc.BlockTag("newest")))
		}).rejects("block_hash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockReceipts(ctx, noderpc.BlockHash("0x12", false)))
		}),
		noted("noderpc", "TraceTransaction", noderpc.New).auth(rpcKey).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceTransaction(ctx, rpcHash, &noderpc.TraceParams{Timeout: -time.Second}))
		}),
		noted("noderpc", "TraceBlockByNumber", noderpc.New).auth(rpcKey).rejects("block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByNumber(ctx, noderpc.BlockHash(rpcHash.String(), false), nil))
		}).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByNumber(ctx, noderpc.Block{}, &noderpc.TraceParams{Timeout: -1}))
		}),
		noted("noderpc", "TraceBlockByHash", noderpc.New).auth(rpcKey).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByHash(ctx, rpcHash, &noderpc.TraceParams{Timeout: -time.Minute}))
		}),
		noted("noderpc", "TransactionByHash", noderpc.New).auth(rpcKey),
		noted("noderpc", "TransactionReceipt", noderpc.New).auth(rpcKey),
		noted("noderpc", "TransactionCount", noderpc.New).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TransactionCount(ctx, rpcAddr, noderpc.BlockTag("newest")))
		}),
		noted("noderpc", "Code", noderpc.New).auth(rpcKey).rejects("block_hash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Code(ctx, rpcAddr, noderpc.BlockHash("0x12", false)))
		}),
		noted("noderpc", "StorageAt", noderpc.New).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.StorageAt(ctx, rpcAddr, noderpc.Hash{}, noderpc.BlockTag("now")))
		}),
		noted("noderpc", "CallContract", noderpc.New).auth(rpcKey).rejects("to", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.CallContract(ctx, noderpc.CallMsg{Data: noderpc.Data{0x70, 0xa0, 0x82, 0x31}}, noderpc.Block{}))
		}).rejects("gasPrice", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.CallContract(ctx, noderpc.CallMsg{To: &rpcAddr, GasPrice: big.NewInt(1), MaxFeePerGas: big.NewInt(2)}, noderpc.Block{}))
		}),
		noted("noderpc", "EstimateGas", noderpc.New).auth(rpcKey).rejects("value", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.EstimateGas(ctx, noderpc.CallMsg{To: &rpcAddr, Value: big.NewInt(-1)}))
		}),
		noted("noderpc", "Logs", noderpc.New).auth(rpcKey).rejects("fromBlock", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(9), ToBlock: noderpc.BlockAt(8)}))
		}).rejects("topics", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{Topics: make([][]noderpc.Hash, 5)}))
		}).rejects("blockHash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{BlockHash: &rpcHash, FromBlock: noderpc.BlockAt(1)}))
		}),
		noted("noderpc", "SendRawTransaction", noderpc.New).auth(rpcKey).dedupes("params").rejects("signed", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.SendRawTransaction(ctx, nil))
		}),
		noted("noderpc", "TokenBalances", noderpc.New).auth(rpcKey).rejects("maxCount", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TokenBalances(ctx, rpcAddr, &noderpc.TokenBalancesParams{MaxCount: 101}))
		}).rejects("maxCount", func(ctx context.Context, c *noderpc.Client) error {
			return drain(c.AllTokenBalances(ctx, rpcAddr, &noderpc.TokenBalancesParams{MaxCount: -1}))
		}),
		noted("noderpc", "AssetTransfers", noderpc.New).auth(rpcKey).rejects("category", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.AssetTransfers(ctx, noderpc.AssetTransfersParams{}))
		}).rejects("category", func(ctx context.Context, c *noderpc.Client) error {
			return drain(c.AllAssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{"erc20s"}}))
		}).rejects("fromBlock", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.AssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.ERC20}, FromBlock: noderpc.BlockHash(rpcHash.String(), false)}))
		}),
	)
}

// rpcAddr and rpcHash are an address and a hash the rows send.
var (
	rpcAddr = noderpc.MustAddress(wallet)
	rpcHash = noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
)
