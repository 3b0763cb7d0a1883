package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

func init() {
	register("explorer", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := explorer.New()
		if err != nil {
			return err
		}
		fees, err := c.RecommendedFees(ctx)
		if err != nil {
			return err
		}
		say("RecommendedFees", "fastest %v, half hour %v, hour %v, economy %v, minimum %v sat/vB",
			fees.FastestFee, fees.HalfHourFee, fees.HourFee, fees.EconomyFee, fees.MinimumFee)
		m, err := c.Mempool(ctx)
		if err != nil {
			return err
		}
		top := m.FeeHistogram[0]
		say("Mempool", "%d txs, %d vB, %d sat fees; top bucket %v sat/vB x %d vB", m.Count, m.VSize, m.TotalFee, top.FeeRate, top.VSize)
		blocks, err := c.Blocks(ctx)
		if err != nil {
			return err
		}
		tip := blocks[0]
		say("Blocks", "%d blocks, tip %d at %s, %d txs, reward %d sat, median fee %.2f sat/vB",
			len(blocks), tip.Height, tip.Time().Format(time.DateTime), tip.TxCount, tip.Extras.Reward, tip.Extras.MedianFee)

		const addr = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
		info, err := c.Address(ctx, addr)
		if err != nil {
			return err
		}
		say("Address", "%s: %d txs, balance %d sat", addr, info.ChainStats.TxCount, info.ChainStats.Balance())
		page, err := c.AddressTransactions(ctx, addr, nil)
		if err != nil {
			return err
		}
		say("AddressTransactions", "first page %d txs, newest %s", len(page), page[0].TxID[:16])
		history, err := take(c.AllAddressTransactions(ctx, addr), 5)
		if err != nil {
			return err
		}
		say("AllAddressTransactions", "%d txs seen, newest %s, oldest %s", len(history), history[0].TxID[:16], history[len(history)-1].TxID[:16])
		pending, err := c.AddressMempoolTransactions(ctx, addr)
		if err != nil {
			return err
		}
		say("AddressMempoolTransactions", "%d unconfirmed", len(pending))
		utxos, err := c.AddressUTXOs(ctx, addr)
		if err != nil {
			return err
		}
		say("AddressUTXOs", "%d unspent, first %d sat", len(utxos), utxos[0].Value)

		const txid = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
		tx, err := c.Transaction(ctx, txid)
		if err != nil {
			return err
		}
		say("Transaction", "%d in, %d out, fee %d sat", len(tx.Vin), len(tx.Vout), tx.Fee)
		st, err := c.TransactionStatus(ctx, txid)
		if err != nil {
			return err
		}
		say("TransactionStatus", "confirmed %v in block %d", st.Confirmed, st.BlockHeight)
		raw, err := c.TransactionHex(ctx, txid)
		if err != nil {
			return err
		}
		say("TransactionHex", "%d bytes", len(raw)/2)
		outs, err := c.TransactionOutspends(ctx, txid)
		if err != nil {
			return err
		}
		say("TransactionOutspends", "%d outputs, first spent %v", len(outs), outs[0].Spent)
		proof, err := c.TransactionMerkleProof(ctx, txid)
		if err != nil {
			return err
		}
		say("TransactionMerkleProof", "position %d, %d hashes", proof.Pos, len(proof.Merkle))
		sent, err := c.BroadcastTransaction(ctx, raw)
		if err != nil {
			return err
		}
		say("BroadcastTransaction", "accepted as %s", sent[:16])

		height, err := c.TipHeight(ctx)
		if err != nil {
			return err
		}
		say("TipHeight", "%d", height)
		tipHash, err := c.TipHash(ctx)
		if err != nil {
			return err
		}
		say("TipHash", "%s", tipHash[:24])
		hash, err := c.BlockHash(ctx, 363366)
		if err != nil {
			return err
		}
		say("BlockHash", "363366 is %s", hash[:24])
		b, err := c.Block(ctx, hash)
		if err != nil {
			return err
		}
		say("Block", "%d: %d txs, %d bytes", b.Height, b.TxCount, b.Size)
		header, err := c.BlockHeader(ctx, hash)
		if err != nil {
			return err
		}
		say("BlockHeader", "%d bytes", len(header)/2)
		bs, err := c.BlockStatus(ctx, hash)
		if err != nil {
			return err
		}
		say("BlockStatus", "best chain %v, next %s", bs.InBestChain, bs.NextBest[:24])
		btxs, err := c.BlockTransactions(ctx, hash, 0)
		if err != nil {
			return err
		}
		say("BlockTransactions", "%d from index 0, coinbase %v", len(btxs), btxs[0].Vin[0].IsCoinbase)
		inBlock, err := take(c.AllBlockTransactions(ctx, hash), 5)
		if err != nil {
			return err
		}
		var paid int64
		for _, tx := range inBlock {
			paid += tx.Fee
		}
		say("AllBlockTransactions", "%d txs seen in block order, paying %d sat in fees", len(inBlock), paid)

		recent, err := c.MempoolRecent(ctx)
		if err != nil {
			return err
		}
		say("MempoolRecent", "%d recent, newest pays %d sat", len(recent), recent[0].Fee)
		ids, err := c.MempoolTxids(ctx)
		if err != nil {
			return err
		}
		say("MempoolTxids", "%d waiting", len(ids))
		streamed := 0
		for _, err := range c.EachMempoolTxid(ctx) {
			if err != nil {
				return err
			}
			streamed++
		}
		say("EachMempoolTxid", "%d ids read one by one as the answer arrived", streamed)
		for b, err := range c.EachBlock(ctx) {
			if err != nil {
				return err
			}
			say("EachBlock", "tip %d read before the rest of the list, which stays unread", b.Height)
			break
		}
		next, err := c.MempoolBlocks(ctx)
		if err != nil {
			return err
		}
		say("MempoolBlocks", "%d blocks queued, next median %v sat/vB", len(next), next[0].MedianFee)
		diff, err := c.DifficultyAdjustment(ctx)
		if err != nil {
			return err
		}
		say("DifficultyAdjustment", "%.1f%% of the epoch, forecast %+.1f%%", diff.ProgressPercent, diff.DifficultyChange)
		prices, err := c.Prices(ctx)
		if err != nil {
			return err
		}
		say("Prices", "USD %s, EUR %s", prices.ByCurrency["USD"], prices.ByCurrency["EUR"])
		then, err := c.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "EUR", At: time.Unix(1500000000, 0)})
		if err != nil {
			return err
		}
		say("HistoricalPrice", "EUR %s in July 2017", then.Prices[0].ByCurrency["EUR"])
		hr, err := c.Hashrate(ctx, "3m")
		if err != nil {
			return err
		}
		say("Hashrate", "%.0f EH/s now, %d points", hr.CurrentHashrate/1e18, len(hr.Hashrates))
		pools, err := c.MiningPools(ctx, "1w")
		if err != nil {
			return err
		}
		say("MiningPools", "%s first with %d of %d blocks", pools.Pools[0].Name, pools.Pools[0].BlockCount, pools.BlockCount)
		return live(ctx, say)
	})
}

// live asks the live-data fake for blocks and reads the first one pushed.
func live(ctx context.Context, say func(op, format string, args ...any)) error {
	feed := conduittest.StartMempoolSocket()
	defer feed.Close()
	c, err := explorer.New(feed.Options()...)
	if err != nil {
		return err
	}
	l := c.Live(nil)
	if err := l.Want("blocks"); err != nil {
		return err
	}
	go func() {
		for len(feed.Received(0)) < 1 {
			time.Sleep(5 * time.Millisecond)
		}
		feed.Push(`{"block":{"id":"0000000000000000000320283a032748cef8227873ff4872689bf23f1cda83a5","height":840001}}`)
	}()
	for u, err := range l.Updates(ctx) {
		if err != nil {
			return err
		}
		if u.Block != nil {
			say("Live", "block %d pushed after want blocks", u.Block.Height)
			break
		}
	}
	return nil
}
