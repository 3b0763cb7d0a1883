package cryptoprices_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/cryptoprices"
)

func ExampleClient_SpotPrice() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := cryptoprices.New(srv.Options("cryptoprices")...)
	if err != nil {
		log.Fatal(err)
	}
	p, err := c.SpotPrice(context.Background(), "BTC", "USD")
	if err != nil {
		log.Fatal(err)
	}
	amount := p.Data.Amount.Rat()
	fmt.Println("as sent:", p.Data.Amount)
	fmt.Println("rounded:", amount.FloatString(2), p.Data.Currency)
	// Output:
	// as sent: 64123.4500000001
	// rounded: 64123.45 USD
}
