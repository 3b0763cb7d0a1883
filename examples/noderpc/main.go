// Command noderpc prints a node's latest block and the balance of an address.
//
//	go run ./examples/noderpc -fake  # against conduittest's fake of the service
//	CONDUIT_NODERPC_API_KEY=… go run ./examples/noderpc -address 0x…
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/big"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/noderpc"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	address := flag.String("address", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "account address, 0x and 40 hex digits")
	tag := flag.String("block", "latest", "block tag or 0x block number")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := noderpc.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	height, err := c.BlockNumber(ctx)
	if err != nil {
		log.Fatal(err)
	}
	wei, err := c.GetBalance(ctx, *address, noderpc.BlockTag(*tag))
	if err != nil {
		log.Fatal(err)
	}
	eth := new(big.Rat).SetFrac(wei, big.NewInt(1e18))
	fmt.Printf("latest block %d\nbalance      %s wei (%s ETH)\n", height, wei, eth.FloatString(6))
}
