package cryptoprices_test

import (
	"context"
	"fmt"
	"log"
	"math/big"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
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

func ExampleClient_BuyPrice() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := cryptoprices.New(srv.Options("cryptoprices")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	buy, err := c.BuyPrice(ctx, "BTC", "USD")
	if err != nil {
		log.Fatal(err)
	}
	sell, err := c.SellPrice(ctx, "BTC", "USD")
	if err != nil {
		log.Fatal(err)
	}
	then, err := c.SpotPriceOn(ctx, "BTC", "USD", conduit.Date{Year: 2017, Month: 1, Day: 2})
	if err != nil {
		log.Fatal(err)
	}
	spread := new(big.Rat).Sub(buy.Data.Amount.Rat(), sell.Data.Amount.Rat())
	fmt.Println("buy", buy.Data.Amount, "sell", sell.Data.Amount, "spread", spread.FloatString(2), "| spot that day", then.Data.Amount)
	// Output:
	// buy 1020.25 sell 1010.25 spread 10.00 | spot that day 1015.00
}

func ExampleClient_Currencies() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := cryptoprices.New(srv.Options("cryptoprices")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	fiat, err := c.Currencies(ctx)
	if err != nil {
		log.Fatal(err)
	}
	assets, err := c.CryptoCurrencies(ctx)
	if err != nil {
		log.Fatal(err)
	}
	var ids []string
	for _, f := range *fiat.Data {
		ids = append(ids, f.ID)
	}
	fmt.Println(strings.Join(ids, " "))
	for _, a := range *assets.Data {
		fmt.Println(a.Code, a.Name, a.Exponent)
	}
	now, err := c.Time(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(now.Data.ISO.Format(time.RFC3339), now.Data.Epoch)
	// Output:
	// AED AFN EUR USD
	// BTC Bitcoin 8
	// ETH Ethereum 8
	// 2015-06-23T18:02:51Z 1435082571
}
