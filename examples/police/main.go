// Command police lists the forces, the street crimes near a point, and the
// neighbourhood team that covers it.
//
//	go run ./examples/police -fake  # against conduittest's fake of the service
//	go run ./examples/police -lat 51.5074 -lng -0.1278 -month 2024-01
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/police"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	lat := flag.Float64("lat", 52.629729, "latitude")
	lng := flag.Float64("lng", -1.131592, "longitude")
	month := flag.String("month", "", "YYYY-MM; empty for the latest month")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := police.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	forces, err := c.Forces(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d forces, e.g. %s (%s)\n", len(forces), forces[0].Name, forces[0].ID)
	crimes, err := c.StreetCrimes(ctx, *lat, *lng, &police.StreetCrimesParams{Month: *month})
	if err != nil {
		log.Fatal(err)
	}
	for _, cr := range crimes {
		fmt.Printf("%s  %-22s %s (%s, %s)\n", cr.Month, cr.Category, cr.Location.Street.Name, cr.Location.Latitude, cr.Location.Longitude)
	}
	at, err := c.LocateNeighbourhood(ctx, *lat, *lng)
	if err != nil {
		log.Fatal(err)
	}
	hood, err := c.Neighbourhood(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	team, err := c.NeighbourhoodTeam(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("neighbourhood %s (%s/%s), %d officers, telephone %s\n", hood.Name, at.Force, at.Neighbourhood, len(team), hood.ContactDetails.Telephone)
}
