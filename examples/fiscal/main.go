// Command fiscal prints the national debt, newest first, and the latest
// average interest rates, following the service's pages.
//
//	go run ./examples/fiscal -fake  # against conduittest's fake of the service
//	go run ./examples/fiscal -n 30
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fiscal"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	n := flag.Int("n", 10, "how many debt records to print")
	size := flag.Int("page-size", 3, "records per page")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := fiscal.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	i := 0
	for rec, err := range c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: *size}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s  total %s  held by the public %s\n", rec.RecordDate, rec.TotPubDebtOutAmt, rec.DebtHeldPublicAmt)
		if i++; i == *n {
			break
		}
	}
	rates, err := c.AvgInterestRates(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: *size})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rates.Data {
		fmt.Printf("%s  %-50s %s %%\n", r.RecordDate, r.SecurityDesc, r.AvgInterestRateAmt)
	}
}
