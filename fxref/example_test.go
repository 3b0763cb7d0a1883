package fxref_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxref"
)

func ExampleClient_Range() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := fxref.New(srv.Options("fxref")...)
	if err != nil {
		log.Fatal(err)
	}
	start, err := conduit.ParseDate("2024-06-01")
	if err != nil {
		log.Fatal(err)
	}
	end := conduit.Date{Year: 2024, Month: time.June, Day: 7}
	r, err := c.Range(context.Background(), start, end, &fxref.RatesParams{Base: "EUR", Symbols: []string{"USD", "GBP"}})
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range r.Days() {
		fmt.Printf("%s %s USD %.4f GBP %.4f\n", d.Date, d.Date.Weekday(), d.Rates["USD"], d.Rates["GBP"])
	}
	// Output:
	// 2024-05-31 Friday USD 1.0848 GBP 0.8518
	// 2024-06-03 Monday USD 1.0871 GBP 0.8509
	// 2024-06-04 Tuesday USD 1.0882 GBP 0.8527
	// 2024-06-05 Wednesday USD 1.0871 GBP 0.8514
	// 2024-06-06 Thursday USD 1.0889 GBP 0.8512
	// 2024-06-07 Friday USD 1.0801 GBP 0.8491
}
