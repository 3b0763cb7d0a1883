package maps_test

import (
	"context"
	"fmt"
	"image/png"
	"log"
	"net/url"

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
	geo, err := c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA", nil)
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

func ExampleClient_ReverseGeocode() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	geo, err := c.ReverseGeocode(context.Background(), maps.LatLng{Lat: 40.714224, Lng: -73.961452},
		&maps.ReverseGeocodeParams{LocationTypes: []maps.LocationType{maps.Rooftop, maps.Approximate}})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range geo.Results {
		fmt.Printf("%s (%s)\n", r.FormattedAddress, r.Geometry.LocationType)
	}
	// Output:
	// 277 Bedford Ave, Brooklyn, NY 11211, USA (ROOFTOP)
	// Williamsburg, Brooklyn, NY, USA (APPROXIMATE)
}

// A search box: each keystroke's Autocomplete and the PlaceDetails of the
// place picked share one session token, so the service bills them as one.
func ExampleClient_Autocomplete() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	session := maps.NewSessionToken()
	got, err := c.Autocomplete(ctx, "Amoeba", &maps.AutocompleteParams{SessionToken: session, IncludeQueryPredictions: true})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range got.Suggestions {
		if s.QueryPrediction != nil {
			fmt.Println("query:", s.QueryPrediction.Text.Text)
			continue
		}
		f := s.PlacePrediction.StructuredFormat
		fmt.Printf("place: %s — %s\n", f.MainText.Text, f.SecondaryText.Text)
	}
	place, err := c.PlaceDetails(ctx, "ChIJj61dQgK6j4AR4GeTYWZsKWw", &maps.PlaceDetailsParams{SessionToken: session})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("picked %s, rated %.1f\n", place.DisplayName.Text, place.Rating)
	// Output:
	// place: Amoeba Music — Haight Street, San Francisco, CA, USA
	// place: Amoeba Music — Telegraph Avenue, Berkeley, CA, USA
	// query: Amoeba Music near me
	// picked Googleplex, rated 4.5
}

func ExampleClient_SearchNearby() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	near := maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500}
	found, err := c.SearchNearby(context.Background(), near, &maps.SearchNearbyParams{
		IncludedTypes: []string{"restaurant"}, MaxResultCount: 3, FieldMask: maps.FieldMask{"places.displayName"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(found.Places), "places, first", found.Places[0].DisplayName.Text)
	// Output:
	// 5 places, first La Mar Cocina Peruana
}

func ExampleClient_AllSearchText() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	for p, err := range c.AllSearchText(context.Background(), "amphitheatre in Mountain View", &maps.SearchTextParams{PageSize: 3}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(p.DisplayName.Text)
	}
	// Output:
	// Googleplex
	// Shoreline Amphitheatre
	// Charleston Park
	// Computer History Museum
}

// Each element arrives as the service computes it, in no set order.
func ExampleClient_ComputeRouteMatrix() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	at := func(lat, lng float64) maps.Waypoint {
		return maps.Waypoint{Location: &maps.Location{Latitude: lat, Longitude: lng}}
	}
	origins := []maps.Waypoint{at(37.420761, -122.081356), at(37.403184, -122.097371)}
	destinations := []maps.Waypoint{at(37.420999, -122.086894), at(37.383047, -122.044651)}
	for el, err := range c.ComputeRouteMatrix(context.Background(), origins, destinations, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d→%d: %d m in %v\n", el.OriginIndex, el.DestinationIndex, el.DistanceMeters, el.Duration.Duration)
	}
	// Output:
	// 0→0: 822 m in 2m40s
	// 1→0: 2919 m in 6m1s
	// 1→1: 5598 m in 6m42s
	// 0→1: 7259 m in 11m52s
}

// A place's photo, named as its photos[].name gives it: the image, or
// only where it is served.
func ExampleClient_PlacePhoto() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := maps.New(srv.Options("maps")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	name := "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/photos/AUc7tXWp1Jx0eQ8h0Cbs9vyAFTdS1cDT5dRsyOaN6RjT4S2hNWyp1yjeH0Xw6LQn"
	ph, err := c.PlacePhoto(ctx, name, maps.PhotoParams{MaxWidthPx: 400})
	if err != nil {
		log.Fatal(err)
	}
	defer ph.Body.Close()
	img, err := png.Decode(ph.Body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ph.ContentType, img.Bounds().Dx(), "x", img.Bounds().Dy())
	at, err := c.PlacePhotoURI(ctx, name, maps.PhotoParams{MaxWidthPx: 400})
	if err != nil {
		log.Fatal(err)
	}
	u, err := url.Parse(at.PhotoURI)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.Host)
	// Output:
	// image/png 4 x 3
	// lh3.googleusercontent.com
}

// The example of Google's description of the format.
func ExampleDecodePolyline() {
	points, err := maps.DecodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(points)
	// Output:
	// [{38.5 -120.2} {40.7 -120.95} {43.252 -126.453}]
}
