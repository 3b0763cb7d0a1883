package filings_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/filings"
)

func ExampleClient_CompanyConcept() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...) // in real use: filings.WithContact("Example Corp admin@example.com")
	if err != nil {
		log.Fatal(err)
	}
	concept, err := c.CompanyConcept(context.Background(), 320193, "us-gaap", "AccountsPayableCurrent")
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range concept.Units["USD"][3:] {
		fmt.Println(f.End, f.Form, f.Val, f.Frame)
	}
	// Output:
	// 2023-09-30 10-K 62611000000 CY2023Q3I
	// 2023-12-30 10-Q 58146000000 CY2023Q4I
	// 2024-03-30 10-Q 45753000000 CY2024Q1I
}

func ExampleClient_Submissions() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	co, err := c.Submissions(context.Background(), 320193)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(co.CIK, co.Name, co.Tickers, co.SICDescription)
	// Output:
	// 0000320193 Apple Inc. [AAPL] Electronic Computers
}
