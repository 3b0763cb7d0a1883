package fxopen_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxopen"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := fxopen.New(srv.Options("fxopen")...)
	if err != nil {
		log.Fatal(err)
	}
	r, err := c.Latest(context.Background(), "USD")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("1 USD = %v EUR\n", r.Rates["EUR"])
	fmt.Println("as of", r.TimeLastUpdateUnix.Format(time.DateTime), "UTC")
	// The terms ask for this link wherever the rates are shown.
	fmt.Println("rates by", r.Provider)
	// Output:
	// 1 USD = 0.948217 EUR
	// as of 2024-11-18 00:00:01 UTC
	// rates by https://www.exchangerate-api.com
}
