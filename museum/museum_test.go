package museum_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/museum"
)

func TestObject(t *testing.T) {
	c := testkit.Replay(t, "museum", museum.New)
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
	c := testkit.Replay(t, "museum", museum.New)
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
	c := testkit.Replay(t, "museum", museum.New)
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
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "museum", "object.json")})
	_, err := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL+"/public/collection/v1/")).Object(context.Background(), 436535)
	require.NoError(t, err)
	testkit.OpenGET(t, srv.Last(t))
	assert.Equal(t, "/public/collection/v1/objects/436535", srv.Last(t).Path)
	assert.Empty(t, srv.Last(t).Query)

	srv = testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "museum", "search.json")})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL+"/public/collection/v1"))
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
		testkit.OpenGET(t, srv.Last(t))
		assert.Equal(t, "/public/collection/v1/search", srv.Last(t).Path)
		assert.Equal(t, tc.query, srv.Last(t).Query, tc.q)
	}
}

func TestErrors(t *testing.T) {
	client := func(t *testing.T, url string) *museum.Client {
		return testkit.Client(t, museum.New, conduit.WithBaseURL(url), testkit.Fast)
	}
	object := testkit.Op{Service: "museum", Op: "Object", Endpoint: "GET /objects/{objectID}", Call: func(t *testing.T, url string) error {
		_, err := client(t, url).Object(context.Background(), 1)
		return err
	}}
	search := testkit.Op{Service: "museum", Op: "Search", Endpoint: "GET /search", Call: func(t *testing.T, url string) error {
		_, err := client(t, url).Search(context.Background(), "cat", nil)
		return err
	}}
	notFound := `{"message":"ObjectID not found"}`
	testkit.Errors(t, append(testkit.CommonErrors(),
		testkit.Case{Name: "404 message", Reply: testkit.Reply{Status: 404, Body: notFound}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "ObjectID not found"}},
		testkit.Case{Name: "message at 200", Reply: testkit.Reply{Body: `{"message":"Not a valid object"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Message: "Not a valid object"}},
		testkit.Case{Name: "string id", Reply: testkit.Reply{Body: `{"objectID":"12","total":"3"}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	), nil, object, search)
	testkit.Errors(t, []testkit.Case{
		testkit.Case{Name: "empty object", Reply: testkit.Reply{Body: `{}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Message: "response has no objectID"}},
		testkit.Case{Name: "null object", Reply: testkit.Reply{Body: `null`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	}, nil, object)
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"objectID":1,"total":0}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	var inputs []testkit.Input
	for _, id := range []int64{0, -1, -9223372036854775808} {
		inputs = append(inputs, testkit.Input{Field: "objectID", Call: func() error { _, err := c.Object(context.Background(), id); return err }})
	}
	for _, q := range []string{"", " ", "\t\n"} {
		inputs = append(inputs, testkit.Input{Field: "q", Call: func() error {
			_, err := c.Search(context.Background(), q, &museum.SearchParams{HasImages: true})
			return err
		}})
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "museum"}, inputs)
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_MUSEUM_URL", "https://collectionapi.metmuseum.org/public/collection/v1/", museum.New, func(c *museum.Client) error {
		_, err := c.Object(context.Background(), 1)
		return err
	})
}

// Whatever the search text, the server receives exactly it as q, and it
// can add or change no other parameter.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"sunflowers", "x&hasImages=false", "a+b c", "%zz", "#", "\x00", "", " "} {
		f.Add(s, true)
	}
	srv := testkit.Start(f, testkit.Reply{Body: `{"total":0,"objectIDs":null}`})
	c := testkit.Client(f, museum.New, conduit.WithBaseURL(srv.URL))
	f.Fuzz(func(t *testing.T, q string, images bool) {
		before := srv.Hits()
		_, err := c.Search(context.Background(), q, &museum.SearchParams{HasImages: images})
		if strings.TrimSpace(q) == "" {
			testkit.InvalidParam(t, err, "q")
			return
		}
		require.NoError(t, err)
		require.Equal(t, before+1, srv.Hits())
		got, err := url.ParseQuery(srv.Last(t).Query)
		require.NoError(t, err)
		assert.Equal(t, []string{q}, got["q"])
		if images {
			assert.Equal(t, []string{"true"}, got["hasImages"])
		}
		assert.Len(t, got, map[bool]int{true: 2, false: 1}[images])
	})
}
