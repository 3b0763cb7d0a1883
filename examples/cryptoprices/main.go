// Command cryptoprices prints a spot price and a few exchange rates.
//
//	go run ./examples/cryptoprices -fake  # against conduittest's fake of the service
//	go run ./examples/cryptoprices -base ETH -currency EUR
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sort"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/cryptoprices"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	base := flag.String("base", "BTC", "asset code")
	currency := flag.String("currency", "USD", "currency code")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := cryptoprices.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := c.SpotPrice(ctx, *base, *currency)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("1 %s = %s %s\n", p.Data.Base, p.Data.Amount, p.Data.Currency)
	r, err := c.ExchangeRates(ctx, *currency)
	if err != nil {
		log.Fatal(err)
	}
	codes := make([]string, 0, len(r.Data.Rates))
	for code := range r.Data.Rates {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		fmt.Printf("1 %s = %s %s\n", r.Data.Currency, r.Data.Rates[code], code)
	}
}
