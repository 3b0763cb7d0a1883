// Command fxopen prints today's rates for a base currency.
//
//	go run ./examples/fxopen -fake  # against conduittest's fake of the service
//	go run ./examples/fxopen -base EUR GBP JPY
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxopen"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	base := flag.String("base", "USD", "base currency code")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := fxopen.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := c.Latest(ctx, *base)
	if err != nil {
		log.Fatal(err)
	}
	codes := flag.Args()
	if len(codes) == 0 {
		codes = []string{"EUR", "GBP", "JPY"}
	}
	for _, code := range codes {
		if rate, ok := r.Rates[code]; ok {
			fmt.Printf("1 %s = %v %s\n", r.BaseCode, rate, code)
		} else {
			fmt.Printf("no rate for %s\n", code)
		}
	}
	fmt.Printf("published %s, next %s\n", r.TimeLastUpdateUnix.Format(time.RFC1123), r.TimeNextUpdateUnix.Format(time.RFC1123))
	// The provider's terms ask for this attribution wherever rates are shown.
	fmt.Println("Rates by", r.Provider)
}
