// Command cryptoprices prints a spot price and a few exchange rates.
//
//	go run ./examples/cryptoprices -replay                 # against the embedded replay server
//	CONDUIT_CRYPTOPRICES_CRYPTO_URL=https://… go run ./examples/cryptoprices -base ETH -currency EUR
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sort"
	"time"

	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func main() {
	useReplay := flag.Bool("replay", false, "run against the embedded replay server")
	base := flag.String("base", "BTC", "asset code")
	currency := flag.String("currency", "USD", "currency code")
	flag.Parse()
	defer replay.ServeIf(*useReplay)()
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
