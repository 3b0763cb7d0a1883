package filings_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit"
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

func ExampleClient_CompanyFacts() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	facts, err := c.CompanyFacts(context.Background(), 320193)
	if err != nil {
		log.Fatal(err)
	}
	revenue, ok := facts.Concept("us-gaap", "RevenueFromContractWithCustomerExcludingAssessedTax")
	if !ok {
		log.Fatal("no revenue facts")
	}
	for _, f := range revenue.Units["USD"] {
		fmt.Println(facts.EntityName, f.Start, f.End, f.Val, f.Frame)
	}
	// Output:
	// Apple Inc. 2023-10-01 2024-09-28 391035000000 CY2024
}

func ExampleClient_Frames() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	frame, err := c.Frames(context.Background(), "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range frame.Data {
		fmt.Println(f.CIK, f.EntityName, f.Loc, f.End, f.Val)
	}
	// Output:
	// 0000001750 AAR CORP. US-IL 2019-02-28 218600000
	// 0000320193 Apple Inc. US-CA 2019-03-30 30443000000
}

// A frame of every company's value, read fact by fact as it arrives: a
// frame of thousands of companies needs the memory of one.
func ExampleClient_EachFrameFact() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	byState := map[string]int{}
	for f, err := range c.EachFrameFact(context.Background(), "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I") {
		if err != nil {
			log.Fatal(err)
		}
		byState[f.Loc]++
	}
	fmt.Println(byState["US-CA"], "in California,", byState["US-IL"], "in Illinois")
	// Output:
	// 1 in California, 1 in Illinois
}

func ExampleClient_Tickers() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := c.Tickers(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	aapl, _ := dir.ByTicker("aapl")
	fmt.Println(aapl.Ticker, aapl.CIK, aapl.Title)
	for _, t := range dir.ByName("Berkshire Hathaway Inc") {
		fmt.Println(t.Ticker, t.CIK)
	}
	// Output:
	// AAPL 0000320193 Apple Inc.
	// BRK-B 0001067983
	// BRK-A 0001067983
}

func ExampleClient_TickersExchange() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := c.TickersExchange(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range dir.ByCIK(1067983) {
		fmt.Println(t.Ticker, t.Exchange)
	}
	// Output:
	// BRK-B NYSE
	// BRK-A NYSE
}

// Every filing of a company, the recent ones and then the older files,
// each fetched when the range reaches it; ArchiveURL addresses a document.
func ExampleClient_AllFilings() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	for f, err := range c.AllFilings(context.Background(), 320193) {
		if err != nil {
			log.Fatal(err)
		}
		if f.Form != "10-K" {
			continue
		}
		u, err := filings.ArchiveURL(320193, f.AccessionNumber, f.PrimaryDocument)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(f.FilingDate, u)
	}
	// Output:
	// 2024-11-01 https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm
	// 2013-10-30 https://www.sec.gov/Archives/edgar/data/320193/000119312513416534/d590790d10k.htm
}

// One older file of filings, named as the submissions record lists it.
func ExampleClient_SubmissionsFile() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	co, err := c.Submissions(ctx, 320193)
	if err != nil {
		log.Fatal(err)
	}
	older, err := co.OlderFiles()
	if err != nil {
		log.Fatal(err)
	}
	file, err := c.SubmissionsFile(ctx, older[0].Name)
	if err != nil {
		log.Fatal(err)
	}
	rows, err := file.Rows()
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range rows {
		fmt.Println(f.AccessionNumber, f.Form, f.ReportDate, f.PrimaryDocDescription)
	}
	// Output:
	// 0001193125-13-416534 10-K 2013-09-28 FORM 10-K
	// 0001193125-13-300670 10-Q 2013-06-29 FORM 10-Q
}

// Full-text search: the filings that say a phrase, page after page.
func ExampleClient_FullTextSearch() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := filings.New(srv.Options("filings")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	p := &filings.SearchParams{Forms: []string{"10-K"}, Start: conduit.Date{Year: 2020, Month: 1, Day: 1}}
	r, err := c.FullTextSearch(ctx, "\"Cupertino, California\"", p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Hits.Total.Value, "documents")
	for h, err := range c.AllSearchHits(ctx, "\"Cupertino, California\"", p) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(h.Source.FileDate, h.Source.ADSH, h.Source.FileType, h.Source.DisplayNames[0])
	}
	// Output:
	// 2 documents
	// 2020-10-30 0000320193-20-000096 10-K Apple Inc.  (AAPL)  (CIK 0000320193)
	// 2020-10-30 0000320193-20-000096 EX-21.1 Apple Inc.  (AAPL)  (CIK 0000320193)
}
