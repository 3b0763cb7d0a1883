package maps_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

const photoName = "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/photos/AUc7tXWp1Jx0eQ8h0Cbs9vyAFTdS1cDT5dRsyOaN6RjT4S2hNWyp1yjeH0Xw6LQn"

// PlacePhoto asks the places host for the photo's media with the key in
// its header and no field mask, and hands over the image.
func TestPlacePhotoRequest(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "image/jpeg", Body: "\xff\xd8\xff\xe0 a jpeg"})
	c := newLocal(t, srv)
	ph, err := c.PlacePhoto(context.Background(), photoName, maps.PhotoParams{MaxWidthPx: 400, MaxHeightPx: 4800})
	require.NoError(t, err)
	b, err := io.ReadAll(ph.Body)
	require.NoError(t, err)
	require.NoError(t, ph.Body.Close())
	assert.Equal(t, "\xff\xd8\xff\xe0 a jpeg", string(b))
	assert.Equal(t, "image/jpeg", ph.ContentType)
	last := srv.Last(t)
	assert.Equal(t, "GET", last.Method)
	assert.Equal(t, "/places/v1/"+photoName+"/media", last.Path)
	q, _ := url.ParseQuery(last.Query)
	assert.Equal(t, url.Values{"maxWidthPx": {"400"}, "maxHeightPx": {"4800"}}, q)
	assert.Equal(t, apiKey, last.Header.Get("X-Provider-Api-Key"))
	assert.Empty(t, last.Header.Get("X-Provider-FieldMask"))
	assert.NotContains(t, last.URI, apiKey, "the key is not in the URL")
}

// A JSON answer where the image was wanted is an error, not an image.
func TestPlacePhotoRefusesJSON(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"name":"x","photoUri":"https://example.com/p"}`})
	_, err := newLocal(t, srv).PlacePhoto(context.Background(), photoName, maps.PhotoParams{MaxWidthPx: 400})
	require.Error(t, err)
}

// A redirect to another host, as Google answers, is followed without the
// key: the content host serves the image and never sees the key.
func TestPlacePhotoFollowsTheHandOffWithoutTheKey(t *testing.T) {
	cdn := testkit.Start(t, testkit.Reply{ContentType: "image/jpeg", Body: "jpeg"})
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusFound, Header: []string{"Location", cdn.URL + "/p/abc=s400"}})
	ph, err := newLocal(t, srv).PlacePhoto(context.Background(), photoName, maps.PhotoParams{MaxWidthPx: 400})
	require.NoError(t, err)
	b, err := io.ReadAll(ph.Body)
	require.NoError(t, err)
	require.NoError(t, ph.Body.Close())
	assert.Equal(t, "jpeg", string(b))
	assert.Equal(t, apiKey, srv.Last(t).Header.Get("X-Provider-Api-Key"), "the places host gets the key")
	got := cdn.Last(t)
	assert.Empty(t, got.Header.Get("X-Provider-Api-Key"), "the content host never sees the key")
	assert.NotContains(t, got.URI, apiKey)
}

// A hand-off whose address carries the key is refused: the key would
// travel to the other host in the URL.
func TestPlacePhotoRefusesAHandOffNamingTheKey(t *testing.T) {
	cdn := testkit.Start(t, testkit.Reply{ContentType: "image/jpeg", Body: "jpeg"})
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusFound, Header: []string{"Location", cdn.URL + "/p?key=" + apiKey}})
	_, err := newLocal(t, srv).PlacePhoto(context.Background(), photoName, maps.PhotoParams{MaxWidthPx: 400})
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assert.Zero(t, cdn.Hits())
	testkit.NoSecret(t, err, apiKey)
}

// PlacePhotoURI sends the same request with skipHttpRedirect=true and
// reads the address.
func TestPlacePhotoURI(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "maps", "place_photo_uri.json")})
	m, err := newLocal(t, srv).PlacePhotoURI(context.Background(), photoName, maps.PhotoParams{MaxHeightPx: 300})
	require.NoError(t, err)
	assert.Equal(t, photoName+"/media", m.Name)
	assert.Contains(t, m.PhotoURI, "https://lh3.googleusercontent.com/")
	last := srv.Last(t)
	assert.Equal(t, "/places/v1/"+photoName+"/media", last.Path)
	q, _ := url.ParseQuery(last.Query)
	assert.Equal(t, url.Values{"maxHeightPx": {"300"}, "skipHttpRedirect": {"true"}}, q)
}

// Bad names and sizes are refused before any I/O, naming the wire field.
func TestPlacePhotoInputs(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv)
	ctx := context.Background()
	ok := maps.PhotoParams{MaxWidthPx: 400}
	for _, tc := range []struct {
		field, name string
		p           maps.PhotoParams
	}{
		{"name", "ChIJj61dQgK6j4AR4GeTYWZsKWw", ok},
		{"name", "places/ChIJ/photos/", ok},
		{"name", "places/ChIJ/photos/abc/media", ok},
		{"name", "places/../photos/abc", ok},
		{"name", "places/ChIJ/reviews/abc", ok},
		{"name", "places/ChIJ/photos/a b", ok},
		{"name", "places/ChIJ/photos/a?b", ok},
		{"maxWidthPx", photoName, maps.PhotoParams{}},
		{"maxWidthPx", photoName, maps.PhotoParams{MaxWidthPx: 4801}},
		{"maxWidthPx", photoName, maps.PhotoParams{MaxWidthPx: -1, MaxHeightPx: 10}},
		{"maxHeightPx", photoName, maps.PhotoParams{MaxHeightPx: 5000}},
	} {
		_, err := c.PlacePhoto(ctx, tc.name, tc.p)
		testkit.InvalidParam(t, err, tc.field)
		_, err = c.PlacePhotoURI(ctx, tc.name, tc.p)
		testkit.InvalidParam(t, err, tc.field)
	}
	assert.Zero(t, srv.Hits())
}
