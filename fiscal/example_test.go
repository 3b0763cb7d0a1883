package fiscal_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fiscal"
)

func ExampleClient_AllDebtToPenny() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for rec, err := range c.AllDebtToPenny(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: 3}) {
		if err != nil {
			log.Fatal(err)
		}
		total, err := rec.TotPubDebtOutAmt.Amount()
		switch {
		case errors.Is(err, fiscal.ErrNull):
			fmt.Println(rec.RecordDate, "no total recorded")
		case err != nil:
			log.Fatal(err)
		default:
			fmt.Println(rec.RecordDate, total.Rat().FloatString(2))
		}
	}
	// Output:
	// 2024-06-28 34831240048132.68
	// 2024-06-27 34795615142186.72
	// 2024-06-26 34778939153911.87
	// 2024-06-25 34760947287133.46
	// 2024-06-24 34766959617307.52
	// 2024-06-21 34772707487515.87
	// 2024-06-20 no total recorded
}

func ExampleClient_DebtToPenny() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.DebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_date", PageSize: 3})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page.Meta.Count, "of", page.Meta.TotalCount, "records; the first dated", page.Data[0].RecordDate)
	// Output:
	// 3 of 7 records; the first dated 2024-06-28
}

func ExampleClient_AllAvgInterestRates() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for rec, err := range c.AllAvgInterestRates(context.Background(), &fiscal.PageParams{Sort: "-record_date"}) {
		if err != nil {
			log.Fatal(err)
		}
		if n++; n > 2 {
			break // stopping early sends no further page requests
		}
		rate, err := rec.AvgInterestRateAmt.Percentage()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %s%%\n", rec.SecurityDesc, rate)
	}
	// Output:
	// Treasury Bills 5.326%
	// Treasury Notes 2.699%
}

// Any dataset endpoint, with fields, filters and sort; each Row reads its
// values by the page's column types.
func ExampleClient_Query() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.Query(context.Background(), "v1/accounting/od/rates_of_exchange", &fiscal.Query{
		Fields:   []string{"record_date", "country_currency_desc", "exchange_rate"},
		Filters:  []fiscal.Filter{fiscal.Gte("record_date", "2024-01-01"), fiscal.In("country", "Canada", "Euro Zone")},
		Sort:     []string{"-record_date"},
		PageSize: 2,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, row := range page.Data {
		typed, err := row.Typed()
		if err != nil {
			log.Fatal(err)
		}
		rate := typed["exchange_rate"].(conduit.Decimal)
		fmt.Println(typed["record_date"], typed["country_currency_desc"], rate, row.DataType("exchange_rate"))
	}
	// Output:
	// 2024-12-31 Canada-Dollar 1.437 NUMBER
	// 2024-12-31 Euro Zone-Euro 0.961 NUMBER
}

// Every record of a query, page after page, decoded into the caller's own
// struct.
func ExampleClient_AllQuery() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	var rate struct {
		Desc string `json:"country_currency_desc"`
		Rate string `json:"exchange_rate"`
	}
	for row, err := range c.AllQuery(context.Background(), "v1/accounting/od/rates_of_exchange", &fiscal.Query{PageSize: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		if err := row.Decode(&rate); err != nil {
			log.Fatal(err)
		}
		fmt.Println(rate.Desc, rate.Rate)
	}
	// Output:
	// Canada-Dollar 1.437
	// Euro Zone-Euro 0.961
	// Japan-Yen 156.9
	// Mexico-Peso 20.793
}

func ExampleClient_RatesOfExchange() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.RatesOfExchange(context.Background(), &fiscal.Query{
		Filters: []fiscal.Filter{fiscal.Eq("record_date", "2024-12-31")}, PageSize: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range page.Data {
		fmt.Println(r.CountryCurrencyDesc, r.ExchangeRate, r.EffectiveDate)
	}
	// Output:
	// Canada-Dollar 1.437 2024-12-31
	// Euro Zone-Euro 0.961 2024-12-31
}

func ExampleClient_AllRatesOfExchange() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	for r, err := range c.AllRatesOfExchange(context.Background(), &fiscal.Query{PageSize: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.Currency, r.ExchangeRate)
	}
	// Output:
	// Dollar 1.437
	// Euro 0.961
	// Yen 156.9
	// Peso 20.793
}

func ExampleClient_DebtOutstanding() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.DebtOutstanding(context.Background(), &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 3})
	if err != nil {
		log.Fatal(err)
	}
	latest, err := page.Data[0].DebtOutstandingAmt.Amount()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page.Data[0].RecordFiscalYear, latest)
	// Output:
	// 2024 35464673929626.19
}

func ExampleClient_AllDebtOutstanding() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	for r, err := range c.AllDebtOutstanding(context.Background(), &fiscal.Query{Sort: []string{"-record_date"}}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.RecordDate, r.DebtOutstandingAmt)
	}
	// Output:
	// 2024-09-30 35464673929626.19
	// 2023-09-30 33167334719759.82
	// 2022-09-30 30928911613306.73
}

// A statement's summary lines; heading lines carry "null" amounts.
func ExampleClient_MTSSummary() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.MTSSummary(context.Background(), &fiscal.Query{Filters: []fiscal.Filter{fiscal.Eq("record_date", "2026-03-31")}})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range page.Data {
		deficit, err := r.CurrentMonthDfctSurAmt.Amount()
		if errors.Is(err, fiscal.ErrNull) {
			fmt.Println(r.ClassificationDesc, "(heading)")
			continue
		}
		fmt.Println(r.ClassificationDesc, deficit)
	}
	// Output:
	// FY 2026 (heading)
	// October 257450036967.21
	// Year-to-Date 1775369189818.35
}

func ExampleClient_AllMTSSummary() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for _, err := range c.AllMTSSummary(context.Background(), &fiscal.Query{Filters: []fiscal.Filter{fiscal.Eq("record_date", "2026-03-31")}}) {
		if err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Println(n, "lines")
	// Output:
	// 3 lines
}

// A page of up to 10,000 records read one by one as it arrives: the loop
// needs the memory of one record, not of the page.
func ExampleClient_EachDebtToPennyRecord() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for rec, err := range c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{Sort: "-record_date", PageSize: 10000}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(rec.RecordDate, rec.TotPubDebtOutAmt)
	}
	for rec, err := range c.EachAvgInterestRate(ctx, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(rec.SecurityDesc, rec.AvgInterestRateAmt)
		break // the rest of the page is not read
	}
	// Output:
	// 2024-06-28 34831240048132.68
	// 2024-06-27 34795615142186.72
	// 2024-06-26 34778939153911.87
	// Treasury Bills 5.326
}

// Rows of any dataset, read as the page arrives. The page's meta comes
// after its data, so the rows carry no column types: read each value with
// the accessor its column needs.
func ExampleClient_EachQueryRow() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	for row, err := range c.EachQueryRow(context.Background(), "v1/accounting/od/rates_of_exchange", &fiscal.Query{
		Filters: []fiscal.Filter{fiscal.Eq("record_date", "2024-12-31")}, PageSize: 10000}) {
		if err != nil {
			log.Fatal(err)
		}
		rate, err := row.Values["exchange_rate"].Amount()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(row.Values["country_currency_desc"], rate)
	}
	// Output:
	// Canada-Dollar 1.437
	// Euro Zone-Euro 0.961
}

// The other typed datasets' pages, each read record by record.
func ExampleClient_EachRateOfExchange() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := fiscal.New(srv.Options("fiscal")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for r, err := range c.EachRateOfExchange(ctx, &fiscal.Query{Filters: []fiscal.Filter{fiscal.Eq("record_date", "2024-12-31")}}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.CountryCurrencyDesc, r.ExchangeRate)
	}
	for r, err := range c.EachDebtOutstandingRecord(ctx, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(r.RecordFiscalYear, r.DebtOutstandingAmt)
	}
	lines := 0
	for _, err := range c.EachMTSSummaryRecord(ctx, nil) {
		if err != nil {
			log.Fatal(err)
		}
		lines++
	}
	fmt.Println(lines, "summary lines")
	// Output:
	// Canada-Dollar 1.437
	// Euro Zone-Euro 0.961
	// 2024 35464673929626.19
	// 2023 33167334719759.82
	// 2022 30928911613306.73
	// 3 summary lines
}
