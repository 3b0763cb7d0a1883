// Command fxref prints reference currency rates: the latest, those of a past
// day, a range of days, and the currency list.
//
//	go run ./examples/fxref -fake  # against conduittest's fake of the service
//	go run ./examples/fxref -base USD -symbols EUR,JPY -from 2024-03-01 -to 2024-03-08
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxref"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	base := flag.String("base", "EUR", "base currency code")
	symbols := flag.String("symbols", "USD,GBP", "comma-separated target currency codes")
	on := flag.String("on", "2024-01-01", "day for the historical rates, YYYY-MM-DD")
	from := flag.String("from", "2024-06-01", "first day of the range, YYYY-MM-DD")
	to := flag.String("to", "2024-06-07", "last day of the range, YYYY-MM-DD")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	p := &fxref.RatesParams{Base: *base}
	if *symbols != "" {
		p.Symbols = strings.Split(*symbols, ",")
	}
	date, start, end := mustDate(*on), mustDate(*from), mustDate(*to)

	c, err := fxref.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	latest, err := c.Latest(ctx, p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("latest (%s): %v\n", latest.Date, latest.Rates)

	hist, err := c.Historical(ctx, date, p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("asked for %s, published %s: %v\n", date, hist.Date, hist.Rates)

	r, err := c.Range(ctx, start, end, p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s to %s, %d working days:\n", r.StartDate, r.EndDate, len(r.Rates))
	for _, d := range r.Days() {
		fmt.Printf("  %s %-9s %v\n", d.Date, d.Date.Weekday(), d.Rates)
	}

	cur, err := c.Currencies(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d currencies: %s\n", len(cur.Names), strings.Join(cur.Codes(), " "))
}

func mustDate(s string) conduit.Date {
	d, err := conduit.ParseDate(s)
	if err != nil {
		log.Fatal(err)
	}
	return d
}
