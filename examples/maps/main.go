// Command maps geocodes an address, searches places by text and computes a
// route.
//
//	go run ./examples/maps -fake  # against conduittest's fake of the service
//	CONDUIT_MAPS_API_KEY=… CONDUIT_MAPS_PLACES_URL=https://… \
//	  CONDUIT_MAPS_ROUTES_URL=https://… go run ./examples/maps -address "10 Downing St, London"
//
// An empty -text or -to skips that operation, and its host is then not needed.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/maps"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	address := flag.String("address", "1600 Amphitheatre Parkway, Mountain View, CA", "address to geocode, and the route's origin")
	text := flag.String("text", "amphitheatre in Mountain View", "text to search places for")
	to := flag.String("to", "450 Serra Mall, Stanford, CA", "route destination")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := maps.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	geo, err := c.Geocode(ctx, *address, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range geo.Results {
		fmt.Printf("geocode  %s (%.6f, %.6f)\n", r.FormattedAddress, r.Geometry.Location.Lat, r.Geometry.Location.Lng)
	}
	if *text != "" {
		found, err := c.SearchText(ctx, *text, nil)
		if err != nil {
			log.Fatal(err)
		}
		for _, p := range found.Places {
			fmt.Printf("place    %s, %s, rated %.1f\n", p.DisplayName.Text, p.FormattedAddress, p.Rating)
		}
	}
	if *to != "" {
		routes, err := c.ComputeRoutes(ctx, *address, *to, nil)
		if err != nil {
			log.Fatal(err)
		}
		for _, r := range routes.Routes {
			fmt.Printf("route    %.1f km, %v by car\n", float64(r.DistanceMeters)/1000, r.Duration.Duration)
		}
	}
}
