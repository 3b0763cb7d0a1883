package sunrise_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/sunrise"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := sunrise.New(srv.Options("sunrise")...)
	if err != nil {
		log.Fatal(err)
	}
	day, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sunrise", day.Results.Sunrise.Format("15:04:05 MST"))
	fmt.Println("day length", day.Results.DayLength)
	if day.Results.AstronomicalTwilightBegin.IsZero() {
		fmt.Println("no astronomical night")
	}
	// Output:
	// sunrise 03:43:32 UTC
	// day length 16h38m9s
	// no astronomical night
}

// With Formatted the service sends clock times, read in the zone asked for.
func ExampleClient_Get_formatted() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := sunrise.New(srv.Options("sunrise")...)
	if err != nil {
		log.Fatal(err)
	}
	day, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{
		Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}, Formatted: true, TZID: "Europe/London"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(day.Results.Sunrise.Clock, "is", day.Results.Sunrise.UTC().Format(time.RFC3339))
	// Output:
	// 4:43:32 AM is 2024-06-21T03:43:32Z
}
