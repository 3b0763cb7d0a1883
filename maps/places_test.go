package maps_test

import (
	"context"
	"math"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

func TestSearchTextSendsPageInputs(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"places":[],"nextPageToken":"next"}`})
	r, err := c.SearchText(context.Background(), "pizza", &maps.SearchTextParams{PageSize: 5, PageToken: "tok", LanguageCode: "fr", RegionCode: "FR",
		FieldMask: maps.FieldMask{"places.id", "nextPageToken"}})
	require.NoError(t, err)
	assert.Equal(t, "next", r.NextPageToken)
	got := srv.Last(t)
	assert.Equal(t, map[string]any{"textQuery": "pizza", "pageSize": 5.0, "pageToken": "tok", "languageCode": "fr", "regionCode": "FR"}, got.JSON(t))
	assert.Equal(t, "places.id,nextPageToken", got.Header.Get("X-Provider-FieldMask"))
}

func TestAllSearchTextWalksThePagesAskingForTheToken(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"places":[{"id":"a"},{"id":"b"}],"nextPageToken":"p2"}`},
		testkit.Reply{Body: `{"places":[{"id":"c"}]}`})
	c := newLocal(t, srv)
	var ids []string
	for p, err := range c.AllSearchText(context.Background(), "pizza", &maps.SearchTextParams{PageSize: 2, FieldMask: maps.FieldMask{"places.id"}}) {
		require.NoError(t, err)
		ids = append(ids, p.ID)
	}
	assert.Equal(t, []string{"a", "b", "c"}, ids)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "places.id,nextPageToken", reqs[0].Header.Get("X-Provider-FieldMask"), "without it the service sends no token")
	assert.NotContains(t, reqs[0].JSON(t), "pageToken")
	assert.Equal(t, map[string]any{"textQuery": "pizza", "pageSize": 2.0, "pageToken": "p2"}, reqs[1].JSON(t), "the other inputs as the first call's")
}

func TestAllSearchTextStopsOnATokenSeenBefore(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"places":[{"id":"a"}],"nextPageToken":"same"}`})
	var err error
	for _, err = range c.AllSearchText(context.Background(), "pizza", nil) {
		if err != nil {
			break
		}
	}
	require.Error(t, err)
	assert.Contains(t, err.Error(), "never end")
	assert.Equal(t, 2, srv.Hits())
}

func TestSearchNearby(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.SearchNearby(context.Background(), maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500}, nil)
	require.NoError(t, err)
	require.Len(t, r.Places, 5)
	assert.Equal(t, "Harborview Restaurant & Bar", r.Places[2].DisplayName.Text)
	assert.Equal(t, 1, srv.Hits("POST /places_url/v1/places:searchNearby"))
}

func TestSearchNearbyRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{}`})
	r, err := c.SearchNearby(context.Background(), maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500},
		&maps.SearchNearbyParams{IncludedTypes: []string{"restaurant"}, ExcludedPrimaryTypes: []string{"cafe"}, MaxResultCount: 10, RankPreference: maps.ByDistance})
	require.NoError(t, err)
	assert.Empty(t, r.Places, "{} means nothing near")
	got := srv.Last(t)
	assert.Equal(t, "/places/v1/places:searchNearby", got.URI)
	assert.Equal(t, "places.displayName,places.formattedAddress,places.rating", got.Header.Get("X-Provider-FieldMask"))
	assert.Equal(t, map[string]any{
		"locationRestriction":  map[string]any{"circle": map[string]any{"center": map[string]any{"latitude": 37.7937, "longitude": -122.3965}, "radius": 500.0}},
		"includedTypes":        []any{"restaurant"},
		"excludedPrimaryTypes": []any{"cafe"},
		"maxResultCount":       10.0,
		"rankPreference":       "DISTANCE",
	}, got.JSON(t))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")
}

func TestSearchNearbyRefusesWhatTheServiceWould(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	ctx := context.Background()
	_, err := c.SearchNearby(ctx, maps.Circle{Radius: -1}, nil)
	testkit.InvalidParam(t, err, "locationRestriction")
	_, err = c.SearchNearby(ctx, maps.Circle{Center: maps.Location{Latitude: -91}, Radius: 10}, nil)
	testkit.InvalidParam(t, err, "locationRestriction")
	_, err = c.SearchNearby(ctx, maps.Circle{Radius: 10}, &maps.SearchNearbyParams{RankPreference: "distance"})
	testkit.InvalidParam(t, err, "rankPreference")
	assert.Zero(t, srv.Hits())
}

func TestPlaceDetails(t *testing.T) {
	c, srv := newReplay(t)
	p, err := c.PlaceDetails(context.Background(), "ChIJj61dQgK6j4AR4GeTYWZsKWw", nil)
	require.NoError(t, err)
	assert.Equal(t, "ChIJj61dQgK6j4AR4GeTYWZsKWw", p.ID)
	assert.Equal(t, maps.LocalizedText{Text: "Googleplex", LanguageCode: "en"}, p.DisplayName)
	assert.Equal(t, 1, srv.Hits("GET /places_url/v1/places/ChIJj61dQgK6j4AR4GeTYWZsKWw"))
}

func TestPlaceDetailsRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{"id":"ChIJ"}`})
	token := maps.NewSessionToken()
	_, err := c.PlaceDetails(context.Background(), "places/ChIJj61dQgK6j4AR4GeTYWZsKWw", &maps.PlaceDetailsParams{SessionToken: token, LanguageCode: "de"})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/places/v1/places/ChIJj61dQgK6j4AR4GeTYWZsKWw", got.Path, "a resource name is sent as its id")
	assert.Equal(t, "languageCode=de&sessionToken="+string(token), got.Query)
	assert.Equal(t, "id,displayName,formattedAddress,rating", got.Header.Get("X-Provider-FieldMask"), "no places. prefix on details")
	assert.Empty(t, got.Body)
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")
}

func TestPlaceDetailsRefusesIDsThatAreNotOne(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	for _, id := range []string{"", "places/", "a/b", "a?b", "a b", ".."} {
		_, err := c.PlaceDetails(context.Background(), id, nil)
		testkit.InvalidParam(t, err, "id")
	}
	assert.Zero(t, srv.Hits())
}

func TestNewSessionTokenIsAVersion4UUID(t *testing.T) {
	a, b := maps.NewSessionToken(), maps.NewSessionToken()
	uuid4 := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	assert.Regexp(t, uuid4, string(a))
	assert.NotEqual(t, a, b)
}

func TestAutocomplete(t *testing.T) {
	c, srv := newReplay(t)
	r, err := c.Autocomplete(context.Background(), "Amoeba", nil)
	require.NoError(t, err)
	require.Len(t, r.Suggestions, 3)
	p := r.Suggestions[0].PlacePrediction
	require.NotNil(t, p)
	assert.Equal(t, "ChIJ5YQQf1GHhYARPKG7WLIaOko", p.PlaceID)
	assert.Equal(t, "places/ChIJ5YQQf1GHhYARPKG7WLIaOko", p.Place)
	assert.Equal(t, []maps.TextRange{{EndOffset: 6}}, p.Text.Matches)
	assert.Equal(t, "Haight Street, San Francisco, CA, USA", p.StructuredFormat.SecondaryText.Text)
	assert.Nil(t, r.Suggestions[0].QueryPrediction)
	require.NotNil(t, r.Suggestions[2].QueryPrediction)
	assert.Equal(t, "Amoeba Music near me", r.Suggestions[2].QueryPrediction.Text.Text)
	assert.Equal(t, 1, srv.Hits("POST /places_url/v1/places:autocomplete"))
}

func TestAutocompleteRequestShape(t *testing.T) {
	c, srv := local(t, testkit.Reply{Body: `{}`})
	ctx := context.Background()
	_, err := c.Autocomplete(ctx, "piz", &maps.AutocompleteParams{SessionToken: "s-1",
		LocationBias: &maps.Circle{Center: maps.Location{Latitude: 37.7937, Longitude: -122.3965}, Radius: 500},
		Origin:       &maps.Location{Latitude: 37.7, Longitude: -122.4}, IncludedRegionCodes: []string{"us"}, IncludeQueryPredictions: true})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "/places/v1/places:autocomplete", got.URI)
	assert.Empty(t, got.Header.Get("X-Provider-FieldMask"), "the mask is optional here")
	assert.Equal(t, map[string]any{
		"input": "piz", "sessionToken": "s-1",
		"locationBias":            map[string]any{"circle": map[string]any{"center": map[string]any{"latitude": 37.7937, "longitude": -122.3965}, "radius": 500.0}},
		"origin":                  map[string]any{"latitude": 37.7, "longitude": -122.4},
		"includedRegionCodes":     []any{"us"},
		"includeQueryPredictions": true,
	}, got.JSON(t))
	assertKeyOnlyIn(t, got, "header X-Provider-Api-Key")

	_, err = c.Autocomplete(ctx, "piz", &maps.AutocompleteParams{FieldMask: maps.FieldMask{"suggestions.placePrediction.text"}})
	require.NoError(t, err)
	assert.Equal(t, "suggestions.placePrediction.text", srv.Last(t).Header.Get("X-Provider-FieldMask"))
}

func TestAutocompleteRefusesWhatTheServiceWould(t *testing.T) {
	c, srv := local(t, testkit.Reply{})
	ctx := context.Background()
	circle := &maps.Circle{Radius: 100}
	for field, p := range map[string]*maps.AutocompleteParams{
		"sessionToken":         {SessionToken: "has space"},
		"locationRestriction":  {LocationBias: circle, LocationRestriction: circle},
		"locationBias":         {LocationBias: &maps.Circle{Radius: math.NaN()}},
		"origin":               {Origin: &maps.Location{Latitude: 100}},
		"includedPrimaryTypes": {IncludedPrimaryTypes: make([]string, 6)},
		"includedRegionCodes":  {IncludedRegionCodes: make([]string, 16)},
	} {
		_, err := c.Autocomplete(ctx, "piz", p)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.Autocomplete(ctx, "piz", &maps.AutocompleteParams{SessionToken: maps.SessionToken(make([]byte, 37))})
	testkit.InvalidParam(t, err, "sessionToken")
	assert.Zero(t, srv.Hits())
}

func TestPlaceDetailsOfAnUnknownPlace(t *testing.T) {
	c, _ := local(t, testkit.Reply{Status: 404, Body: `{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}`})
	_, err := c.PlaceDetails(context.Background(), "ChIJN1t_tDeuEmsRUsoyG83frY4", nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "NOT_FOUND", Message: "Requested entity was not found."})
	testkit.NoSecret(t, err, apiKey)
}
