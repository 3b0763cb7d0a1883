package animegraph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func replayClient(t *testing.T) *animegraph.Client {
	return testkit.Replay(t, "animegraph", animegraph.New, unlimited)
}

// unlimited is for tests that send many requests to one test server: the
// default budget (30 a minute, per host) would space them 2 s apart.
var unlimited = conduit.WithRateLimit(0, 0)

func TestMedia(t *testing.T) {
	m, err := replayClient(t).Media(context.Background(), "Cowboy Bebop")
	require.NoError(t, err)
	assert.EqualValues(t, 1, m.ID)
	assert.Equal(t, "Cowboy Bebop", m.Title.Romaji)
	require.NotNil(t, m.Title.English)
	assert.Equal(t, "Cowboy Bebop", *m.Title.English)
	require.NotNil(t, m.Episodes)
	assert.Equal(t, 26, *m.Episodes)
	require.NotNil(t, m.AverageScore)
	assert.Equal(t, 86, *m.AverageScore)
	assert.Equal(t, "https://anilist.co/anime/1", m.SiteURL, "a member the document does not select is still read when sent")
	golden.JSON(t, "animegraph", "media", m)
}

func TestMediaNullFields(t *testing.T) {
	m, err := replayClient(t).Media(context.Background(), "Sousou no Frieren 2nd Season")
	require.NoError(t, err)
	assert.EqualValues(t, 182255, m.ID)
	assert.Nil(t, m.Title.English, "null english stays nil, not an empty title")
	assert.Nil(t, m.Episodes)
	assert.Nil(t, m.AverageScore)
	assert.Equal(t, "NOT_YET_RELEASED", m.Status)
	golden.JSON(t, "animegraph", "media_upcoming", m)
}

func TestMediaNotFound(t *testing.T) {
	m, err := replayClient(t).Media(context.Background(), "no such show")
	assert.Nil(t, m)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "animegraph", Op: "Media", Status: 404, Code: "404", Message: "Not Found."})
	list := animegraph.GraphQLErrors(err)
	require.Len(t, list, 1)
	assert.Equal(t, []animegraph.Location{{Line: 2, Column: 3}}, list[0].Locations)
}

// pageDocument is a caller's own query: its inputs are variables too.
const pageDocument = `query ($season: MediaSeason, $year: Int) {
  Page(perPage: 3) {
    pageInfo { total hasNextPage }
    media(season: $season, seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } averageScore }
  }
}`

type page struct {
	Page struct {
		PageInfo struct {
			Total       int  `json:"total"`
			HasNextPage bool `json:"hasNextPage"`
		} `json:"pageInfo"`
		Media []struct {
			ID    int64 `json:"id"`
			Title struct {
				Romaji string `json:"romaji"`
			} `json:"title"`
			AverageScore int `json:"averageScore"`
		} `json:"media"`
	} `json:"Page"`
}

func TestQuery(t *testing.T) {
	var out page
	err := replayClient(t).Query(context.Background(), pageDocument, map[string]any{"season": "FALL", "year": 2023}, &out)
	require.NoError(t, err)
	assert.Equal(t, 5000, out.Page.PageInfo.Total)
	require.Len(t, out.Page.Media, 3)
	assert.Equal(t, "Sousou no Frieren", out.Page.Media[0].Title.Romaji)
	assert.Equal(t, 91, out.Page.Media[0].AverageScore)
	golden.JSON(t, "animegraph", "query_page", out)
}

func TestQueryIntoMapAndDiscard(t *testing.T) {
	c := testkit.Replay(t, "animegraph", animegraph.New, unlimited)
	var m map[string]any
	require.NoError(t, c.Query(context.Background(), pageDocument, nil, &m))
	assert.Contains(t, m, "Page")
	require.NoError(t, c.Query(context.Background(), pageDocument, nil, nil), "nil out discards the data")
}

// Partial data comes back with errors: the call fails, out still holds
// what did resolve, and every error is reachable.
func TestQueryPartialData(t *testing.T) {
	const doc = `query { Media(id: 1) { id title { romaji } } Staff(id: -1) { id } }`
	var out struct {
		Media struct {
			ID    int64 `json:"id"`
			Title struct {
				Romaji string `json:"romaji"`
			} `json:"title"`
		} `json:"Media"`
		Staff *struct{} `json:"Staff"`
	}
	err := replayClient(t).Query(context.Background(), doc, nil, &out)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Op: "Query", Status: 200, Code: "404", Message: "Not Found."})
	assert.EqualValues(t, 1, out.Media.ID, "partial data is still decoded")
	assert.Equal(t, "Cowboy Bebop", out.Media.Title.Romaji)
	assert.Nil(t, out.Staff)
	list := animegraph.GraphQLErrors(err)
	require.Len(t, list, 1)
	assert.Equal(t, []any{"Staff"}, list[0].Path)
	testkit.Unshown(t, &list[0], "status", 404)
}

func TestQueryValidationErrors(t *testing.T) {
	err := replayClient(t).Query(context.Background(), `query ($unused: Int) { Nope }`, nil, &struct{}{})
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Op: "Query", Status: 400, Code: "400"})
	assert.Contains(t, e.Message, `Cannot query field "Nope"`)
	list := animegraph.GraphQLErrors(err)
	require.Len(t, list, 2, "every error is reachable, not only the first")
	assert.Equal(t, `Variable "$unused" is never used.`, list[1].Message)
	assert.Equal(t, "graphql", list[0].Extensions["category"])
}

// The replay stand-in answers a request without a query as the service
// does: 400 with a GraphQL errors body.
func TestReplayRejectsMissingQuery(t *testing.T) {
	srv := testkit.ReplayServer(t)
	for _, body := range []string{`{}`, `{"query":"  "}`, `not json`} {
		resp, err := http.Post(srv.URL("animegraph", "anime_url"), "application/json", strings.NewReader(body))
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, body)
		var r struct {
			Errors []struct {
				Message string `json:"message"`
			} `json:"errors"`
		}
		require.NoError(t, json.Unmarshal(b, &r))
		require.Len(t, r.Errors, 1)
		assert.Contains(t, r.Errors[0].Message, "query")
	}
}

// mediaServer answers every request with the Media fixture.
func mediaServer(t testing.TB) *testkit.Server {
	return testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "animegraph", "media.json")})
}

func TestQueryRequestShape(t *testing.T) {
	srv := mediaServer(t)
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL+"/graphql"), unlimited)
	require.NoError(t, c.Query(context.Background(), pageDocument, map[string]any{"year": 2023, "season": "FALL"}, &page{}))
	r := srv.Last(t)
	assert.Equal(t, "POST", r.Method)
	assert.Equal(t, "/graphql", r.URI, "the POST goes to the base URL itself, with no query")
	assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
	assert.Equal(t, "application/json", r.Header.Get("Accept"))
	assert.Equal(t, "conduit-go/"+conduit.Version, r.Header.Get("User-Agent"))
	assert.Empty(t, r.Header.Get("Authorization"), "public reads carry no credential")
	want, _ := json.Marshal(map[string]any{"query": pageDocument, "variables": map[string]any{"season": "FALL", "year": 2023}})
	assert.JSONEq(t, string(want), string(r.Body))

	require.NoError(t, c.Query(context.Background(), pageDocument, nil, &page{}))
	assert.JSONEq(t, string(must(json.Marshal(map[string]any{"query": pageDocument}))), string(srv.Last(t).Body), "no variables member without variables")
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// wantMediaDocument pins the document Media sends, independently of the
// package's constant.
const wantMediaDocument = "query ($search: String) {\n  Media(search: $search, type: ANIME) {\n    id\n    title {\n      romaji\n      english\n    }\n    episodes\n    averageScore\n  }\n}"

// hostileSearches try every way text could break out of a string literal
// or a selection set, were it spliced into the document.
var hostileSearches = []string{
	`Cowboy Bebop`,
	`"`, `\`, `\"`, `""`, `"""`, `\\"`, `\u0022`,
	`{`, `}`, `{}`, `}}}`, `{ id }`,
	"line one\nline two", "a\r\nb", "\tx", "x\u2028\u2029y",
	`"){ }`,
	`") { id } Viewer { id } #`,
	`Bebop", type: MANGA) { id } Page { media { id } } Media(search: "x`,
	"\"\n}\nmutation { DeleteMediaListEntry(id: 1) { deleted } }\n#",
	`$search`, `${search}`, `# comment`, `...on Media { id }`,
	"nul\x00byte", `カウボーイビバップ`, `🚀 <script>alert(1)</script>`,
	strings.Repeat(`"\{`, 300),
}

func checkSearchIsOnlyAVariable(t *testing.T, body []byte, search string) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var got struct {
		Query     string            `json:"query"`
		Variables map[string]string `json:"variables"`
	}
	require.NoError(t, dec.Decode(&got), "%s", body)
	if got.Query != wantMediaDocument {
		t.Fatalf("the document changed for search %q:\n%s", search, got.Query)
	}
	if len(got.Variables) != 1 || got.Variables["search"] != search {
		t.Fatalf("variables = %q, want exactly search = %q", got.Variables, search)
	}
}

// The search text never changes the document: the server receives the
// fixed document byte for byte, and the text only as the $search variable.
func TestMediaSearchCannotChangeDocument(t *testing.T) {
	assert.Equal(t, wantMediaDocument, animegraph.MediaDocument)
	srv := mediaServer(t)
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited)
	for _, s := range hostileSearches {
		_, err := c.Media(context.Background(), s)
		require.NoError(t, err, "%q", s)
		checkSearchIsOnlyAVariable(t, srv.Last(t).Body, s)
	}
	assert.Equal(t, len(hostileSearches), srv.Hits())
}

func FuzzMediaSearch(f *testing.F) {
	for _, s := range hostileSearches {
		f.Add(s)
	}
	f.Add("\xff\xfe")
	f.Add("   ")
	srv := mediaServer(f)
	c := testkit.Client(f, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited)
	f.Fuzz(func(t *testing.T, search string) {
		_, err := c.Media(context.Background(), search)
		if err != nil {
			testkit.InvalidParam(t, err, "search")
			return
		}
		checkSearchIsOnlyAVariable(t, srv.Last(t).Body, search)
	})
}

// graphQLErrors checks how many GraphQL errors the error carries.
func graphQLErrors(n int) func(*testing.T, error) {
	return func(t *testing.T, err error) { assert.Len(t, animegraph.GraphQLErrors(err), n) }
}

func TestQueryErrors(t *testing.T) {
	api := func(status int, code string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrAPI, Status: status, Code: code}
	}
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	testkit.Errors(t, []testkit.Case{
		{Name: "errors without data", Reply: testkit.Reply{Body: `{"errors":[{"message":"Internal error","status":500}],"data":null}`}, Want: api(200, "500"), Then: graphQLErrors(1)},
		{Name: "extensions code", Reply: testkit.Reply{Body: `{"errors":[{"message":"Too complex","extensions":{"code":"MAX_COMPLEXITY"}},{"message":"second"}]}`}, Want: api(200, "MAX_COMPLEXITY"), Then: graphQLErrors(2)},
		{Name: "errors without code", Reply: testkit.Reply{Body: `{"errors":[{"message":"plain"}]}`}, Want: api(200, ""), Then: graphQLErrors(1)},
		{Name: "400 GraphQL body", Reply: testkit.Reply{Status: 400, Body: `{"errors":[{"message":"Syntax Error","status":400},{"message":"also","status":400}],"data":null}`}, Want: api(400, "400"), Then: graphQLErrors(2)},
		{Name: "429 text", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Body: `Too Many Requests.`}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}, Then: graphQLErrors(0)},
		{Name: "429 GraphQL body", Reply: testkit.Reply{Status: 429, Body: `{"errors":[{"message":"Too Many Requests.","status":429}],"data":null}`}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "429"}, Then: graphQLErrors(1)},
		{Name: "502 html", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body>Bad Gateway</body></html>`}, Want: api(502, ""), Then: graphQLErrors(0)},
		{Name: "null body", Reply: testkit.Reply{Body: `null`}, Want: malformed, Then: graphQLErrors(0)},
		{Name: "null data", Reply: testkit.Reply{Body: `{"data":null}`}, Want: malformed, Then: graphQLErrors(0)},
		{Name: "no data member", Reply: testkit.Reply{Body: `{}`}, Want: malformed, Then: graphQLErrors(0)},
		{Name: "data of the wrong shape", Reply: testkit.Reply{Body: `{"data":{"Page":[]}}`}, Want: malformed, Then: graphQLErrors(0)},
		{Name: "errors not a list", Reply: testkit.Reply{Body: `{"errors":"boom"}`}, Want: malformed, Then: graphQLErrors(0)},
	}, nil, testkit.Op{Service: "animegraph", Op: "Query", Endpoint: "POST /", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(0), unlimited)
		return c.Query(context.Background(), pageDocument, nil, &page{})
	}})
}

// A query is a read: it is retried after a 500 or 503, which a write
// would not be.
func TestQueryRetriesLikeARead(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusInternalServerError}, testkit.Reply{Status: http.StatusServiceUnavailable},
		testkit.Reply{Body: testkit.Fixture(t, "animegraph", "media.json")})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast)
	m, err := c.Media(context.Background(), "Cowboy Bebop")
	require.NoError(t, err)
	assert.EqualValues(t, 1, m.ID)
	assert.Equal(t, 3, srv.Hits())
}

// The default budget of 90 a minute spaces requests to one host about
// 0.7 s apart, so a second request that may wait only 50 ms fails at once
// without reaching the server; with the budget lifted it goes through.
func TestDefaultRateLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    []conduit.Option
		limited bool
	}{
		{"default", nil, true},
		{"lifted", []conduit.Option{unlimited}, false},
		{"raised", []conduit.Option{conduit.WithRateLimit(1000, time.Second)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mediaServer(t)
			c := testkit.Client(t, animegraph.New, append(tc.opts, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))...)
			_, err := c.Media(context.Background(), "Cowboy Bebop")
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, err = c.Media(ctx, "Cowboy Bebop")
			if tc.limited {
				require.Error(t, err)
				assert.Equal(t, 1, srv.Hits(), "the limited request never left")
			} else {
				require.NoError(t, err)
				assert.Equal(t, 2, srv.Hits())
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited)
	ctx := context.Background()
	var nilPage *page
	media := func(search string) func() error {
		return func() error { _, err := c.Media(ctx, search); return err }
	}
	query := func(doc string, vars map[string]any, out any) func() error {
		return func() error { return c.Query(ctx, doc, vars, out) }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "animegraph"}, []testkit.Input{
		{Field: "search", Call: media("")},
		{Field: "search", Call: media(" \n\t")},
		{Field: "search", Call: media("Bebop\xff")},
		{Field: "query", Call: query("", nil, &page{})},
		{Field: "query", Call: query("  \n ", nil, &page{})},
		{Field: "out", Call: query(pageDocument, nil, page{})},
		{Field: "out", Call: query(pageDocument, nil, nilPage)},
		{Field: "variables", Call: query(pageDocument, map[string]any{"year": make(chan int)}, &page{})},
		{Field: "variables", Call: query(pageDocument, map[string]any{"1year": 2023}, &page{})},
		{Field: "variables", Call: query(pageDocument, map[string]any{"season-year": 2023}, &page{})},
		{Field: "variables", Call: query(pageDocument, map[string]any{"": 2023}, &page{})},
	})
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_ANIMEGRAPH_ANIME_URL", "https://graphql.anilist.co", animegraph.New, func(c *animegraph.Client) error {
		return c.Query(context.Background(), pageDocument, nil, nil)
	})
}

func TestGraphQLErrorCode(t *testing.T) {
	for in, want := range map[string]string{
		`{"message":"m","extensions":{"code":"BAD_USER_INPUT"},"status":400}`: "BAD_USER_INPUT",
		`{"message":"m","status":404}`:                                        "404",
		`{"message":"m","status":"429"}`:                                      "429",
		`{"message":"m"}`:                                                     "",
		`{"message":"m","status":null}`:                                       "",
	} {
		var e animegraph.GraphQLError
		require.NoError(t, conduit.Unmarshal([]byte(in), &e), in)
		assert.Equal(t, want, e.Code(), in)
		assert.JSONEq(t, in, string(e.RawJSON()))
	}
	assert.Nil(t, animegraph.GraphQLErrors(conduit.ErrAPI))
}

func FuzzGraphQLError(f *testing.F) {
	for _, s := range []string{`{"message":"Not Found.","status":404,"locations":[{"line":2,"column":3}],"path":["Staff",0]}`, `null`, `{"extensions":{"code":5}}`, `{"path":"x"}`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		testkit.RoundTrip[animegraph.GraphQLError](t, []byte(in))
		var e animegraph.GraphQLError
		if json.Unmarshal([]byte(in), &e) == nil {
			_ = e.Code() // never panics, whatever the members hold
		}
	})
}
