// Command sunrise prints the sun times for a place.
//
//	go run ./examples/sunrise -fake  # against conduittest's fake of the service
//	go run ./examples/sunrise -lat 48.85 -lng 2.35
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/sunrise"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	lat := flag.Float64("lat", 51.4779, "latitude")
	lng := flag.Float64("lng", -0.0015, "longitude")
	date := conduit.Date{Year: 2024, Month: time.June, Day: 21}
	flag.TextVar(&date, "date", date, "date, YYYY-MM-DD")
	tz := flag.String("tzid", "", "IANA time zone for the times")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := sunrise.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	day, err := c.Get(ctx, *lat, *lng, &sunrise.GetParams{Date: date, TZID: *tz})
	if err != nil {
		log.Fatal(err)
	}
	r := day.Results
	fmt.Printf("sunrise    %s\nsolar noon %s\nsunset     %s\nday length %s\n", r.Sunrise.Time, r.SolarNoon.Time, r.Sunset.Time, r.DayLength)
}
