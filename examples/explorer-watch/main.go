// Command explorer-watch tracks a Bitcoin address on mempool.space's live
// feed and prints its transactions as they enter the mempool and get
// confirmed, with the new blocks. With -fake, conduittest's feed scripts
// a transaction, drops the connection, and the track is sent again.
//
//	go run ./examples/explorer-watch -fake
//	go run ./examples/explorer-watch -address bc1q…
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's scripted feed")
	addr := flag.String("address", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "the address to track")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Stdout, *fake, *addr); err != nil {
		log.Fatal(err)
	}
}

// run prints the feed; with fake it scripts it and returns after the
// transaction's confirmation, else it runs until ctx ends.
func run(ctx context.Context, w io.Writer, fake bool, addr string) error {
	var opts []explorer.Option
	var feed *conduittest.MempoolSocket
	if fake {
		feed = conduittest.StartMempoolSocket()
		defer feed.Close()
		opts = feed.Options()
	}
	c, err := explorer.New(opts...)
	if err != nil {
		return err
	}
	live := c.Live(&explorer.LiveOptions{ReconnectMin: 10 * time.Millisecond, ReconnectMax: time.Second})
	if err := live.Want("blocks"); err != nil {
		return err
	}
	if err := live.TrackAddress(addr); err != nil {
		return err
	}
	if fake {
		go script(feed)
	}
	for u, err := range live.Updates(ctx) {
		if err != nil {
			return err
		}
		if u.Reconnected {
			fmt.Fprintln(w, "reconnected; want and track sent again")
		}
		if u.Block != nil {
			fmt.Fprintf(w, "block %d %s\n", u.Block.Height, u.Block.ID)
		}
		for _, tx := range u.AddressTransactions {
			fmt.Fprintf(w, "mempool: %s fee %d sat\n", tx.TxID, tx.Fee)
		}
		for _, tx := range u.BlockTransactions {
			fmt.Fprintf(w, "confirmed: %s in block %d\n", tx.TxID, tx.Status.BlockHeight)
			if fake {
				return nil
			}
		}
	}
	return nil
}

// script plays the feed: a transaction to the address, a drop, then its
// confirmation once the client tracks the address again.
func script(feed *conduittest.MempoolSocket) {
	wait := func(cond func() bool) {
		for !cond() {
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait(func() bool { return len(feed.Received(0)) == 2 })
	feed.Push(`{"address-transactions":[{"txid":"` + txid + `","fee":1410,"status":{"confirmed":false}}]}`)
	time.Sleep(50 * time.Millisecond)
	feed.Drop()
	wait(func() bool { return len(feed.Received(1)) == 2 })
	feed.Push(`{"block":{"id":"0000000000000000000320283a032748cef8227873ff4872689bf23f1cda83a5","height":840001},"block-transactions":[{"txid":"` + txid + `","fee":1410,"status":{"confirmed":true,"block_height":840001}}]}`)
}

const txid = "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16"
