// Command filings prints a company's record and the facts it filed for one
// XBRL concept.
//
//	go run ./examples/filings -fake  # against conduittest's fake of the service
//	CONDUIT_FILINGS_USER_AGENT="Example Corp admin@example.com" \
//	  go run ./examples/filings -cik 320193 -tag AccountsPayableCurrent
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/filings"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	cik := flag.Int64("cik", 320193, "company key number (CIK)")
	taxonomy := flag.String("taxonomy", "us-gaap", "XBRL taxonomy")
	tag := flag.String("tag", "AccountsPayableCurrent", "XBRL concept tag")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := filings.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	co, err := c.Submissions(ctx, filings.CIK(*cik))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s  CIK %s  %s  SIC %s %s\n", co.Name, co.CIK, strings.Join(co.Tickers, ","), co.SIC, co.SICDescription)
	concept, err := c.CompanyConcept(ctx, co.CIK, *taxonomy, *tag)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s (%s:%s)\n", concept.Label, concept.Taxonomy, concept.Tag)
	for unit, facts := range concept.Units {
		for _, f := range facts {
			fmt.Printf("  %s  %-6s %-4s %20s %s  %s\n", f.End, f.Form, f.FP, f.Val, unit, f.Frame)
		}
	}
}
