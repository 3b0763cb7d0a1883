package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/maps"
)

func init() {
	notes = append(notes,
		noted("maps", "Geocode", maps.New).auth("query key").rejects("address", func(ctx context.Context, c *maps.Client) error {
			return discard(c.Geocode(ctx, "", nil))
		}),
		noted("maps", "SearchText", maps.New).auth("header X-Provider-Api-Key").rejects("textQuery", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "\t", nil))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{}}))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{"places.id,places.name"}}))
		}).rejects("pageSize", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{PageSize: 21}))
		}),
		noted("maps", "ComputeRoutes", maps.New).auth("header X-Provider-Api-Key").rejects("origin", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "", "Lyon, France", nil))
		}).rejects("destination", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", " ", nil))
		}).rejects("travelMode", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{TravelMode: "drive"}))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{FieldMask: maps.FieldMask{""}}))
		}).rejects("routingPreference", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{TravelMode: maps.Walk, RoutingPreference: maps.TrafficAware}))
		}).rejects("intermediates", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{Intermediates: []maps.Waypoint{{Address: "Dijon", PlaceID: "ChIJ"}}}))
		}).rejects("units", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{Units: "metric"}))
		}).rejects("origin", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{Origin: &maps.Waypoint{PlaceID: "ChIJ"}}))
		}),
		noted("maps", "ReverseGeocode", maps.New).auth("query key").rejects("latlng", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ReverseGeocode(ctx, maps.LatLng{Lat: 91, Lng: 0}, nil))
		}).rejects("result_type", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ReverseGeocode(ctx, maps.LatLng{}, &maps.ReverseGeocodeParams{ResultTypes: []string{"street_address|route"}}))
		}).rejects("location_type", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ReverseGeocode(ctx, maps.LatLng{}, &maps.ReverseGeocodeParams{LocationTypes: []maps.LocationType{"rooftop"}}))
		}),
		noted("maps", "PlaceDetails", maps.New).auth("header X-Provider-Api-Key").rejects("id", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlaceDetails(ctx, "places/", nil))
		}).rejects("id", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlaceDetails(ctx, "ChIJ/../x", nil))
		}).rejects("sessionToken", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlaceDetails(ctx, "ChIJ", &maps.PlaceDetailsParams{SessionToken: "a token"}))
		}),
		noted("maps", "PlacePhoto", maps.New).auth("header X-Provider-Api-Key").returns(binary).rejects("name", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhoto(ctx, "ChIJj61dQgK6j4AR4GeTYWZsKWw", maps.PhotoParams{MaxWidthPx: 400}))
		}).rejects("name", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhoto(ctx, "places/ChIJ/photos/..", maps.PhotoParams{MaxWidthPx: 400}))
		}).rejects("maxWidthPx", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhoto(ctx, mapsPhoto, maps.PhotoParams{}))
		}).rejects("maxHeightPx", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhoto(ctx, mapsPhoto, maps.PhotoParams{MaxHeightPx: 4801}))
		}),
		noted("maps", "PlacePhotoURI", maps.New).auth("header X-Provider-Api-Key").rejects("name", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhotoURI(ctx, "places/ChIJ/photos/x/media", maps.PhotoParams{MaxWidthPx: 1}))
		}).rejects("maxWidthPx", func(ctx context.Context, c *maps.Client) error {
			return discard(c.PlacePhotoURI(ctx, mapsPhoto, maps.PhotoParams{MaxWidthPx: -1}))
		}),
		noted("maps", "SearchNearby", maps.New).auth("header X-Provider-Api-Key").rejects("locationRestriction", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchNearby(ctx, maps.Circle{Radius: 50001}, nil))
		}).rejects("maxResultCount", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchNearby(ctx, maps.Circle{Radius: 500}, &maps.SearchNearbyParams{MaxResultCount: 21}))
		}),
		noted("maps", "Autocomplete", maps.New).auth("header X-Provider-Api-Key").rejects("input", func(ctx context.Context, c *maps.Client) error {
			return discard(c.Autocomplete(ctx, " ", nil))
		}).rejects("includedPrimaryTypes", func(ctx context.Context, c *maps.Client) error {
			return discard(c.Autocomplete(ctx, "Amoeba", &maps.AutocompleteParams{IncludedPrimaryTypes: make([]string, 6)}))
		}),
		noted("maps", "ComputeRouteMatrix", maps.New).returns(stream).auth("header X-Provider-Api-Key").rejects("origins", func(ctx context.Context, c *maps.Client) error {
			return drain(c.ComputeRouteMatrix(ctx, nil, []maps.Waypoint{{Address: "x"}}, nil))
		}).rejects("destinations", func(ctx context.Context, c *maps.Client) error {
			return drain(c.ComputeRouteMatrix(ctx, make([]maps.Waypoint, 26), make([]maps.Waypoint, 25), nil))
		}).rejects("origins[0]", func(ctx context.Context, c *maps.Client) error {
			return drain(c.ComputeRouteMatrix(ctx, []maps.Waypoint{{}}, []maps.Waypoint{{Address: "x"}}, nil))
		}),
	)
}

// mapsPhoto is a photo name as a place's photos[].name gives it.
const mapsPhoto = "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/photos/AUc7tXWp1Jx0eQ8h0Cbs9vyAFTdS1cDT5dRsyOaN6RjT4S2hNWyp1yjeH0Xw6LQn"
