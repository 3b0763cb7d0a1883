package main

import (
	"context"
	"io"

	"github.com/conduit-sdk/conduit/maps"
)

func init() {
	register("maps", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := maps.New()
		if err != nil {
			return err
		}
		const from, to = "1600 Amphitheatre Parkway, Mountain View, CA", "450 Serra Mall, Stanford, CA"
		geo, err := c.Geocode(ctx, from, nil)
		if err != nil {
			return err
		}
		g := geo.Results[0]
		say("Geocode", "%s at %.5f,%.5f (%s)", g.FormattedAddress, g.Geometry.Location.Lat, g.Geometry.Location.Lng, g.Geometry.LocationType)
		found, err := c.SearchText(ctx, "amphitheatre in Mountain View", nil)
		if err != nil {
			return err
		}
		p := found.Places[0]
		say("SearchText", "%d places, first %q rated %.1f", len(found.Places), p.DisplayName.Text, p.Rating)
		// The places and routes hosts return only the fields a mask names:
		// start from an operation's default mask and add to it.
		say("PlacesFieldMask", "SearchText's default: %s", maps.PlacesFieldMask())
		rated := append(maps.PlacesFieldMask(), "places.userRatingCount")
		places, err := take(c.AllSearchText(ctx, "amphitheatre in Mountain View", &maps.SearchTextParams{FieldMask: rated}), 10)
		if err != nil {
			return err
		}
		lastPlace := places[len(places)-1]
		say("AllSearchText", "%d places seen over both pages, first %q from %d ratings, last %q", len(places), places[0].DisplayName.Text, places[0].UserRatingCount, lastPlace.DisplayName.Text)
		withShape := append(maps.RoutesFieldMask(), "routes.polyline.encodedPolyline")
		say("RoutesFieldMask", "ComputeRoutes' default: %s; this one adds the shape", maps.RoutesFieldMask())
		routes, err := c.ComputeRoutes(ctx, from, to, &maps.ComputeRoutesParams{FieldMask: withShape})
		if err != nil {
			return err
		}
		say("ComputeRoutes", "%d m in %v by %s", routes.Routes[0].DistanceMeters, routes.Routes[0].Duration.Duration, maps.Drive)
		shape, err := maps.DecodePolyline(routes.Routes[0].Polyline.EncodedPolyline)
		if err != nil {
			return err
		}
		say("DecodePolyline", "the route's shape has %d points, from %v to %v", len(shape), shape[0], shape[len(shape)-1])
		back, err := c.ReverseGeocode(ctx, g.Geometry.Location, &maps.ReverseGeocodeParams{ResultTypes: []string{"street_address"}})
		if err != nil {
			return err
		}
		say("ReverseGeocode", "%.5f,%.5f is %s", g.Geometry.Location.Lat, g.Geometry.Location.Lng, back.Results[0].FormattedAddress)
		session := maps.NewSessionToken()
		typed, err := c.Autocomplete(ctx, "Amoeba", &maps.AutocompleteParams{SessionToken: session})
		if err != nil {
			return err
		}
		pick := typed.Suggestions[0].PlacePrediction
		say("Autocomplete", "%d suggestions, first %q", len(typed.Suggestions), pick.Text.Text)
		place, err := c.PlaceDetails(ctx, pick.PlaceID, &maps.PlaceDetailsParams{SessionToken: session})
		if err != nil {
			return err
		}
		say("PlaceDetails", "%s: %s", place.ID, place.DisplayName.Text)
		say("PlaceDetailsFieldMask", "PlaceDetails' default, without the places. prefix: %s", maps.PlaceDetailsFieldMask())
		photo := "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/photos/AUc7tXWp1Jx0eQ8h0Cbs9vyAFTdS1cDT5dRsyOaN6RjT4S2hNWyp1yjeH0Xw6LQn"
		ph, err := c.PlacePhoto(ctx, photo, maps.PhotoParams{MaxWidthPx: 400})
		if err != nil {
			return err
		}
		size, err := io.Copy(io.Discard, ph.Body)
		ph.Body.Close()
		if err != nil {
			return err
		}
		say("PlacePhoto", "%s, %d bytes", ph.ContentType, size)
		at, err := c.PlacePhotoURI(ctx, photo, maps.PhotoParams{MaxWidthPx: 400})
		if err != nil {
			return err
		}
		say("PlacePhotoURI", "served at %s", at.PhotoURI)
		near, err := c.SearchNearby(ctx, maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500},
			&maps.SearchNearbyParams{IncludedTypes: []string{"restaurant"}, RankPreference: maps.ByDistance})
		if err != nil {
			return err
		}
		say("SearchNearby", "%d restaurants within 500 m, nearest %q", len(near.Places), near.Places[0].DisplayName.Text)
		stops := []maps.Waypoint{{Address: from}, {Address: to}}
		say("RouteMatrixFieldMask", "ComputeRouteMatrix's default: %s", maps.RouteMatrixFieldMask())
		n := 0
		for el, err := range c.ComputeRouteMatrix(ctx, stops, stops, nil) {
			if err != nil {
				return err
			}
			n++
			if n == 1 {
				say("ComputeRouteMatrix", "first element %d→%d: %d m", el.OriginIndex, el.DestinationIndex, el.DistanceMeters)
			}
		}
		return nil
	})
}
