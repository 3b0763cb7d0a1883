package maps_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

// apiKey holds characters that query and path escaping change, so every
// form of it must be redacted.
const apiKey = "AIza+key/unit 7Qx"

var envKeys = []string{"CONDUIT_MAPS_API_KEY", "CONDUIT_MAPS_GEOCODING_URL", "CONDUIT_MAPS_PLACES_URL", "CONDUIT_MAPS_ROUTES_URL"}

// clearEnv also blanks the base URL names of earlier releases, which are
// still read.
func clearEnv(t *testing.T) {
	testkit.ClearEnv(t, append(envKeys, "CONDUIT_GEOCODING_URL", "CONDUIT_PLACES_URL", "CONDUIT_ROUTES_URL")...)
}

func newReplay(t *testing.T) (*maps.Client, *replay.Server) {
	clearEnv(t)
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, maps.New, srv.Options("maps")...), srv
}

// newLocal points all three hosts of a keyed client at srv.
func newLocal(t *testing.T, srv *testkit.Server, opts ...maps.Option) *maps.Client {
	clearEnv(t)
	base := []maps.Option{conduit.WithBaseURL(srv.URL), maps.WithPlacesURL(srv.URL + "/places"), maps.WithRoutesURL(srv.URL + "/routes/"),
		maps.WithAPIKey(apiKey), testkit.Fast}
	return testkit.Client(t, maps.New, append(base, opts...)...)
}

// local starts a server answering r and a client of it.
func local(t *testing.T, r testkit.Reply) (*maps.Client, *testkit.Server) {
	srv := testkit.Start(t, r)
	return newLocal(t, srv), srv
}

func TestGeocode(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.Geocode(context.Background(), "1600 Amphitheatre Parkway, Mountain View, CA", nil)
	require.NoError(t, err)
	assert.Equal(t, "OK", r.Status)
	require.Len(t, r.Results, 1)
	g := r.Results[0]
	assert.Equal(t, "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA", g.FormattedAddress)
	assert.Equal(t, "ChIJeRpOeF67j4AR9ydy_PIzPuM", g.PlaceID)
	assert.Equal(t, maps.LatLng{Lat: 37.4224428, Lng: -122.0842467}, g.Geometry.Location)
	assert.Equal(t, "ROOFTOP", g.Geometry.LocationType)
	require.Len(t, g.AddressComponents, 6)
	assert.Equal(t, "CA", g.AddressComponents[3].ShortName)
	var extra struct {
		PlusCode struct {
			GlobalCode string `json:"global_code"`
		} `json:"plus_code"`
	}
	require.NoError(t, g.Decode(&extra), "each result keeps its raw record")
	assert.Equal(t, "849VCWC8+X8", extra.PlusCode.GlobalCode)
	assert.Contains(t, string(r.RawJSON()), `"viewport"`)
	assert.Equal(t, 1, srv.Hits("GET /geocoding_url/maps/api/geocode/json"))
	golden.JSON(t, "maps", "geocode", r)
}

func TestGeocodeZeroResults(t *testing.T) {
	c, _ := newReplay(t)
	r, err := c.Geocode(context.Background(), "Atlantis", nil)
	require.NoError(t, err, "ZERO_RESULTS is an empty answer, not an error")
	assert.Equal(t, "ZERO_RESULTS", r.Status)
	assert.Empty(t, r.Results)
}

func TestSearchText(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.SearchText(context.Background(), "amphitheatre in Mountain View", nil)
	require.NoError(t, err)
	require.Len(t, r.Places, 3)
	p := r.Places[0]
	assert.Equal(t, maps.LocalizedText{Text: "Googleplex", LanguageCode: "en"}, p.DisplayName)
	assert.Equal(t, "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA", p.FormattedAddress)
	assert.Equal(t, 4.5, p.Rating)
	assert.Zero(t, r.Places[2].Rating, "a place without reviews has no rating")
	var extra struct {
		UserRatingCount int64  `json:"userRatingCount"`
		BusinessStatus  string `json:"businessStatus"`
	}
	require.NoError(t, p.Decode(&extra))
	assert.EqualValues(t, 10413, extra.UserRatingCount)
	assert.Equal(t, "OPERATIONAL", extra.BusinessStatus)
	assert.Equal(t, 1, srv.Hits("POST /places_url/v1/places:searchText"))
	golden.JSON(t, "maps", "search_text", r)
}

func TestComputeRoutes(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.ComputeRoutes(context.Background(), "1600 Amphitheatre Parkway, Mountain View, CA", "450 Serra Mall, Stanford, CA", nil)
	require.NoError(t, err)
	require.Len(t, r.Routes, 1)
	rt := r.Routes[0]
	assert.Equal(t, 12794, rt.DistanceMeters)
	assert.Equal(t, 18*time.Minute+16*time.Second, rt.Duration.Duration, "1096s")
	var extra struct {
		StaticDuration conduit.Duration `json:"staticDuration"`
	}
	require.NoError(t, rt.Decode(&extra))
	assert.Equal(t, 1021*time.Second, extra.StaticDuration.Duration)
	assert.Contains(t, string(r.RawJSON()), `"geocodingResults"`)
	assert.Equal(t, 1, srv.Hits("POST /routes_url/directions/v2:computeRoutes"))
	golden.JSON(t, "maps", "compute_routes", r)
}

// assertKeyOnlyIn checks the key is in the one place given, header or
// query, and nowhere else.
func assertKeyOnlyIn(t *testing.T, got testkit.Request, where string) {
	t.Helper()
	if header, ok := strings.CutPrefix(where, "header "); ok {
		assert.Equal(t, []string{apiKey}, got.Header.Values(header))
	}
	assert.Equal(t, []string{where}, got.Holds("AIza"), "the key elsewhere")
}

func TestGeocodeRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS"}`})
	_, err := c.Geocode(context.Background(), "10 Downing St, London & more", nil)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/maps/api/geocode/json", got.Path)
	assert.Equal(t, "address=10+Downing+St%2C+London+%26+more&key=AIza%2Bkey%2Funit+7Qx", got.Query)
	q, _ := url.ParseQuery(got.Query)
	assert.Equal(t, apiKey, q.Get("key"))
	assert.Empty(t, got.Body)
	assert.Empty(t, got.Header.Get("X-Provider-Api-Key"))
	assert.Empty(t, got.Header.Get("X-Provider-FieldMask"))
	assertKeyOnlyIn(t, got, "query")
}

func TestSearchTextRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{}`})
	r, err := c.SearchText(context.Background(), "pizza in New York", nil)
	require.NoError(t, err)
	assert.Empty(t, r.Places, "{} means no places")
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/places/v1/places:searchText", got.URI, "the colon is sent as is, and nothing else is in the URL")
	assert.Equal(t, "places.displayName,places.formattedAddress,places.rating", got.Header.Get("X-Provider-FieldMask"))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, map[string]any{"textQuery": "pizza in New York"}, got.JSON(t))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")

	_, err = c.SearchText(context.Background(), "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{"places.id", "places.displayName"}})
	require.NoError(t, err)
	assert.Equal(t, "places.id,places.displayName", srv.Last(t).Header.Get("X-Provider-FieldMask"))
}

func TestComputeRoutesRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"routes":[{"duration":"60s"}]}`})
	_, err := c.ComputeRoutes(context.Background(), "Origin St 1", "Destination Ave 2", nil)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/routes/directions/v2:computeRoutes", got.URI)
	assert.Equal(t, "routes.duration,routes.distanceMeters", got.Header.Get("X-Provider-FieldMask"))
	assert.Equal(t, map[string]any{
		"origin":      map[string]any{"address": "Origin St 1"},
		"destination": map[string]any{"address": "Destination Ave 2"},
		"travelMode":  "DRIVE",
	}, got.JSON(t))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")

	_, err = c.ComputeRoutes(context.Background(), "a", "b", &maps.ComputeRoutesParams{TravelMode: maps.Walk, FieldMask: maps.FieldMask{"routes.polyline"}})
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "WALK", got.JSON(t)["travelMode"])
	assert.Equal(t, "routes.polyline", got.Header.Get("X-Provider-FieldMask"))
}

func TestReadOnlyPostsAreRetried(t *testing.T) {
	bad, ok := testkit.Reply{Status: http.StatusBadGateway}, testkit.Reply{Body: `{"places":[],"routes":[]}`}
	srv := testkit.Start(t, bad, ok, bad, ok)
	c := newLocal(t, srv)
	_, err := c.SearchText(context.Background(), "x", nil)
	require.NoError(t, err)
	_, err = c.ComputeRoutes(context.Background(), "a", "b", nil)
	require.NoError(t, err)
	assert.Equal(t, 4, srv.Hits(), "each read-only POST was retried once")
}

// keyForms are the ways the key can appear on the wire.
var keyForms = []string{apiKey, url.QueryEscape(apiKey), url.PathEscape(apiKey), "AIza"}

func assertNoKey(t *testing.T, err error, more ...string) {
	t.Helper()
	require.Error(t, err)
	testkit.NoSecret(t, err, keyForms...)
	testkit.NoSecretIn(t, strings.Join(more, "\n"), keyForms...)
}

func TestNetworkErrorHidesTheKey(t *testing.T) {
	clearEnv(t)
	closed := testkit.Closed(t)
	var logs bytes.Buffer
	c, err := maps.New(maps.WithGeocodingURL(closed), maps.WithPlacesURL(closed), maps.WithAPIKey(apiKey),
		conduit.WithRetryBackoff(time.Millisecond, 2*time.Millisecond),
		conduit.WithLogger(slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	require.NoError(t, err)
	_, err = c.Geocode(context.Background(), "somewhere", nil)
	require.Error(t, err)
	var ue *url.Error
	require.ErrorAs(t, err, &ue, "the network error stays reachable")
	assert.Contains(t, ue.URL, "key="+"[REDACTED]")
	assert.Contains(t, ue.URL, "address=somewhere")
	var e *maps.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 3, e.Attempts, "a refused connection is retried")
	assert.Equal(t, "GET /maps/api/geocode/json", e.Endpoint)
	assertNoKey(t, err, ue.URL, ue.Error(), fmt.Sprintf("%#v", ue), logs.String())
	assert.NotEmpty(t, logs.String())

	_, err = c.SearchText(context.Background(), "x", nil)
	require.ErrorAs(t, err, &ue)
	assertNoKey(t, err, ue.URL)
}

func TestGeocodeErrors(t *testing.T) {
	want := func(is error, status int, code, message string) testkit.Shape {
		return testkit.Shape{Is: is, Status: status, Code: code, Message: message}
	}
	malformed := want(conduit.ErrMalformedResponse, 0, "", "")
	testkit.Errors(t, []testkit.Case{
		{Name: "request denied at 200", Reply: testkit.Reply{Body: `{"error_message":"The provided API key is invalid. ","results":[],"status":"REQUEST_DENIED"}`},
			Want: want(conduit.ErrAPI, 200, "REQUEST_DENIED", "The provided API key is invalid. ")},
		{Name: "over limit at 200", Reply: testkit.Reply{Body: `{"results":[],"status":"OVER_QUERY_LIMIT"}`},
			Want: want(conduit.ErrAPI, 200, "OVER_QUERY_LIMIT", `status "OVER_QUERY_LIMIT"`)},
		{Name: "no status at 200", Reply: testkit.Reply{Body: `{"results":[]}`},
			Want: want(conduit.ErrAPI, 200, "", "the response has no status")},
		{Name: "failure with odd results at 200", Reply: testkit.Reply{Body: `{"results":"","status":"UNKNOWN_ERROR"}`},
			Want: want(conduit.ErrAPI, 200, "UNKNOWN_ERROR", `status "UNKNOWN_ERROR"`)},
		{Name: "invalid request at 400", Reply: testkit.Reply{Status: 400, Body: `{"error_message":"Invalid request. Missing the 'address' parameter.","results":[],"status":"INVALID_REQUEST"}`},
			Want: want(conduit.ErrAPI, 400, "INVALID_REQUEST", "Invalid request. Missing the 'address' parameter.")},
		{Name: "403", Reply: testkit.Reply{Status: 403, ContentType: "text/html", Body: `<html><body>Forbidden</body></html>`}, Want: want(conduit.ErrUnauthorized, 403, "", "")},
		{Name: "empty at 200", Reply: testkit.Reply{}, Want: malformed},
		{Name: "truncated at 200", Reply: testkit.Reply{Body: `{"results":[{"formatted_address":`}, Want: malformed},
	}, keyForms, testkit.Op{Service: "maps", Op: "Geocode", Endpoint: "GET /maps/api/geocode/json", Call: func(t *testing.T, url string) error {
		clearEnv(t)
		c := testkit.Client(t, maps.New, maps.WithGeocodingURL(url), maps.WithAPIKey(apiKey), conduit.WithMaxRetries(0))
		_, err := c.Geocode(context.Background(), "x", nil)
		return err
	}})
}

func TestPlacesErrorEchoingTheKey(t *testing.T) {
	fixture := `{"error":{"code":403,"message":"Places API has not been used with key %s before or it is disabled.","status":"PERMISSION_DENIED","details":[{"key":%q}]}}`
	c := newLocal(t, testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, fixture, r.Header.Get("X-Provider-Api-Key"), url.QueryEscape(r.Header.Get("X-Provider-Api-Key")))
	})))
	_, err := c.SearchText(context.Background(), "x", nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Service: "maps", Op: "SearchText", Endpoint: "POST /v1/places:searchText", Status: 403,
		Code: "PERMISSION_DENIED", Message: "Places API has not been used with key [REDACTED] before or it is disabled."})
	assertNoKey(t, err)
}

func TestForeignRedirectKeepsTheKey(t *testing.T) {
	var leaked atomic.Int32
	foreign := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("X-Provider-Api-Key")+r.URL.RawQuery, "AIza") {
			leaked.Add(1)
		}
		w.Write([]byte(`{}`))
	}))
	defer foreign.Close()
	c := newLocal(t, testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, strings.Replace(foreign.URL, "127.0.0.1", "localhost", 1)+r.URL.Path, http.StatusTemporaryRedirect)
	})))
	_, err := c.SearchText(context.Background(), "x", nil)
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assertNoKey(t, err)
	_, err = c.Geocode(context.Background(), "x", nil)
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assertNoKey(t, err)
	assert.Zero(t, leaked.Load())
}

func TestMissingKey(t *testing.T) {
	clearEnv(t)
	srv := testkit.Start(t)
	c := testkit.Client(t, maps.New, conduit.WithBaseURL(srv.URL), maps.WithPlacesURL(srv.URL), maps.WithRoutesURL(srv.URL))
	ctx := context.Background()
	testkit.MissingCredential(t, srv, "maps.WithAPIKey", "CONDUIT_MAPS_API_KEY",
		func() error { _, err := c.Geocode(ctx, "x", nil); return err },
		func() error { _, err := c.SearchText(ctx, "x", nil); return err },
		func() error { _, err := c.ComputeRoutes(ctx, "a", "b", nil); return err })
}

func TestHostsAreSeparate(t *testing.T) {
	clearEnv(t)
	srv := testkit.Start(t, testkit.Reply{Body: `{"results":[],"status":"ZERO_RESULTS"}`})
	c, err := maps.New(conduit.WithBaseURL(srv.URL), maps.WithAPIKey(apiKey))
	require.NoError(t, err)
	_, err = c.Geocode(context.Background(), "x", nil)
	require.NoError(t, err, "conduit.WithBaseURL sets the geocoding host")
	_, err = c.SearchText(context.Background(), "x", nil)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_MAPS_PLACES_URL")
	_, err = c.ComputeRoutes(context.Background(), "a", "b", nil)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_MAPS_ROUTES_URL")
	assert.Equal(t, 1, srv.Hits())
}

func TestSettingsFromEnv(t *testing.T) {
	clearEnv(t)
	env := testkit.ReplayServer(t).Env()
	for _, k := range envKeys {
		require.NotEmpty(t, env[k], k)
		t.Setenv(k, env[k])
	}
	c, err := maps.New()
	require.NoError(t, err)
	_, err = c.Geocode(context.Background(), "x", nil)
	require.NoError(t, err)
	_, err = c.ComputeRoutes(context.Background(), "a", "b", nil)
	require.NoError(t, err)
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv)
	ctx := context.Background()
	search := func(q string, m maps.FieldMask) func() error {
		return func() error { _, err := c.SearchText(ctx, q, &maps.SearchTextParams{FieldMask: m}); return err }
	}
	route := func(o, d string, p *maps.ComputeRoutesParams) func() error {
		return func() error { _, err := c.ComputeRoutes(ctx, o, d, p); return err }
	}
	geocode := func(a string) func() error {
		return func() error { _, err := c.Geocode(ctx, a, nil); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "maps"}, []testkit.Input{
		{Field: "address", Call: geocode("")},
		{Field: "address", Call: geocode("  ")},
		{Field: "textQuery", Call: search("", nil)},
		{Field: "field_mask", Call: search("x", maps.FieldMask{})},
		{Field: "field_mask", Call: search("x", maps.FieldMask{"places.id", ""})},
		{Field: "field_mask", Call: search("x", maps.FieldMask{"places.id,places.name"})},
		{Field: "field_mask", Call: search("x", maps.FieldMask{"places.id\r\nX-Injected: 1"})},
		{Field: "origin", Call: route("", "b", nil)},
		{Field: "destination", Call: route("a", " ", nil)},
		{Field: "travelMode", Call: route("a", "b", &maps.ComputeRoutesParams{TravelMode: "drive"})},
		{Field: "travelMode", Call: route("a", "b", &maps.ComputeRoutesParams{TravelMode: "DRIVE\n"})},
		{Field: "field_mask", Call: route("a", "b", &maps.ComputeRoutesParams{FieldMask: maps.FieldMask{}})},
	}, keyForms...)
}

func TestFieldMask(t *testing.T) {
	assert.Equal(t, "places.displayName,places.formattedAddress,places.rating", maps.PlacesFieldMask().String())
	assert.Equal(t, "routes.duration,routes.distanceMeters", maps.RoutesFieldMask().String())
	assert.Equal(t, "a", maps.FieldMask{"a"}.String())
	m := maps.PlacesFieldMask()
	m[0] = "changed"
	assert.Equal(t, "places.displayName", maps.PlacesFieldMask()[0], "defaults cannot be changed by callers")
}

// Route durations are conduit.Duration values, read from the service's
// protobuf form ("165s") exactly to the nanosecond, and from a bare number
// of seconds.
func TestRouteDurations(t *testing.T) {
	for in, want := range map[string]time.Duration{
		`"165s"`: 165 * time.Second, `"0s"`: 0, `"3.5s"`: 3500 * time.Millisecond, `"-2s"`: -2 * time.Second,
		`"0.000000001s"`: time.Nanosecond, `"1.123456789s"`: 1123456789, `"9223372036s"`: 9223372036 * time.Second,
		`165`: 165 * time.Second, `null`: 0,
	} {
		var r maps.Route
		require.NoError(t, conduit.Unmarshal([]byte(`{"duration":`+in+`}`), &r), in)
		assert.Equal(t, want, r.Duration.Duration, in)
	}
	for _, in := range []string{`"s"`, `"1.s"`, `".5s"`, `"+1s"`, `"1m"`, `"--1s"`, `"9223372037s"`, `"315576000000s"`, `" 1s"`, `"odd"`, `{}`} {
		var r maps.Route
		assert.Error(t, conduit.Unmarshal([]byte(`{"duration":`+in+`}`), &r), in)
	}
}

// The replay server holds clients to the spec: the field mask is required,
// and the key is accepted only where the operation puts it.
func TestReplayEnforcesTheSpec(t *testing.T) {
	_, srv := newReplay(t)
	key := replay.Credential("maps", "api_key")
	post := func(u string, header ...string) int {
		req, err := http.NewRequest("POST", u, strings.NewReader(`{"textQuery":"x"}`))
		require.NoError(t, err)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	places := srv.URL("maps", "places_url") + "/v1/places:searchText"
	assert.Equal(t, http.StatusOK, post(places, "X-Provider-Api-Key", key, "X-Provider-FieldMask", "places.id"))
	assert.Equal(t, http.StatusBadRequest, post(places, "X-Provider-Api-Key", key))
	assert.Equal(t, http.StatusUnauthorized, post(places+"?key="+key, "X-Provider-FieldMask", "places.id"))
	assert.Equal(t, http.StatusUnauthorized, post(places+"?key="+key, "X-Provider-Api-Key", key, "X-Provider-FieldMask", "places.id"))
	resp, err := http.Get(srv.URL("maps", "geocoding_url") + "/maps/api/geocode/json?address=x")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}
