package maps_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/maps"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the three hosts
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	geo, err := c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA")
	if err != nil {
		log.Fatal(err)
	}
	loc := geo.Results[0].Geometry.Location
	fmt.Printf("%s at %.4f,%.4f\n", geo.Results[0].FormattedAddress, loc.Lat, loc.Lng)

	found, err := c.SearchText(ctx, "amphitheatre in Mountain View", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s, rated %.1f\n", found.Places[0].DisplayName.Text, found.Places[0].Rating)

	routes, err := c.ComputeRoutes(ctx, "1600 Amphitheatre Parkway, Mountain View, CA", "450 Serra Mall, Stanford, CA",
		&maps.ComputeRoutesParams{TravelMode: maps.Drive, FieldMask: maps.RoutesFieldMask()})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d m in %v\n", routes.Routes[0].DistanceMeters, routes.Routes[0].Duration.Duration)
	// Output:
	// 1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA at 37.4224,-122.0842
	// Googleplex, rated 4.5
	// 12794 m in 18m16s
}
