package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/noderpc"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		node := newClient(t, noderpc.New, srv.Options("noderpc"))
		vitalik := noderpc.MustAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
		usdc := noderpc.MustAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")
		tx := noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
		return map[string]opCall{
			"noderpc.Call": {do: func(ctx context.Context) (any, error) {
				var network string
				err := node.Call(ctx, "net_version", nil, &network)
				return network, err
			}},
			"noderpc.BlockNumber": {do: func(ctx context.Context) (any, error) {
				return node.BlockNumber(ctx)
			}},
			"noderpc.GetBalance": {do: func(ctx context.Context) (any, error) {
				wei, err := node.GetBalance(ctx, vitalik.String(), noderpc.Block{})
				return field(wei, func() any { return wei.String() }), err
			}},
			"noderpc.BatchCall": {do: func(ctx context.Context) (any, error) {
				var chainID noderpc.Quantity
				err := node.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: &chainID}})
				return uint64(chainID), err
			}},
			"noderpc.ChainID": {do: func(ctx context.Context) (any, error) { return node.ChainID(ctx) }},
			"noderpc.GasPrice": {do: func(ctx context.Context) (any, error) {
				w, err := node.GasPrice(ctx)
				return field(w, func() any { return w.String() }), err
			}},
			"noderpc.MaxPriorityFeePerGas": {do: func(ctx context.Context) (any, error) {
				w, err := node.MaxPriorityFeePerGas(ctx)
				return field(w, func() any { return w.String() }), err
			}},
			"noderpc.FeeHistory": {do: func(ctx context.Context) (any, error) {
				h, err := node.FeeHistory(ctx, 4, noderpc.BlockTag("latest"), []float64{25, 75})
				return field(h, func() any { return h.OldestBlock }), err
			}},
			"noderpc.BlockByNumber": {do: func(ctx context.Context) (any, error) {
				b, err := node.BlockByNumber(ctx, noderpc.Block{}, false)
				return field(b, func() any { return b.Hash }), err
			}},
			"noderpc.BlockByHash": {do: func(ctx context.Context) (any, error) {
				b, err := node.BlockByHash(ctx, noderpc.MustHash("0x7de9c923b2eab68a6a750fbe321638387911e9d02bda4671fa89e38999adbab1"), false)
				return field(b, func() any { return b.Number }), err
			}},
			"noderpc.TransactionByHash": {do: func(ctx context.Context) (any, error) {
				x, err := node.TransactionByHash(ctx, tx)
				return field(x, func() any { return x.Nonce }), err
			}},
			"noderpc.TransactionReceipt": {do: func(ctx context.Context) (any, error) {
				r, err := node.TransactionReceipt(ctx, tx)
				return field(r, func() any { return r.GasUsed }), err
			}},
			"noderpc.BlockReceipts": {do: func(ctx context.Context) (any, error) {
				rs, err := node.BlockReceipts(ctx, noderpc.BlockAt(27506119))
				return len(rs), err
			}},
			"noderpc.TraceTransaction": {do: func(ctx context.Context) (any, error) {
				f, err := node.TraceTransaction(ctx, tx, &noderpc.TraceParams{WithLog: true})
				return field(f, func() any { return len(f.Calls) }), err
			}},
			"noderpc.TraceBlockByNumber": {do: func(ctx context.Context) (any, error) {
				ts, err := node.TraceBlockByNumber(ctx, noderpc.BlockAt(27506119), nil)
				return len(ts), err
			}},
			"noderpc.TraceBlockByHash": {do: func(ctx context.Context) (any, error) {
				ts, err := node.TraceBlockByHash(ctx, noderpc.MustHash("0x5e8a7c1d3b9f0e2a4c6d8b1f3e5a7c9d0b2e4f6a8c1d3e5f7a9b0c2d4e6f8a1b"), &noderpc.TraceParams{OnlyTopCall: true})
				return len(ts), err
			}},
			"noderpc.TransactionCount": {do: func(ctx context.Context) (any, error) {
				return node.TransactionCount(ctx, vitalik, noderpc.BlockTag("pending"))
			}},
			"noderpc.Code": {do: func(ctx context.Context) (any, error) {
				code, err := node.Code(ctx, usdc, noderpc.Block{})
				return len(code), err
			}},
			"noderpc.StorageAt": {do: func(ctx context.Context) (any, error) {
				return node.StorageAt(ctx, usdc, noderpc.Hash{}, noderpc.Block{})
			}},
			"noderpc.CallContract": {do: func(ctx context.Context) (any, error) {
				data := append(noderpc.Data{0x70, 0xa0, 0x82, 0x31}, make([]byte, 12)...)
				data = append(data, vitalik[:]...)
				out, err := node.CallContract(ctx, noderpc.CallMsg{To: &usdc, Data: data}, noderpc.Block{})
				return len(out), err
			}},
			"noderpc.EstimateGas": {do: func(ctx context.Context) (any, error) {
				return node.EstimateGas(ctx, noderpc.CallMsg{From: &vitalik, To: &usdc})
			}},
			"noderpc.Logs": {do: func(ctx context.Context) (any, error) {
				logs, err := node.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(73185000), ToBlock: noderpc.BlockAt(73185500)})
				return len(logs), err
			}},
			"noderpc.SendRawTransaction": {do: func(ctx context.Context) (any, error) {
				return node.SendRawTransaction(ctx, noderpc.Data{0x02, 0xf8, 0x6c})
			}},
			"noderpc.TokenBalances": {do: func(ctx context.Context) (any, error) {
				b, err := node.TokenBalances(ctx, usdc, nil)
				return field(b, func() any { return len(b.TokenBalances) }), err
			}},
			"noderpc.AssetTransfers": {do: func(ctx context.Context) (any, error) {
				return count(node.AllAssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}}))
			}},
		}
	})
}
