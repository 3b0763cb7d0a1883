package explorer_test

import (
	"context"
	"fmt"
	"log"

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
