package samples

import (
	"context"
	"math/big"

	"github.com/conduit-sdk/conduit/noderpc"
)

var (
	// rpcWallet holds ether and tokens; rpcToken is a token's contract.
	rpcWallet = noderpc.MustAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
	rpcToken  = noderpc.MustAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")
	// rpcTx is a transaction of the fixtures.
	rpcTx = noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
)

func init() {
	add("noderpc", noderpc.New, []row[*noderpc.Client]{
		{"Call", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			var network string
			err := c.Call(ctx, "net_version", nil, &network)
			return whole(network), err
		}},
		{"BlockNumber", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			n, err := c.BlockNumber(ctx)
			return whole(n), err
		}},
		{"GetBalance", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			wei, err := c.GetBalance(ctx, rpcWallet.String(), noderpc.Block{})
			return answer(wei, func() any { return wei.String() }), err
		}},
		{"BatchCall", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			var chain, height noderpc.Quantity
			calls := []noderpc.BatchElem{{Method: "eth_chainId", Result: &chain}, {Method: "eth_blockNumber", Result: &height}}
			if err := c.BatchCall(ctx, calls); err != nil {
				return Answer{}, err
			}
			for _, call := range calls {
				if call.Error != nil {
					return Answer{}, call.Error
				}
			}
			return Answer{Value: []noderpc.Quantity{chain, height}, Field: uint64(chain)}, nil
		}},
		{"ChainID", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			id, err := c.ChainID(ctx)
			return whole(id), err
		}},
		{"GasPrice", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			w, err := c.GasPrice(ctx)
			return answer(w, func() any { return w.String() }), err
		}},
		{"MaxPriorityFeePerGas", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			w, err := c.MaxPriorityFeePerGas(ctx)
			return answer(w, func() any { return w.String() }), err
		}},
		{"FeeHistory", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			h, err := c.FeeHistory(ctx, 4, noderpc.BlockTag("latest"), []float64{25, 75})
			return answer(h, func() any { return h.OldestBlock }), err
		}},
		{"BlockByNumber", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			b, err := c.BlockByNumber(ctx, noderpc.BlockAt(20603950), true)
			return answer(b, func() any { return b.Hash }), err
		}},
		{"BlockByHash", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			b, err := c.BlockByHash(ctx, noderpc.MustHash("0x7de9c923b2eab68a6a750fbe321638387911e9d02bda4671fa89e38999adbab1"), false)
			return answer(b, func() any { return b.Number }), err
		}},
		{"TransactionByHash", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			x, err := c.TransactionByHash(ctx, rpcTx)
			return answer(x, func() any { return x.Nonce }), err
		}},
		{"TransactionReceipt", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			r, err := c.TransactionReceipt(ctx, rpcTx)
			return answer(r, func() any { return r.GasUsed }), err
		}},
		{"BlockReceipts", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			rs, err := c.BlockReceipts(ctx, noderpc.BlockAt(27506119))
			return answer(rs, func() any { return len(rs) }), err
		}},
		{"TraceTransaction", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			f, err := c.TraceTransaction(ctx, rpcTx, &noderpc.TraceParams{WithLog: true})
			return answer(f, func() any { return len(f.Calls) }), err
		}},
		{"TraceBlockByNumber", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			ts, err := c.TraceBlockByNumber(ctx, noderpc.BlockAt(27506119), nil)
			return answer(ts, func() any { return len(ts) }), err
		}},
		{"TraceBlockByHash", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			ts, err := c.TraceBlockByHash(ctx, noderpc.MustHash("0x5e8a7c1d3b9f0e2a4c6d8b1f3e5a7c9d0b2e4f6a8c1d3e5f7a9b0c2d4e6f8a1b"), &noderpc.TraceParams{OnlyTopCall: true})
			return answer(ts, func() any { return len(ts) }), err
		}},
		{"TransactionCount", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			n, err := c.TransactionCount(ctx, rpcWallet, noderpc.BlockTag("pending"))
			return whole(n), err
		}},
		{"Code", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			code, err := c.Code(ctx, rpcToken, noderpc.Block{})
			return answer(code, func() any { return len(code) }), err
		}},
		{"StorageAt", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			v, err := c.StorageAt(ctx, rpcToken, noderpc.Hash{}, noderpc.Block{})
			return whole(v), err
		}},
		{"CallContract", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			// balanceOf(rpcWallet): the selector, the address padded to a word.
			data := append(noderpc.Data{0x70, 0xa0, 0x82, 0x31}, make([]byte, 12)...)
			data = append(data, rpcWallet[:]...)
			out, err := c.CallContract(ctx, noderpc.CallMsg{To: &rpcToken, Data: data}, noderpc.Block{})
			return answer(out, func() any { return len(out) }), err
		}},
		{"EstimateGas", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			gas, err := c.EstimateGas(ctx, noderpc.CallMsg{From: &rpcWallet, To: &rpcToken, Value: big.NewInt(1)})
			return whole(gas), err
		}},
		{"Logs", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			logs, err := c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(73185000), ToBlock: noderpc.BlockAt(73185500),
				Addresses: []noderpc.Address{rpcWallet}, Topics: [][]noderpc.Hash{{rpcTx}}})
			return answer(logs, func() any { return len(logs) }), err
		}},
		{"SendRawTransaction", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			h, err := c.SendRawTransaction(ctx, noderpc.Data{0x02, 0xf8, 0x6c})
			return whole(h), err
		}},
		{"TokenBalances", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			b, err := c.TokenBalances(ctx, rpcToken, nil)
			return answer(b, func() any { return len(b.TokenBalances) }), err
		}},
		{"AssetTransfers", func(ctx context.Context, c *noderpc.Client) (Answer, error) {
			// Every page, as a caller of AllAssetTransfers reads them.
			return each(c.AllAssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}, ToAddress: &rpcWallet}))
		}},
	})
}
