package maps_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

var (
	googleplex = maps.Waypoint{Location: &maps.Location{Latitude: 37.420761, Longitude: -122.081356}}
	stanford   = maps.Waypoint{Address: "450 Serra Mall, Stanford, CA"}
)

func TestComputeRouteMatrix(t *testing.T) {
	c, srv := newReplay(t)
	var got []maps.RouteMatrixElement
	for el, err := range c.ComputeRouteMatrix(context.Background(), []maps.Waypoint{googleplex, stanford}, []maps.Waypoint{googleplex, stanford}, nil) {
		require.NoError(t, err)
		got = append(got, el)
	}
	require.Len(t, got, 4)
	assert.Equal(t, 1, got[1].OriginIndex)
	assert.Equal(t, 0, got[1].DestinationIndex)
	assert.Equal(t, 2919, got[1].DistanceMeters)
	assert.Equal(t, 361*time.Second, got[1].Duration.Duration)
	assert.Equal(t, maps.RouteExists, got[3].Condition)
	assert.JSONEq(t, `{"originIndex":0,"destinationIndex":1,"status":{},"distanceMeters":7259,"duration":"712s","condition":"ROUTE_EXISTS"}`, string(got[3].RawJSON()))
	assert.Equal(t, 1, srv.Hits("POST /routes_url/distanceMatrix/v2:computeRouteMatrix"))
}

func TestComputeRouteMatrixRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `[]`})
	for _, err := range c.ComputeRouteMatrix(context.Background(), []maps.Waypoint{googleplex}, []maps.Waypoint{stanford},
		&maps.RouteMatrixParams{RouteModifiers: &maps.RouteModifiers{AvoidHighways: true}, RoutingPreference: maps.TrafficAwareOptimal}) {
		require.NoError(t, err)
	}
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/routes/distanceMatrix/v2:computeRouteMatrix", got.URI)
	assert.Equal(t, "originIndex,destinationIndex,status,condition,distanceMeters,duration", got.Header.Get("X-Provider-FieldMask"))
	assert.Equal(t, map[string]any{
		"origins": []any{map[string]any{
			"waypoint":       map[string]any{"location": map[string]any{"latLng": map[string]any{"latitude": 37.420761, "longitude": -122.081356}}},
			"routeModifiers": map[string]any{"avoidHighways": true},
		}},
		"destinations":      []any{map[string]any{"waypoint": map[string]any{"address": "450 Serra Mall, Stanford, CA"}}},
		"travelMode":        "DRIVE",
		"routingPreference": "TRAFFIC_AWARE_OPTIMAL",
	}, got.JSON(t))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")
}

// The first element reaches the caller while the server still holds the
// rest back.
func TestComputeRouteMatrixHandsEachElementOverAsItArrives(t *testing.T) {
	release := make(chan struct{})
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[{"originIndex":0,"destinationIndex":0,"distanceMeters":822},`))
		w.(http.Flusher).Flush()
		<-release
		w.Write([]byte(`{"destinationIndex":1,"status":{"code":5,"message":"no such place"}}]`))
	}))
	c := newLocal(t, srv)
	var got []maps.RouteMatrixElement
	for el, err := range c.ComputeRouteMatrix(context.Background(), []maps.Waypoint{googleplex}, []maps.Waypoint{googleplex, stanford}, nil) {
		require.NoError(t, err)
		got = append(got, el)
		if len(got) == 1 {
			assert.Equal(t, 822, el.DistanceMeters)
			close(release)
		}
	}
	require.Len(t, got, 2)
	assert.Equal(t, maps.ElementStatus{Code: 5, Message: "no such place"}, got[1].Status, "an element that failed is data, not the end")
}

func TestComputeRouteMatrixFailures(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       error
		code       string
	}{
		{"cut short", `[{"originIndex":0},{"origin`, io.ErrUnexpectedEOF, ""},
		{"not an array", `{"originIndex":0}`, conduit.ErrMalformedResponse, ""},
		{"an element of the wrong type", `[{"distanceMeters":"far"}]`, conduit.ErrMalformedResponse, ""},
		{"an error once streaming", `[{"originIndex":0},{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}]`, conduit.ErrAPI, "RESOURCE_EXHAUSTED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := local(t, testkit.Reply{Body: tc.body})
			var last error
			n := 0
			for _, err := range c.ComputeRouteMatrix(context.Background(), []maps.Waypoint{googleplex}, []maps.Waypoint{stanford}, nil) {
				if err != nil {
					last = err
					break
				}
				n++
			}
			require.Error(t, last)
			assert.ErrorIs(t, last, tc.want)
			var e *conduit.Error
			require.True(t, errors.As(last, &e))
			assert.Equal(t, "ComputeRouteMatrix", e.Op)
			assert.Equal(t, tc.code, e.Code)
			testkit.NoSecret(t, last, apiKey)
		})
	}
}

func TestComputeRouteMatrixRefusesWhatTheServiceWould(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `[]`})
	many := func(n int) []maps.Waypoint {
		w := make([]maps.Waypoint, n)
		for i := range w {
			w[i] = googleplex
		}
		return w
	}
	for _, tc := range []struct {
		field          string
		origins, dests []maps.Waypoint
		p              *maps.RouteMatrixParams
	}{
		{"origins", nil, many(1), nil},
		{"destinations", many(1), nil, nil},
		{"destinations", many(26), many(25), nil},
		{"destinations", many(11), many(10), &maps.RouteMatrixParams{RoutingPreference: maps.TrafficAwareOptimal}},
		{"destinations", many(11), many(10), &maps.RouteMatrixParams{TravelMode: maps.Transit}},
		{"origins", []maps.Waypoint{stanford}, func() []maps.Waypoint {
			w := make([]maps.Waypoint, 50)
			for i := range w {
				w[i] = stanford
			}
			return w
		}(), nil},
		{"destinations[1]", many(1), []maps.Waypoint{googleplex, {}}, nil},
		{"routingPreference", many(1), many(1), &maps.RouteMatrixParams{TravelMode: maps.Walk, RoutingPreference: maps.TrafficAware}},
		{"units", many(1), many(1), &maps.RouteMatrixParams{Units: "SI"}},
		{"field_mask", many(1), many(1), &maps.RouteMatrixParams{FieldMask: maps.FieldMask{}}},
	} {
		var err error
		for _, err = range c.ComputeRouteMatrix(context.Background(), tc.origins, tc.dests, tc.p) {
			break
		}
		testkit.InvalidParam(t, err, tc.field)
	}
	assert.Zero(t, srv.Hits())
}

func TestComputeRouteMatrixStoppedEarlySendsNothingMore(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `[{"originIndex":0},{"originIndex":1},{"originIndex":2}]`})
	n := 0
	for range c.ComputeRouteMatrix(context.Background(), []maps.Waypoint{googleplex}, []maps.Waypoint{googleplex}, nil) {
		n++
		break
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, srv.Hits())
}
