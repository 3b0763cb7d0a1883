package fiscal_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func ExampleClient_AllDebtToPenny() {
	srv := replay.Start() // a local stand-in for the live service
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
