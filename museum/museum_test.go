package museum_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/check"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/museum"
)

func TestObject(t *testing.T) {
	c, err := museum.New(replay.TestOptions(t, "museum")...)
	require.NoError(t, err)
	o, err := c.Object(context.Background(), 436535)
	require.NoError(t, err)
	assert.EqualValues(t, 436535, o.ObjectID)
	assert.Equal(t, "Wheat Field with Cypresses", o.Title)
	assert.True(t, o.IsHighlight)
	assert.True(t, o.IsPublicDomain)
	assert.Equal(t, "1993", o.AccessionYear)
	assert.Len(t, o.AdditionalImages, 2)
	require.Len(t, o.Constituents, 1)
	assert.Equal(t, museum.Constituent{
		ConstituentID: 161947, Role: "Artist", Name: "Vincent van Gogh",
		ConstituentULANURL:     "http://vocab.getty.edu/page/ulan/500115588",
		ConstituentWikidataURL: "https://www.wikidata.org/wiki/Q5582",
	}, o.Constituents[0])
	assert.Empty(t, o.Culture, "empty strings are normal")
	var extra struct {
		Medium          string `json:"medium"`
		ObjectBeginDate int    `json:"objectBeginDate"`
	}
	require.NoError(t, o.Decode(&extra))
	assert.Equal(t, "Oil on canvas", extra.Medium, "fields the spec does not show stay reachable")
	assert.Equal(t, 1889, extra.ObjectBeginDate)
	golden.JSON(t, "museum", "object", o)
}

func TestObjectWithoutConstituents(t *testing.T) {
	c, err := museum.New(replay.TestOptions(t, "museum")...)
	require.NoError(t, err)
	o, err := c.Object(context.Background(), 544320)
	require.NoError(t, err)
	assert.Nil(t, o.Constituents, "null constituents decode to none")
	assert.Empty(t, o.PrimaryImage)
	assert.Empty(t, o.AdditionalImages)
	assert.Equal(t, "Dynasty 26", o.Dynasty)
	assert.Contains(t, string(o.RawJSON()), `"objectBeginDate": -664`)
	golden.JSON(t, "museum", "object_no_constituents", o)
}

func TestSearch(t *testing.T) {
	c, err := museum.New(replay.TestOptions(t, "museum")...)
	require.NoError(t, err)
	r, err := c.Search(context.Background(), "sunflowers", &museum.SearchParams{HasImages: true})
	require.NoError(t, err)
	assert.Equal(t, 2, r.Total)
	assert.Equal(t, []int64{436535, 544320}, r.ObjectIDs)
	golden.JSON(t, "museum", "search", r)

	none, err := c.Search(context.Background(), "no such thing", nil)
	require.NoError(t, err, "no match is not an error")
	assert.Zero(t, none.Total)
	assert.NotNil(t, none.ObjectIDs, "null objectIDs become an empty slice")
	assert.Empty(t, none.ObjectIDs)
	assert.Contains(t, string(none.RawJSON()), `"objectIDs": null`)
	golden.JSON(t, "museum", "search_empty", none)
}

func TestRequestShape(t *testing.T) {
	srv := replay.NewFixtureStub("museum", "object.json")
	c := check.StubClient(t, museum.New, srv, "/public/collection/v1/")
	_, err := c.Object(context.Background(), 436535)
	require.NoError(t, err)
	check.OpenGET(t, srv.Last())
	assert.Equal(t, "/public/collection/v1/objects/436535", srv.Last().URL.EscapedPath())
	assert.Empty(t, srv.Last().URL.RawQuery)

	srv = replay.NewFixtureStub("museum", "search.json")
	c = check.StubClient(t, museum.New, srv, "/public/collection/v1")
	for _, tc := range []struct {
		q     string
		p     *museum.SearchParams
		query string
	}{
		{"sunflowers", &museum.SearchParams{HasImages: true}, "hasImages=true&q=sunflowers"},
		{"van Gogh", nil, "q=van+Gogh"},
		{"cats & dogs", &museum.SearchParams{}, "q=cats+%26+dogs"},
		{"x&hasImages=false#frag", &museum.SearchParams{HasImages: true}, "hasImages=true&q=x%26hasImages%3Dfalse%23frag"},
	} {
		_, err := c.Search(context.Background(), tc.q, tc.p)
		require.NoError(t, err)
		check.OpenGET(t, srv.Last())
		assert.Equal(t, "/public/collection/v1/search", srv.Last().URL.EscapedPath())
		assert.Equal(t, tc.query, srv.Last().URL.RawQuery, tc.q)
	}
}

func TestErrors(t *testing.T) {
	object := check.Call[*museum.Client]{Op: "Object", Endpoint: "GET /objects/{objectID}", Run: func(ctx context.Context, c *museum.Client) error {
		_, err := c.Object(ctx, 1)
		return err
	}}
	search := check.Call[*museum.Client]{Op: "Search", Endpoint: "GET /search", Run: func(ctx context.Context, c *museum.Client) error {
		_, err := c.Search(ctx, "cat", nil)
		return err
	}}
	notFound := `{"message":"ObjectID not found"}`
	check.Errors(t, "museum", museum.New, append(check.CommonErrors(),
		check.ErrorCase{Name: "404 message", Status: 404, ContentType: "application/json", Body: notFound, Is: conduit.ErrNotFound, WantStatus: 404, Message: "ObjectID not found"},
		check.ErrorCase{Name: "message at 200", Status: 200, ContentType: "application/json", Body: `{"message":"Not a valid object"}`, Is: conduit.ErrAPI, WantStatus: 200, Message: "Not a valid object"},
		check.ErrorCase{Name: "string id", Status: 200, ContentType: "application/json", Body: `{"objectID":"12","total":"3"}`, Is: conduit.ErrMalformedResponse},
	), object, search)
	check.Errors(t, "museum", museum.New, []check.ErrorCase{
		{Name: "empty object", Status: 200, ContentType: "application/json", Body: `{}`, Is: conduit.ErrAPI, WantStatus: 200, Message: "response has no objectID"},
		{Name: "null object", Status: 200, ContentType: "application/json", Body: `null`, Is: conduit.ErrMalformedResponse},
	}, object)
}

func TestBadInput(t *testing.T) {
	srv := replay.NewStub(200, "application/json", `{"objectID":1,"total":0}`)
	c := check.StubClient(t, museum.New, srv, "")
	for _, id := range []int64{0, -1, -9223372036854775808} {
		_, err := c.Object(context.Background(), id)
		check.InvalidParam(t, err, "objectID", "id %d", id)
	}
	for _, q := range []string{"", " ", "\t\n"} {
		_, err := c.Search(context.Background(), q, &museum.SearchParams{HasImages: true})
		check.InvalidParam(t, err, "q", "q %q", q)
	}
	assert.Empty(t, srv.Requests(), "bad input must not reach the server")
}

func TestMissingBaseURL(t *testing.T) {
	check.MissingBaseURL(t, "CONDUIT_MUSEUM_URL", museum.New, func(ctx context.Context, c *museum.Client) error {
		_, err := c.Object(ctx, 1)
		return err
	})
}

// Whatever the search text, the server receives exactly it as q, and it
// can add or change no other parameter.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"sunflowers", "x&hasImages=false", "a+b c", "%zz", "#", "\x00", "", " "} {
		f.Add(s, true)
	}
	srv := replay.NewStub(200, "application/json", `{"total":0,"objectIDs":null}`)
	defer srv.Close()
	c, err := museum.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string, images bool) {
		before := len(srv.Requests())
		_, err := c.Search(context.Background(), q, &museum.SearchParams{HasImages: images})
		if strings.TrimSpace(q) == "" {
			check.InvalidParam(t, err, "q")
			return
		}
		require.NoError(t, err)
		reqs := srv.Requests()
		require.Len(t, reqs, before+1)
		got := reqs[len(reqs)-1].URL.Query()
		assert.Equal(t, []string{q}, got["q"])
		if images {
			assert.Equal(t, []string{"true"}, got["hasImages"])
		}
		assert.Len(t, got, map[bool]int{true: 2, false: 1}[images])
	})
}
