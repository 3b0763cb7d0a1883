// Command noderpc-watch follows new heads and a token's Transfer logs over
// one WebSocket, across a forced reconnect: with -fake, conduittest's
// node drops the connection and mines blocks while nobody listens, and
// the heads and logs of those blocks still arrive, filled from the node.
//
//	go run ./examples/noderpc-watch -fake
//	CONDUIT_NODERPC_API_KEY=… go run ./examples/noderpc-watch -token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/noderpc"
)

// transferTopic is keccak256("Transfer(address,address,uint256)").
const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's scripted node")
	token := flag.String("token", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "the token contract whose Transfer logs to follow")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Stdout, *fake, *token); err != nil {
		log.Fatal(err)
	}
}

// run follows heads and logs; with fake it scripts the node and returns
// once head 6 came, else it runs until ctx ends.
func run(ctx context.Context, w io.Writer, fake bool, token string) error {
	var opts []noderpc.Option
	var node *conduittest.NodeSocket
	if fake {
		node = conduittest.StartNodeSocket()
		defer node.Close()
		opts = node.Options()
	}
	c, err := noderpc.New(opts...)
	if err != nil {
		return err
	}
	ws, err := c.Socket(ctx, &noderpc.SocketOptions{ReconnectMin: 10 * time.Millisecond, ReconnectMax: time.Second})
	if err != nil {
		return err
	}
	defer ws.Close()
	addr, err := noderpc.ParseAddress(token)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var out sync.Mutex
	say := func(format string, args ...any) { out.Lock(); fmt.Fprintf(w, format, args...); out.Unlock() }
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for l, err := range ws.Logs(ctx, noderpc.FilterQuery{Addresses: []noderpc.Address{addr}, Topics: [][]noderpc.Hash{{noderpc.MustHash(transferTopic)}}}) {
			if err != nil {
				errs <- err
				return
			}
			say("transfer in block %d (log %d, removed %v)\n", l.BlockNumber, l.LogIndex, l.Removed)
		}
	}()
	go func() {
		defer wg.Done()
		for h, err := range ws.NewHeads(ctx) {
			if err != nil {
				errs <- err
				return
			}
			say("head %d %s filled=%v reorg=%v\n", h.Number, h.Hash, h.Filled, h.Reorg)
			if fake && h.Number == 6 {
				cancel()
			}
		}
	}()
	if fake {
		script(node, token)
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// script plays the node: blocks with a transfer, a drop, blocks mined
// while the client is away, and one more once it is back.
func script(node *conduittest.NodeSocket, token string) {
	wait := func(cond func() bool) {
		for !cond() {
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait(func() bool { return node.Subscribed() == 2 })
	node.Emit(token, transferTopic)
	node.Mine(2)
	time.Sleep(50 * time.Millisecond) // let the client see them live
	node.Drop()
	node.Emit(token, transferTopic)
	node.Mine(3) // blocks 3 to 5, with a transfer in 3, while nobody listens
	wait(func() bool { return node.Subscribed() == 4 && node.Calls("eth_getLogs") == 1 })
	node.Mine(1)
}
