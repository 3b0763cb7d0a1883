package banklink_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
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

	token, _ := conduittest.Credential("banklink", "access_token") // the fake's sandbox token
	bal, err := c.GetBalance(ctx, token)
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
