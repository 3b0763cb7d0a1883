package fiscal_test

import (
	"context"
	"errors"
	"fmt"
	"log"

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
