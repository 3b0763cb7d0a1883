package banklink_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func Example() {
	srv := replay.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := banklink.New(srv.Options("banklink")...) // the sandbox, by default
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	found, err := c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(found.Institutions[0].InstitutionID, found.Institutions[0].Name)

	bal, err := c.GetBalance(ctx, replay.Credential("banklink", "access_token"))
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range bal.Accounts {
		fmt.Printf("%s: current %s %s\n", a.Name, a.Balances.Current, a.Balances.ISOCurrencyCode)
	}
	// Output:
	// ins_109508 First Platypus Bank
	// Platypus Checking: current 110.25 USD
	// Platypus Credit Card: current 9007199254740993.27 USD
}
