package faults

import (
	"context"
	"math/big"
	"time"

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
			var network string
			return c.Call(ctx, "net_version", nil, &network)
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
		row("noderpc", "ChainID", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.ChainID(ctx))
		}).auth(rpcKey),
		row("noderpc", "GasPrice", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.GasPrice(ctx))
		}).auth(rpcKey),
		row("noderpc", "MaxPriorityFeePerGas", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.MaxPriorityFeePerGas(ctx))
		}).auth(rpcKey),
		row("noderpc", "FeeHistory", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{25, 75}))
		}).auth(rpcKey).rejects("block_count", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 0, noderpc.Block{}, nil))
		}).rejects("reward_percentiles", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{75, 25}))
		}).rejects("newest_block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.FeeHistory(ctx, 4, noderpc.BlockHash(rpcHash.String(), false), nil))
		}),
		row("noderpc", "BlockByNumber", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByNumber(ctx, noderpc.BlockAt(20603950), true))
		}).auth(rpcKey).rejects("block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByNumber(ctx, noderpc.BlockHash(rpcHash.String(), false), false))
		}).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByNumber(ctx, noderpc.BlockTag("0x01"), false))
		}),
		row("noderpc", "BlockByHash", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockByHash(ctx, rpcHash, false))
		}).auth(rpcKey),
		row("noderpc", "BlockReceipts", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockReceipts(ctx, noderpc.BlockAt(27506119)))
		}).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockReceipts(ctx, noderpc.BlockTag("newest")))
		}).rejects("block_hash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.BlockReceipts(ctx, noderpc.BlockHash("0x12", false)))
		}),
		row("noderpc", "TraceTransaction", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceTransaction(ctx, rpcHash, &noderpc.TraceParams{WithLog: true}))
		}).auth(rpcKey).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceTransaction(ctx, rpcHash, &noderpc.TraceParams{Timeout: -time.Second}))
		}),
		row("noderpc", "TraceBlockByNumber", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByNumber(ctx, noderpc.BlockAt(27506119), nil))
		}).auth(rpcKey).rejects("block", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByNumber(ctx, noderpc.BlockHash(rpcHash.String(), false), nil))
		}).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByNumber(ctx, noderpc.Block{}, &noderpc.TraceParams{Timeout: -1}))
		}),
		row("noderpc", "TraceBlockByHash", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByHash(ctx, rpcHash, &noderpc.TraceParams{OnlyTopCall: true}))
		}).auth(rpcKey).rejects("timeout", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TraceBlockByHash(ctx, rpcHash, &noderpc.TraceParams{Timeout: -time.Minute}))
		}),
		row("noderpc", "TransactionByHash", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TransactionByHash(ctx, rpcHash))
		}).auth(rpcKey),
		row("noderpc", "TransactionReceipt", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TransactionReceipt(ctx, rpcHash))
		}).auth(rpcKey),
		row("noderpc", "TransactionCount", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TransactionCount(ctx, rpcAddr, noderpc.BlockTag("pending")))
		}).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TransactionCount(ctx, rpcAddr, noderpc.BlockTag("newest")))
		}),
		row("noderpc", "Code", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Code(ctx, rpcAddr, noderpc.Block{}))
		}).auth(rpcKey).rejects("block_hash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Code(ctx, rpcAddr, noderpc.BlockHash("0x12", false)))
		}),
		row("noderpc", "StorageAt", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.StorageAt(ctx, rpcAddr, noderpc.Hash{}, noderpc.Block{}))
		}).auth(rpcKey).rejects("block_tag", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.StorageAt(ctx, rpcAddr, noderpc.Hash{}, noderpc.BlockTag("now")))
		}),
		row("noderpc", "CallContract", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.CallContract(ctx, noderpc.CallMsg{To: &rpcAddr, Data: noderpc.Data{0x70, 0xa0, 0x82, 0x31}}, noderpc.Block{}))
		}).auth(rpcKey).rejects("to", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.CallContract(ctx, noderpc.CallMsg{Data: noderpc.Data{0x70, 0xa0, 0x82, 0x31}}, noderpc.Block{}))
		}).rejects("gasPrice", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.CallContract(ctx, noderpc.CallMsg{To: &rpcAddr, GasPrice: big.NewInt(1), MaxFeePerGas: big.NewInt(2)}, noderpc.Block{}))
		}),
		row("noderpc", "EstimateGas", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.EstimateGas(ctx, noderpc.CallMsg{From: &rpcAddr, To: &rpcAddr, Value: big.NewInt(1)}))
		}).auth(rpcKey).rejects("value", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.EstimateGas(ctx, noderpc.CallMsg{To: &rpcAddr, Value: big.NewInt(-1)}))
		}),
		row("noderpc", "Logs", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(73185000), ToBlock: noderpc.BlockAt(73185500),
				Addresses: []noderpc.Address{rpcAddr}, Topics: [][]noderpc.Hash{{rpcHash}}}))
		}).auth(rpcKey).rejects("fromBlock", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(9), ToBlock: noderpc.BlockAt(8)}))
		}).rejects("topics", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{Topics: make([][]noderpc.Hash, 5)}))
		}).rejects("blockHash", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.Logs(ctx, noderpc.FilterQuery{BlockHash: &rpcHash, FromBlock: noderpc.BlockAt(1)}))
		}),
		row("noderpc", "SendRawTransaction", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.SendRawTransaction(ctx, noderpc.Data{0x02, 0xf8, 0x6c}))
		}).auth(rpcKey).dedupes("params").rejects("signed", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.SendRawTransaction(ctx, nil))
		}),
		row("noderpc", "TokenBalances", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TokenBalances(ctx, rpcAddr, nil))
		}).auth(rpcKey).rejects("maxCount", func(ctx context.Context, c *noderpc.Client) error {
			return discard(c.TokenBalances(ctx, rpcAddr, &noderpc.TokenBalancesParams{MaxCount: 101}))
		}).rejects("maxCount", func(ctx context.Context, c *noderpc.Client) error {
			return drain(c.AllTokenBalances(ctx, rpcAddr, &noderpc.TokenBalancesParams{MaxCount: -1}))
		}),
		row("noderpc", "AssetTransfers", noderpc.New, func(ctx context.Context, c *noderpc.Client) error {
			return drain(c.AllAssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}, ToAddress: &rpcAddr}))
		}).auth(rpcKey).rejects("category", func(ctx context.Context, c *noderpc.Client) error {
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
