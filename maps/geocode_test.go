package maps_test

import (
	"context"
	"math"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

func TestGeocodeSendsComponentsRegionAndLanguage(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS"}`})
	_, err := c.Geocode(context.Background(), "", &maps.GeocodeParams{
		Components: []maps.Component{{Type: "route", Value: "Annankatu"}, {Type: "country", Value: "FI"}},
		Region:     "fi", Language: "sv"})
	require.NoError(t, err, "components alone are a query")
	q, _ := url.ParseQuery(srv.Last(t).Query)
	assert.Equal(t, url.Values{"components": {"route:Annankatu|country:FI"}, "region": {"fi"}, "language": {"sv"}, "key": {apiKey}}, q)
}

func TestGeocodeRefusesComponentsTheServiceWouldIgnore(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	for _, comp := range []maps.Component{{Type: "street", Value: "x"}, {Type: "country", Value: ""}, {Type: "country", Value: "FI|SE"}} {
		_, err := c.Geocode(context.Background(), "Helsinki", &maps.GeocodeParams{Components: []maps.Component{comp}})
		testkit.InvalidParam(t, err, "components")
	}
	assert.Zero(t, srv.Hits())
}

func TestReverseGeocode(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.ReverseGeocode(context.Background(), maps.LatLng{Lat: 40.714224, Lng: -73.961452}, nil)
	require.NoError(t, err)
	require.Len(t, r.Results, 2)
	assert.Equal(t, "277 Bedford Ave, Brooklyn, NY 11211, USA", r.Results[0].FormattedAddress)
	assert.Equal(t, "ChIJd8BlQ2BZwokRAFUEcm_qrcA", r.Results[0].PlaceID)
	assert.Equal(t, "APPROXIMATE", r.Results[1].Geometry.LocationType)
	var extra struct {
		PlusCode struct {
			GlobalCode string `json:"global_code"`
		} `json:"plus_code"`
	}
	require.NoError(t, r.Decode(&extra), "the answer's own plus_code stays reachable")
	assert.Equal(t, "87G8P27Q+MC", extra.PlusCode.GlobalCode)
	assert.Equal(t, 1, srv.Hits("GET /geocoding_url/maps/api/geocode/json"))
	golden.JSON(t, "maps", "reverse_geocode", r)
}

func TestReverseGeocodeRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS"}`})
	r, err := c.ReverseGeocode(context.Background(), maps.LatLng{Lat: 40.714224, Lng: -73.961452}, &maps.ReverseGeocodeParams{
		ResultTypes:   []string{"street_address", "route"},
		LocationTypes: []maps.LocationType{maps.Rooftop, maps.RangeInterpolated},
		Language:      "en"})
	require.NoError(t, err)
	assert.Empty(t, r.Results, "a filter nothing passes is ZERO_RESULTS, not an error")
	got := srv.Last(t)
	assert.Equal(t, "/maps/api/geocode/json", got.Path)
	assert.Equal(t, "latlng=40.714224%2C-73.961452&result_type=street_address%7Croute&location_type=ROOFTOP%7CRANGE_INTERPOLATED&language=en&key=AIza%2Bkey%2Funit+7Qx", got.Query)
	assertKeyOnlyIn(t, got, "query")

	_, err = c.ReverseGeocode(context.Background(), maps.LatLng{Lat: 1e-7, Lng: -180}, nil)
	require.NoError(t, err)
	q, _ := url.ParseQuery(srv.Last(t).Query)
	assert.Equal(t, "0.0000001,-180", q.Get("latlng"), "no exponent, which the service would not read")
}

func TestReverseGeocodeRefusesAPointOffTheGlobe(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	for _, at := range []maps.LatLng{{Lat: 90.5}, {Lng: -180.1}, {Lat: math.NaN()}, {Lng: math.Inf(1)}} {
		_, err := c.ReverseGeocode(context.Background(), at, nil)
		testkit.InvalidParam(t, err, "latlng")
	}
	assert.Zero(t, srv.Hits())
}
