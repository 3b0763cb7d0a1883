package sunrise_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/sunrise"
)

func Example() {
	srv := replay.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := sunrise.New(srv.Options("sunrise")...)
	if err != nil {
		log.Fatal(err)
	}
	day, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sunrise", day.Results.Sunrise.Format("15:04:05 MST"))
	fmt.Println("day length", day.Results.DayLength)
	// Output:
	// sunrise 03:43:32 UTC
	// day length 16h38m9s
}
