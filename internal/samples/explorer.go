package samples

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

// An address, a transaction and a block of the fixtures.
const (
	addr  = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
	txid  = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
	block = "000000000000000015dc777b3ff2611091336355d3f0ee9766a2cf3be8e4b1ce"
)

// rawTx is the fixture's transaction in hex, to broadcast.
var rawTx, _ = conduittest.Fixture("explorer", "transaction_hex.txt")

func txs(l []explorer.Transaction, err error) (Answer, error) {
	return answer(l, func() any { return l[0].TxID }), err
}

func text(s string, err error) (Answer, error) { return whole(s), err }

func init() {
	add("explorer", explorer.New, []row[*explorer.Client]{
		{"Address", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			a, err := cl.Address(ctx, addr)
			return answer(a, func() any { return a.ChainStats.TxCount }), err
		}},
		{"AddressTransactions", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return txs(cl.AddressTransactions(ctx, addr, nil))
		}},
		{"AddressMempoolTransactions", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return txs(cl.AddressMempoolTransactions(ctx, addr))
		}},
		{"AddressUTXOs", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			u, err := cl.AddressUTXOs(ctx, addr)
			return answer(u, func() any { return u[0].Value }), err
		}},
		{"Transaction", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			tx, err := cl.Transaction(ctx, txid)
			return answer(tx, func() any { return tx.Vout[0].ScriptPubKeyAddress }), err
		}},
		{"TransactionStatus", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			s, err := cl.TransactionStatus(ctx, txid)
			return answer(s, func() any { return s.BlockHeight }), err
		}},
		{"TransactionHex", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return text(cl.TransactionHex(ctx, txid))
		}},
		{"TransactionOutspends", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			o, err := cl.TransactionOutspends(ctx, txid)
			return answer(o, func() any { return o[0].TxID }), err
		}},
		{"TransactionMerkleProof", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			p, err := cl.TransactionMerkleProof(ctx, txid)
			return answer(p, func() any { return p.Pos }), err
		}},
		{"BroadcastTransaction", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return text(cl.BroadcastTransaction(ctx, string(rawTx)))
		}},
		{"Block", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			b, err := cl.Block(ctx, block)
			return answer(b, func() any { return b.Height }), err
		}},
		{"BlockHeader", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return text(cl.BlockHeader(ctx, block))
		}},
		{"BlockStatus", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			s, err := cl.BlockStatus(ctx, block)
			return answer(s, func() any { return s.NextBest }), err
		}},
		{"BlockTransactions", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return txs(cl.BlockTransactions(ctx, block, 0))
		}},
		{"BlockHash", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return text(cl.BlockHash(ctx, 363366))
		}},
		{"TipHeight", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			h, err := cl.TipHeight(ctx)
			return whole(h), err
		}},
		{"TipHash", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return text(cl.TipHash(ctx))
		}},
		{"MempoolRecent", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			r, err := cl.MempoolRecent(ctx)
			return answer(r, func() any { return r[0].Fee }), err
		}},
		{"MempoolTxids", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			ids, err := cl.MempoolTxids(ctx)
			return Answer{Value: ids, Field: len(ids)}, err
		}},
		{"EachMempoolTxid", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return each(cl.EachMempoolTxid(ctx))
		}},
		{"EachBlock", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			return each(cl.EachBlock(ctx))
		}},
		{"MempoolBlocks", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			b, err := cl.MempoolBlocks(ctx)
			return answer(b, func() any { return b[0].MedianFee }), err
		}},
		{"DifficultyAdjustment", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			d, err := cl.DifficultyAdjustment(ctx)
			return answer(d, func() any { return d.RemainingBlocks }), err
		}},
		{"Prices", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			p, err := cl.Prices(ctx)
			return answer(p, func() any { return p.ByCurrency["EUR"].String() }), err
		}},
		{"HistoricalPrice", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			h, err := cl.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "EUR", At: time.Unix(1500000000, 0)})
			return answer(h, func() any { return h.Prices[0].ByCurrency["EUR"].String() }), err
		}},
		{"Hashrate", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			h, err := cl.Hashrate(ctx, "3m")
			return answer(h, func() any { return h.CurrentHashrate }), err
		}},
		{"MiningPools", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			p, err := cl.MiningPools(ctx, "1w")
			return answer(p, func() any { return p.Pools[0].Slug }), err
		}},
		{"RecommendedFees", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			f, err := cl.RecommendedFees(ctx)
			return answer(f, func() any { return f.FastestFee }), err
		}},
		{"Mempool", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			m, err := cl.Mempool(ctx)
			return answer(m, func() any { return m.Count }), err
		}},
		{"Blocks", func(ctx context.Context, cl *explorer.Client) (Answer, error) {
			b, err := cl.Blocks(ctx)
			return answer(b, func() any { return b[0].Height }), err
		}},
	})
}
