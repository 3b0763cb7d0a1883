package maps_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

// Do reaches endpoints the package does not type with the key where the
// spec places it for that host: the key query parameter on geocoding_url,
// X-Provider-Api-Key on the places and routes hosts. A POST is a write,
// not repeated unless marked idempotent.
func TestDo(t *testing.T) {
	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable}
	ok := testkit.Reply{Body: `{"status":"OK","result":{"name":"Googleplex"}}`}
	srv := testkit.Start(t, ok, ok, unavailable, unavailable, ok)
	c := newLocal(t, srv)
	ctx := context.Background()
	var out struct {
		Result struct {
			Name string `json:"name"`
		} `json:"result"`
	}
	require.NoError(t, c.Do(ctx, "GET", "/maps/api/place/details/json?place_id=ChIJ2eUgeAK6j4ARbn5u_wAGqWA", nil, &out))
	assert.Equal(t, "Googleplex", out.Result.Name)
	got := srv.Last(t)
	assert.Equal(t, "/maps/api/place/details/json", got.Path)
	assert.Equal(t, "place_id=ChIJ2eUgeAK6j4ARbn5u_wAGqWA&key=AIza%2Bkey%2Funit+7Qx", got.Query)
	assertKeyOnlyIn(t, got, "query")

	require.NoError(t, c.Do(ctx, "GET", "/v1/places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA", nil, &out,
		conduit.WithBase("places_url"), conduit.WithHeader("X-Provider-FieldMask", "displayName")))
	got = srv.Last(t)
	assert.Equal(t, "/places/v1/places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA", got.URI)
	assert.Equal(t, "displayName", got.Header.Get("X-Provider-FieldMask"))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")

	err := c.Do(ctx, "POST", "/v1/places:searchNearby", map[string]any{"maxResultCount": 1}, nil, conduit.WithBase("places_url"))
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 3, srv.Hits(), "a POST is a write, not repeated")
	require.NoError(t, c.Do(ctx, "POST", "/v1/places:searchNearby", map[string]any{"maxResultCount": 1}, nil,
		conduit.WithBase("places_url"), conduit.WithIdempotent()))
	assert.Equal(t, 5, srv.Hits(), "one that only reads is repeated when marked so")
	assert.JSONEq(t, `{"maxResultCount":1}`, string(srv.Last(t).Body))
}

// Per-call options reach the wire of each typed call, and WithResponse
// describes the answer.
func TestPerCallOptions(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS","routes":[]}`, Header: []string{"X-Request-Id", "rq-5"}})
	ctx := context.Background()
	var resp conduit.Response
	_, err := c.Geocode(ctx, "x", nil, conduit.WithQuery("language", "de"), conduit.WithHeader("X-Trace", "g"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "address=x&language=de&key=AIza%2Bkey%2Funit+7Qx", got.Query, "the key stays last")
	assert.Equal(t, "g", got.Header.Get("X-Trace"))
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "rq-5", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.NotContains(t, resp.URL, "AIza", "the key is removed from the URL")
	assert.Contains(t, resp.URL, "key=[REDACTED]")

	_, err = c.ComputeRoutes(ctx, "a", "b", nil, conduit.WithBodyField("routingPreference", "TRAFFIC_AWARE"),
		conduit.WithQuery("alt", "json"), conduit.WithHeader("X-Trace", "r"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "/routes/directions/v2:computeRoutes?alt=json", got.URI)
	assert.Equal(t, "TRAFFIC_AWARE", got.JSON(t)["routingPreference"])
	assert.Equal(t, "DRIVE", got.JSON(t)["travelMode"], "the typed members stay")
	assert.Equal(t, "r", got.Header.Get("X-Trace"))
	assert.Equal(t, "routes.duration,routes.distanceMeters", got.Header.Get("X-Provider-FieldMask"))
	assert.Equal(t, srv.URL+"/routes/directions/v2:computeRoutes?alt=json", resp.URL)

	_, err = c.Geocode(ctx, "x", nil, conduit.WithBodyField("a", 1))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "a GET sends no body to add a member to")
	_, err = c.SearchText(ctx, "x", nil, conduit.WithHeader("X-Provider-Api-Key", "other"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "no option replaces the key")
	assert.Equal(t, 2, srv.Hits())
}

// The places base is pasted with or without the /v1 its path starts with;
// either way the request goes to the same URL.
func TestPlacesBaseWithOrWithoutVersion(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	for _, base := range []string{srv.URL + "/places", srv.URL + "/places/v1", srv.URL + "/places/v1/"} {
		clearEnv(t)
		c := testkit.Client(t, maps.New, maps.WithPlacesURL(base), maps.WithAPIKey(apiKey))
		_, err := c.SearchText(context.Background(), "x", nil)
		require.NoError(t, err, base)
		assert.Equal(t, "/places/v1/places:searchText", srv.Last(t).URI, base)
	}
}

// Base URL variables of earlier releases still work; the new names win.
func TestOldEnvNames(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS"}`})
	clearEnv(t)
	t.Setenv("CONDUIT_GEOCODING_URL", srv.URL+"/old")
	c := testkit.Client(t, maps.New, maps.WithAPIKey(apiKey))
	_, err := c.Geocode(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, "/old/maps/api/geocode/json", srv.Last(t).Path)
	t.Setenv("CONDUIT_MAPS_GEOCODING_URL", srv.URL+"/new")
	c = testkit.Client(t, maps.New, maps.WithAPIKey(apiKey))
	_, err = c.Geocode(context.Background(), "x", nil)
	require.NoError(t, err)
	assert.Equal(t, "/new/maps/api/geocode/json", srv.Last(t).Path)
}
