// Command explorer prints the recommended fees, the mempool backlog, the
// latest blocks and, given -address, an address's balance and history.
//
//	go run ./examples/explorer -fake -address 1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv  # against conduittest's fake
//	go run ./examples/explorer
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	n := flag.Int("blocks", 5, "how many of the latest blocks to print")
	addr := flag.String("address", "", "a Bitcoin address whose balance and history to print")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := explorer.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	fees, err := c.RecommendedFees(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("fees (sat/vB): fastest %v, half hour %v, hour %v, economy %v, minimum %v\n",
		fees.FastestFee, fees.HalfHourFee, fees.HourFee, fees.EconomyFee, fees.MinimumFee)
	m, err := c.Mempool(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("mempool: %d transactions, %d vB, %d sat in fees\n", m.Count, m.VSize, m.TotalFee)
	for _, b := range m.FeeHistogram {
		fmt.Printf("  >= %8.2f sat/vB  %10d vB\n", b.FeeRate, b.VSize)
	}
	blocks, err := c.Blocks(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for i, b := range blocks {
		if i == *n {
			break
		}
		fmt.Printf("block %d  %s  %5d txs  median fee %.1f sat/vB  reward %d sat\n",
			b.Height, b.Time().Format(time.DateTime), b.TxCount, b.Extras.MedianFee, b.Extras.Reward)
	}
	if *addr == "" {
		return
	}
	info, err := c.Address(ctx, *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: balance %d sat, %d confirmed transactions\n", *addr, info.ChainStats.Balance(), info.ChainStats.TxCount)
	for tx, err := range c.AllAddressTransactions(ctx, *addr) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("  %s  confirmed %-5v block %d\n", tx.TxID, tx.Status.Confirmed, tx.Status.BlockHeight)
	}
}
