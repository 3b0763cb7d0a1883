package maps_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

func TestComputeRoutesSendsStopsTimeModifiersAndUnits(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"routes":[]}`})
	leave := time.Date(2026, 12, 1, 9, 30, 0, 0, time.FixedZone("CET", 3600))
	_, err := c.ComputeRoutes(context.Background(), "Paris", "Lyon", &maps.ComputeRoutesParams{
		Intermediates: []maps.Waypoint{
			{Address: "Dijon", Via: true},
			{PlaceID: "ChIJM9KTrJpX5EcRoFMb7Jlkc0s"},
			{Location: &maps.Location{Latitude: 46.2, Longitude: 4.8}, SideOfRoad: true},
		},
		DepartureTime:     leave,
		RoutingPreference: maps.TrafficAware,
		RouteModifiers:    &maps.RouteModifiers{AvoidTolls: true, AvoidFerries: true},
		Units:             maps.Imperial,
		LanguageCode:      "fr",
	})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{
		"origin":      map[string]any{"address": "Paris"},
		"destination": map[string]any{"address": "Lyon"},
		"intermediates": []any{
			map[string]any{"address": "Dijon", "via": true},
			map[string]any{"placeId": "ChIJM9KTrJpX5EcRoFMb7Jlkc0s"},
			map[string]any{"location": map[string]any{"latLng": map[string]any{"latitude": 46.2, "longitude": 4.8}}, "sideOfRoad": true},
		},
		"travelMode":        "DRIVE",
		"routingPreference": "TRAFFIC_AWARE",
		"departureTime":     "2026-12-01T08:30:00Z",
		"routeModifiers":    map[string]any{"avoidTolls": true, "avoidFerries": true},
		"units":             "IMPERIAL",
		"languageCode":      "fr",
	}, srv.Last(t).JSON(t))
}

func TestComputeRoutesRefusesWhatTheServiceWould(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	for field, p := range map[string]*maps.ComputeRoutesParams{
		"routingPreference": {TravelMode: maps.Transit, RoutingPreference: maps.TrafficAwareOptimal},
		"units":             {Units: "metric"},
		"intermediates":     {Intermediates: make([]maps.Waypoint, 26)},
	} {
		_, err := c.ComputeRoutes(context.Background(), "a", "b", p)
		testkit.InvalidParam(t, err, field)
	}
	for _, w := range []maps.Waypoint{{}, {Address: "a", PlaceID: "b"}, {Location: &maps.Location{Longitude: 181}}} {
		_, err := c.ComputeRoutes(context.Background(), "a", "b", &maps.ComputeRoutesParams{Intermediates: []maps.Waypoint{w}})
		testkit.InvalidParam(t, err, "intermediates")
	}
	assert.Zero(t, srv.Hits())
}

func TestRoutePolylineDecodes(t *testing.T) {
	c, _ := newReplay(t)
	r, err := c.ComputeRoutes(context.Background(), "1600 Amphitheatre Parkway, Mountain View, CA", "450 Serra Mall, Stanford, CA", nil)
	require.NoError(t, err)
	pts, err := r.Routes[0].Polyline.Points()
	require.NoError(t, err)
	require.NotEmpty(t, pts)
	assert.InDelta(t, 37.4, pts[0].Lat, 0.1, "the shape starts near the origin")
	assert.InDelta(t, -122.1, pts[0].Lng, 0.1)
}

func TestComputeRoutesEndsAsWaypoints(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"routes":[]}`})
	_, err := c.ComputeRoutes(context.Background(), "", "", &maps.ComputeRoutesParams{
		Origin:      &maps.Waypoint{Location: &maps.Location{Latitude: 37.419734, Longitude: -122.0827784}},
		Destination: &maps.Waypoint{PlaceID: "ChIJj61dQgK6j4AR4GeTYWZsKWw"}})
	require.NoError(t, err)
	body := srv.Last(t).JSON(t)
	assert.Equal(t, map[string]any{"location": map[string]any{"latLng": map[string]any{"latitude": 37.419734, "longitude": -122.0827784}}}, body["origin"])
	assert.Equal(t, map[string]any{"placeId": "ChIJj61dQgK6j4AR4GeTYWZsKWw"}, body["destination"])

	_, err = c.ComputeRoutes(context.Background(), "Paris", "Lyon", &maps.ComputeRoutesParams{Origin: &maps.Waypoint{PlaceID: "x"}})
	testkit.InvalidParam(t, err, "origin")
	_, err = c.ComputeRoutes(context.Background(), "Paris", "", &maps.ComputeRoutesParams{Destination: &maps.Waypoint{}})
	testkit.InvalidParam(t, err, "destination")
	assert.Equal(t, 1, srv.Hits())
}
