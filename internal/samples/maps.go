package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/maps"
)

// mapsPhoto is a photo name as a place's photos[].name gives it.
const mapsPhoto = "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/photos/AUc7tXWp1Jx0eQ8h0Cbs9vyAFTdS1cDT5dRsyOaN6RjT4S2hNWyp1yjeH0Xw6LQn"

func init() {
	add("maps", maps.New, []row[*maps.Client]{
		{"Geocode", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA", nil)
			return answer(r, func() any { return r.Results[0].FormattedAddress }), err
		}},
		{"SearchText", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.SearchText(ctx, "amphitheatre in Mountain View", nil)
			return answer(r, func() any { return r.Places[0].DisplayName.Text }), err
		}},
		{"ComputeRoutes", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.ComputeRoutes(ctx, "Mountain View, CA", "Stanford, CA", nil)
			return answer(r, func() any { return r.Routes[0].DistanceMeters }), err
		}},
		{"ReverseGeocode", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.ReverseGeocode(ctx, maps.LatLng{Lat: 40.714224, Lng: -73.961452}, nil)
			return answer(r, func() any { return r.Results[0].FormattedAddress }), err
		}},
		{"PlaceDetails", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.PlaceDetails(ctx, "ChIJj61dQgK6j4AR4GeTYWZsKWw", nil)
			return answer(r, func() any { return r.DisplayName.Text }), err
		}},
		{"SearchNearby", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.SearchNearby(ctx, maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500}, nil)
			return answer(r, func() any { return r.Places[0].DisplayName.Text }), err
		}},
		{"Autocomplete", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			r, err := cl.Autocomplete(ctx, "Amoeba", nil)
			return answer(r, func() any { return r.Suggestions[0].PlacePrediction.PlaceID }), err
		}},
		{"PlacePhoto", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			ph, err := cl.PlacePhoto(ctx, mapsPhoto, maps.PhotoParams{MaxWidthPx: 400})
			if err != nil {
				return Answer{}, err
			}
			return imageBody(ph.Body)
		}},
		{"PlacePhotoURI", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			m, err := cl.PlacePhotoURI(ctx, mapsPhoto, maps.PhotoParams{MaxHeightPx: 4800})
			return answer(m, func() any { return m.PhotoURI }), err
		}},
		{"ComputeRouteMatrix", func(ctx context.Context, cl *maps.Client) (Answer, error) {
			here := []maps.Waypoint{{Location: &maps.Location{Latitude: 37.420761, Longitude: -122.081356}}}
			return eachRead(cl.ComputeRouteMatrix(ctx, here, here, nil), func(els []maps.RouteMatrixElement) any {
				meters := 0
				for _, el := range els {
					meters += el.DistanceMeters
				}
				return meters
			})
		}},
	})
}
