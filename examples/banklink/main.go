// Command banklink searches institutions and prints the balances of a linked
// account.
//
//	go run ./examples/banklink -fake  # against conduittest's fake of the service
//	CONDUIT_BANKLINK_CLIENT_ID=… CONDUIT_BANKLINK_SECRET=… \
//	  go run ./examples/banklink -query "first platypus" -access-token access-sandbox-…
//
// CONDUIT_BANKLINK_ENVIRONMENT=production switches to CONDUIT_BANKLINK_BANK_PRODUCTION_URL.
// The access token defaults to $CONDUIT_BANKLINK_ACCESS_TOKEN, this
// example's own setting (the package takes a token per call), and with
// -fake to the token the fake accepts.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	query := flag.String("query", "platypus", "institution name to search for")
	countries := flag.String("countries", "US", "comma-separated country codes")
	token := flag.String("access-token", "", "access token of a linked account (default $CONDUIT_BANKLINK_ACCESS_TOKEN)")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
		if *token == "" {
			*token = conduittest.Credential("banklink", "access_token")
		}
	}
	if *token == "" {
		*token = os.Getenv("CONDUIT_BANKLINK_ACCESS_TOKEN")
	}
	c, err := banklink.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var codes []banklink.CountryCode
	for _, cc := range strings.Split(*countries, ",") {
		codes = append(codes, banklink.CountryCode(strings.ToUpper(strings.TrimSpace(cc))))
	}
	found, err := c.SearchInstitutions(ctx, *query, &banklink.SearchInstitutionsParams{CountryCodes: codes})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d institutions match %q\n", c.Environment(), len(found.Institutions), *query)
	for _, in := range found.Institutions {
		fmt.Printf("  %-12s %s %v\n", in.InstitutionID, in.Name, in.Products)
	}
	if *token == "" {
		return
	}
	bal, err := c.GetBalance(ctx, *token)
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range bal.Accounts {
		fmt.Printf("  %-24s available %-20s current %s %s\n", a.Name, orUnknown(a.Balances.Available), orUnknown(a.Balances.Current), a.Balances.ISOCurrencyCode)
	}
}

func orUnknown(a conduit.Decimal) string {
	if a.IsZero() {
		return "unknown"
	}
	return a.String()
}
