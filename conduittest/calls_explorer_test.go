package conduittest_test

import (
	"context"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

// The explorer operations beyond the seeds' RecommendedFees, Mempool and
// Blocks.
func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		chain := newClient(t, explorer.New, srv.Options("explorer"))
		const (
			addr  = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
			txid  = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
			block = "000000000000000015dc777b3ff2611091336355d3f0ee9766a2cf3be8e4b1ce"
		)
		rawTx, _ := conduittest.Fixture("explorer", "transaction_hex.txt")
		txs := func(l []explorer.Transaction, err error) (any, error) {
			return field(l, func() any { return l[0].TxID }), err
		}
		text := func(s string, err error) (any, error) { return s, err }
		return map[string]opCall{
			"explorer.Address": {do: func(ctx context.Context) (any, error) {
				a, err := chain.Address(ctx, addr)
				return field(a, func() any { return a.ChainStats.TxCount }), err
			}},
			"explorer.AddressTransactions": {do: func(ctx context.Context) (any, error) {
				return txs(chain.AddressTransactions(ctx, addr, nil))
			}},
			"explorer.AddressMempoolTransactions": {do: func(ctx context.Context) (any, error) {
				return txs(chain.AddressMempoolTransactions(ctx, addr))
			}},
			"explorer.AddressUTXOs": {do: func(ctx context.Context) (any, error) {
				u, err := chain.AddressUTXOs(ctx, addr)
				return field(u, func() any { return u[0].Value }), err
			}},
			"explorer.Transaction": {do: func(ctx context.Context) (any, error) {
				tx, err := chain.Transaction(ctx, txid)
				return field(tx, func() any { return tx.Vout[0].ScriptPubKeyAddress }), err
			}},
			"explorer.TransactionStatus": {do: func(ctx context.Context) (any, error) {
				s, err := chain.TransactionStatus(ctx, txid)
				return field(s, func() any { return s.BlockHeight }), err
			}},
			"explorer.TransactionHex": {do: func(ctx context.Context) (any, error) {
				return text(chain.TransactionHex(ctx, txid))
			}},
			"explorer.TransactionOutspends": {do: func(ctx context.Context) (any, error) {
				o, err := chain.TransactionOutspends(ctx, txid)
				return field(o, func() any { return o[0].TxID }), err
			}},
			"explorer.TransactionMerkleProof": {do: func(ctx context.Context) (any, error) {
				p, err := chain.TransactionMerkleProof(ctx, txid)
				return field(p, func() any { return p.Pos }), err
			}},
			"explorer.BroadcastTransaction": {do: func(ctx context.Context) (any, error) {
				return text(chain.BroadcastTransaction(ctx, string(rawTx)))
			}},
			"explorer.Block": {do: func(ctx context.Context) (any, error) {
				b, err := chain.Block(ctx, block)
				return field(b, func() any { return b.Height }), err
			}},
			"explorer.BlockHeader": {do: func(ctx context.Context) (any, error) {
				return text(chain.BlockHeader(ctx, block))
			}},
			"explorer.BlockStatus": {do: func(ctx context.Context) (any, error) {
				s, err := chain.BlockStatus(ctx, block)
				return field(s, func() any { return s.NextBest }), err
			}},
			"explorer.BlockTransactions": {do: func(ctx context.Context) (any, error) {
				return txs(chain.BlockTransactions(ctx, block, 0))
			}},
			"explorer.BlockHash": {do: func(ctx context.Context) (any, error) {
				return text(chain.BlockHash(ctx, 363366))
			}},
			"explorer.TipHeight": {do: func(ctx context.Context) (any, error) {
				return chain.TipHeight(ctx)
			}},
			"explorer.TipHash": {do: func(ctx context.Context) (any, error) {
				return text(chain.TipHash(ctx))
			}},
			"explorer.MempoolRecent": {do: func(ctx context.Context) (any, error) {
				r, err := chain.MempoolRecent(ctx)
				return field(r, func() any { return r[0].Fee }), err
			}},
			"explorer.MempoolTxids": {do: func(ctx context.Context) (any, error) {
				ids, err := chain.MempoolTxids(ctx)
				return len(ids), err
			}},
			"explorer.EachMempoolTxid": {as: "MempoolTxids", do: func(ctx context.Context) (any, error) {
				return count(chain.EachMempoolTxid(ctx))
			}},
			"explorer.EachBlock": {as: "Blocks", do: func(ctx context.Context) (any, error) {
				return count(chain.EachBlock(ctx))
			}},
			"explorer.MempoolBlocks": {do: func(ctx context.Context) (any, error) {
				b, err := chain.MempoolBlocks(ctx)
				return field(b, func() any { return b[0].MedianFee }), err
			}},
			"explorer.DifficultyAdjustment": {do: func(ctx context.Context) (any, error) {
				d, err := chain.DifficultyAdjustment(ctx)
				return field(d, func() any { return d.RemainingBlocks }), err
			}},
			"explorer.Prices": {do: func(ctx context.Context) (any, error) {
				p, err := chain.Prices(ctx)
				return field(p, func() any { return p.ByCurrency["EUR"].String() }), err
			}},
			"explorer.HistoricalPrice": {do: func(ctx context.Context) (any, error) {
				h, err := chain.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "EUR", At: time.Unix(1500000000, 0)})
				return field(h, func() any { return h.Prices[0].ByCurrency["EUR"].String() }), err
			}},
			"explorer.Hashrate": {do: func(ctx context.Context) (any, error) {
				h, err := chain.Hashrate(ctx, "3m")
				return field(h, func() any { return h.CurrentHashrate }), err
			}},
			"explorer.MiningPools": {do: func(ctx context.Context) (any, error) {
				p, err := chain.MiningPools(ctx, "1w")
				return field(p, func() any { return p.Pools[0].Slug }), err
			}},
		}
	})
}
