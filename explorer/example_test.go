package explorer_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	fees, err := c.RecommendedFees(ctx)
	if err != nil {
		log.Fatal(err)
	}
	blocks, err := c.Blocks(ctx)
	if err != nil {
		log.Fatal(err)
	}
	tip := blocks[0] // newest first
	fmt.Printf("next block %v sat/vB, within an hour %v sat/vB\n", fees.FastestFee, fees.HourFee)
	fmt.Printf("tip %d at %s, %d transactions\n", tip.Height, tip.Time().Format("2006-01-02 15:04 MST"), tip.TxCount)
	// Output:
	// next block 14 sat/vB, within an hour 9 sat/vB
	// tip 871420 at 2024-11-18 00:53 UTC, 3871 transactions
}

// An address: its balance, its unspent outputs and its whole history,
// page after page.
func ExampleClient_AllAddressTransactions() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	const addr = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
	info, err := c.Address(ctx, addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(info.ChainStats.TxCount, "confirmed transactions, balance", info.ChainStats.Balance(), "sat")
	utxos, err := c.AddressUTXOs(ctx, addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(utxos), "unspent outputs, first", utxos[0].Value, "sat")
	pending, err := c.AddressMempoolTransactions(ctx, addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(pending), "unconfirmed")
	page, err := c.AddressTransactions(ctx, addr, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("first page:", len(page))
	for tx, err := range c.AllAddressTransactions(ctx, addr) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(tx.TxID[:16], "confirmed:", tx.Status.Confirmed)
	}
	// Output:
	// 7 confirmed transactions, balance 0 sat
	// 2 unspent outputs, first 2999990000 sat
	// 1 unconfirmed
	// first page: 2
	// 7b0b9f3c8a1c2e4d confirmed: false
	// 15e10745f15593a8 confirmed: true
}

// A transaction: where it is, what it spends and what spent it, its raw
// bytes, and sending raw bytes.
func ExampleClient_Transaction() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	const txid = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
	tx, err := c.Transaction(ctx, txid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tx.Vin[0].Prevout.Value, "sat in,", tx.Vout[0].Value, "out to", tx.Vout[0].ScriptPubKeyAddress, "fee", tx.Fee)
	status, err := c.TransactionStatus(ctx, txid)
	if err != nil {
		log.Fatal(err)
	}
	proof, err := c.TransactionMerkleProof(ctx, txid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("in block", status.BlockHeight, "at position", proof.Pos, "with", len(proof.Merkle), "hashes of proof")
	outs, err := c.TransactionOutspends(ctx, txid)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("output 0 spent:", outs[0].Spent, "by", outs[0].TxID[:16])
	raw, err := c.TransactionHex(ctx, txid)
	if err != nil {
		log.Fatal(err)
	}
	sent, err := c.BroadcastTransaction(ctx, raw)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(raw)/2, "bytes broadcast as", sent[:16])
	// Output:
	// 3000000000 sat in, 2999990000 out to 13kZxWfztsvdxWvAPGdeVCTHwDaYoLJDUa fee 10000
	// in block 363348 at position 1465 with 3 hashes of proof
	// output 0 spent: true by 2a1b8ec06d680969
	// 85 bytes broadcast as 15e10745f15593a8
}

// Blocks: the tip, a block by height and hash, its header and status, and
// every transaction in it.
func ExampleClient_AllBlockTransactions() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	height, err := c.TipHeight(ctx)
	if err != nil {
		log.Fatal(err)
	}
	tip, err := c.TipHash(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("tip", height, tip[:20])
	hash, err := c.BlockHash(ctx, 363366)
	if err != nil {
		log.Fatal(err)
	}
	b, err := c.Block(ctx, hash)
	if err != nil {
		log.Fatal(err)
	}
	st, err := c.BlockStatus(ctx, hash)
	if err != nil {
		log.Fatal(err)
	}
	header, err := c.BlockHeader(ctx, hash)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("block", b.Height, b.TxCount, "txs, best chain:", st.InBestChain, "header", len(header)/2, "bytes")
	first, err := c.BlockTransactions(ctx, hash, 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("coinbase:", first[0].Vin[0].IsCoinbase)
	n := 0
	for _, err := range c.AllBlockTransactions(ctx, hash) {
		if err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Println(n, "transactions walked")
	// Output:
	// tip 871420 00000000000000000001
	// block 363366 494 txs, best chain: true header 80 bytes
	// coinbase: true
	// 2 transactions walked
}

// The market: what the next blocks will hold, the difficulty epoch,
// prices, hash rate and pools.
func ExampleClient_MempoolBlocks() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	next, err := c.MempoolBlocks(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("next block:", next[0].NTx, "txs, median", next[0].MedianFee, "sat/vB")
	recent, err := c.MempoolRecent(ctx)
	if err != nil {
		log.Fatal(err)
	}
	ids, err := c.MempoolTxids(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(recent), "recent,", len(ids), "waiting")
	d, err := c.DifficultyAdjustment(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("epoch %.1f%% done, %d blocks to go\n", d.ProgressPercent, d.RemainingBlocks)
	p, err := c.Prices(ctx)
	if err != nil {
		log.Fatal(err)
	}
	then, err := c.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "EUR", At: time.Unix(1500000000, 0)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("EUR now", p.ByCurrency["EUR"], "then", then.Prices[0].ByCurrency["EUR"])
	h, err := c.Hashrate(ctx, "3m")
	if err != nil {
		log.Fatal(err)
	}
	pools, err := c.MiningPools(ctx, "1w")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.0f EH/s; %s found %d of %d blocks\n", h.CurrentHashrate/1e18, pools.Pools[0].Name, pools.Pools[0].BlockCount, pools.BlockCount)
	// Output:
	// next block: 2717 txs, median 10.05 sat/vB
	// 2 recent, 3 waiting
	// epoch 44.4% done, 1121 blocks to go
	// EUR now 40545 then 1964
	// 252 EH/s; Foundry USA found 194 of 1005 blocks
}

// The mempool's ids, tens of thousands on a busy day, read one by one as
// the answer arrives: the loop keeps only what it counts.
func ExampleClient_EachMempoolTxid() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := explorer.New(srv.Options("explorer")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	n := 0
	for id, err := range c.EachMempoolTxid(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		if n++; n == 1 {
			fmt.Println("first", id[:16]+"…")
		}
	}
	fmt.Println(n, "waiting")
	for b, err := range c.EachBlock(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("tip", b.Height, len(b.RawJSON()) > 0)
		break // the older blocks are not read
	}
	// Output:
	// first 65ca3b5d86a0bea0…
	// 3 waiting
	// tip 871420 true
}
