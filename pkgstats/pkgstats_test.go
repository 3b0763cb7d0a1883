package pkgstats_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/pkgstats"
)

var ctx = context.Background()

// onReplay is a client of a fresh replay server.
func onReplay(t *testing.T) *pkgstats.Client { return testkit.Replay(t, "pkgstats", pkgstats.New) }

// jsonType is the service's JSON Content-Type.
const jsonType = "application/json; charset=utf-8"

// local serves r below a /v1 base, the way the live service carries its
// version.
func local(t *testing.T, r testkit.Reply) (*pkgstats.Client, *testkit.Server) {
	srv := testkit.Start(t, r)
	return testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL+"/v1"), conduit.WithMaxRetries(0)), srv
}

func TestStats(t *testing.T) {
	s, err := onReplay(t).Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"})
	require.NoError(t, err)
	require.NotNil(t, s.Hits.Rank)
	assert.Equal(t, int64(112), *s.Hits.Rank)
	assert.Equal(t, int64(98), *s.Hits.TypeRank)
	assert.Equal(t, int64(312417735), s.Hits.Total)
	assert.Equal(t, int64(21934717340112), s.Bandwidth.Total, "bandwidth passes 2^32 bytes")
	assert.Equal(t, int64(21007113580912), s.Bandwidth.Prev.Total)
	assert.Nil(t, s.Bandwidth.Prev.TypeRank, "a null rank stays nil, not 0")
	assert.Equal(t, int64(66), *s.Bandwidth.Prev.Rank)

	var days []string
	var sum int64
	for d, n := range s.Hits.Days() {
		days = append(days, d.String())
		sum += n
	}
	assert.Equal(t, []string{"2024-06-01", "2024-06-02", "2024-06-03", "2024-06-04", "2024-06-05", "2024-06-06", "2024-06-07"}, days, "days come in date order")
	assert.Equal(t, s.Hits.Total, sum)
	assert.Equal(t, "https://cdn-stats.example/v1/stats/packages/npm/@babel/core/versions?period=week", s.Links.Versions)

	var extra struct {
		GeneratedAt string            `json:"generatedAt"`
		Links       map[string]string `json:"links"`
	}
	require.NoError(t, s.Decode(&extra))
	assert.Equal(t, "2024-06-08T02:00:00Z", extra.GeneratedAt, "fields the spec does not show stay reachable")
	assert.Contains(t, extra.Links["files"], "/files?period=week")
	golden.JSON(t, "pkgstats", "stats", s)
}

func TestStatsUnranked(t *testing.T) {
	s, err := onReplay(t).Stats(ctx, "npm", "left-pad-ng", nil)
	require.NoError(t, err)
	assert.Nil(t, s.Hits.Rank)
	assert.Nil(t, s.Hits.TypeRank)
	assert.Nil(t, s.Bandwidth.Prev.Rank)
	assert.Zero(t, s.Hits.Total)
	for d := range s.Hits.Days() {
		t.Fatalf("no traffic, yet a day %s", d)
	}
	golden.JSON(t, "pkgstats", "stats_unranked", s)
}

func TestDaysStopsEarly(t *testing.T) {
	day := func(d int) conduit.Date { return conduit.Date{Year: 2024, Month: time.January, Day: d} }
	u := pkgstats.Usage{Dates: map[conduit.Date]int64{day(3): 3, day(1): 1, day(2): 2}}
	var got []int64
	for _, n := range u.Days() {
		got = append(got, n)
		if n == 2 {
			break
		}
	}
	assert.Equal(t, []int64{1, 2}, got)
}

func TestPackage(t *testing.T) {
	p, err := onReplay(t).Package(ctx, "npm", "@babel/core")
	require.NoError(t, err)
	assert.Equal(t, "npm", p.Type)
	assert.Equal(t, "@babel/core", p.Name)
	assert.Equal(t, "7.24.7", p.Tags["latest"])
	assert.Equal(t, "8.0.0-alpha.9", p.Tags["next"])
	require.Len(t, p.Versions, 4)
	assert.Equal(t, "7.20.12", p.Versions[3].Version)
	assert.Equal(t, "https://cdn-stats.example/v1/packages/npm/@babel/core@7.24.7/entrypoints", p.Versions[1].Links.Entrypoints)
	assert.Equal(t, "https://cdn-stats.example/v1/stats/packages/npm/@babel/core", p.Links.Stats)
	var extra struct {
		ModuleType string `json:"moduleType"`
	}
	require.NoError(t, p.Decode(&extra))
	assert.Equal(t, "commonjs", extra.ModuleType, "fields the spec does not show stay reachable")
	golden.JSON(t, "pkgstats", "package", p)
}

func TestResolve(t *testing.T) {
	c := onReplay(t)
	r, err := c.Resolve(ctx, "npm", "@babel/core", "^7.20")
	require.NoError(t, err)
	assert.Equal(t, "7.24.7", r.Version)
	assert.Equal(t, "https://cdn-stats.example/v1/stats/packages/npm/@babel/core@7.24.7", r.Links.Stats)
	assert.Contains(t, string(r.RawJSON()), `"specifier": "^7.20"`)
	golden.JSON(t, "pkgstats", "resolved", r)

	none, err := c.Resolve(ctx, "npm", "@babel/core", "^99")
	require.NoError(t, err)
	assert.Empty(t, none.Version, "nothing matches: the service sends a null version")
	assert.Equal(t, "@babel/core", none.Name)
}

func TestRequestShape(t *testing.T) {
	cases := []struct {
		call  func(c *pkgstats.Client) error
		path  string
		query url.Values
	}{
		{func(c *pkgstats.Client) error {
			_, err := c.Stats(ctx, "npm", "@babel/core", &pkgstats.StatsParams{Period: "week"})
			return err
		}, "/v1/stats/packages/npm/@babel/core", url.Values{"period": {"week"}}},
		{func(c *pkgstats.Client) error { _, err := c.Stats(ctx, "gh", "jquery/jquery", nil); return err },
			"/v1/stats/packages/gh/jquery/jquery", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Stats(ctx, "npm", "jquery@3.7.1", nil); return err },
			"/v1/stats/packages/npm/jquery@3.7.1", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Package(ctx, "npm", "@babel/core"); return err },
			"/v1/packages/npm/@babel/core", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Package(ctx, "npm", "lodash.debounce"); return err },
			"/v1/packages/npm/lodash.debounce", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Package(ctx, "npm", "a%2Fb"); return err },
			"/v1/packages/npm/a%252Fb", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Package(ctx, "npm", "@sc?pe/n#me"); return err },
			"/v1/packages/npm/@sc%3Fpe/n%23me", url.Values{}},
		{func(c *pkgstats.Client) error { _, err := c.Resolve(ctx, "npm", "@babel/core", "^7.20"); return err },
			"/v1/packages/npm/@babel/core/resolved", url.Values{"specifier": {"^7.20"}}},
		{func(c *pkgstats.Client) error {
			_, err := c.Resolve(ctx, "npm", "react", ">=18 <19 || latest")
			return err
		},
			"/v1/packages/npm/react/resolved", url.Values{"specifier": {">=18 <19 || latest"}}},
	}
	for _, tc := range cases {
		c, srv := local(t, testkit.Reply{ContentType: jsonType, Body: `{}`})
		require.NoError(t, tc.call(c), tc.path)
		r := srv.Last(t)
		testkit.OpenGET(t, r)
		assert.Equal(t, tc.path, r.Path, "a scoped name stays two escaped segments")
		q, err := url.ParseQuery(r.Query)
		require.NoError(t, err)
		assert.Equal(t, tc.query, q)
	}
}

func TestErrors(t *testing.T) {
	answer := func(name string, status int, contentType, body string, want testkit.Shape) testkit.Case {
		return testkit.Case{Name: name, Reply: testkit.Reply{Status: status, ContentType: contentType, Body: body}, Want: want,
			Then: func(t *testing.T, err error) { assert.Equal(t, body, string(err.(*pkgstats.Error).Body)) }}
	}
	malformed := func(name, body, message string) testkit.Case {
		return testkit.Case{Name: name, Reply: testkit.Reply{ContentType: jsonType, Body: body}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse, Message: message}}
	}
	testkit.Errors(t, []testkit.Case{
		answer("404", 404, jsonType, `{"status":404,"message":"Couldn't find the requested package."}`,
			testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Couldn't find the requested package."}),
		answer("403", 403, jsonType, `{"status":403,"message":"Package size exceeded the configured limit of 50 MB."}`,
			testkit.Shape{Is: conduit.ErrAPI, Status: 403, Message: "Package size exceeded the configured limit of 50 MB."}),
		answer("400", 400, jsonType, `{"status":400,"message":"Invalid parameter period: must be one of day, week, month, quarter, year."}`,
			testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "Invalid parameter period: must be one of day, week, month, quarter, year."}),
		answer("503 html", 503, "text/html", `<!DOCTYPE html><html><body>Service Unavailable</body></html>`, testkit.Shape{Is: conduit.ErrAPI, Status: 503}),
		malformed("null", `null`, "empty or null body where a record was expected"),
		{Name: "wrong type", Reply: testkit.Reply{ContentType: jsonType, Body: `{"hits":{"total":"lots"}}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse},
			// The decoder words its errors "cannot" or "unable to", at random per process.
			Then: func(t *testing.T, err error) {
				assert.Regexp(t, `^decoding the response: json: .* unmarshal JSON string into Go int64 within "/hits/total"$`, err.(*pkgstats.Error).Message)
			}},
		malformed("truncated", `{"hits":`, `decoding the response: jsontext: unexpected EOF within "/hits" after offset 8`),
	}, nil, testkit.Op{Service: "pkgstats", Op: "Stats", Endpoint: "GET /stats/packages/{registry_type}/{package...}", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(url+"/v1"), conduit.WithMaxRetries(0)).Stats(ctx, "npm", "jquery", nil)
		return err
	}})
}

func TestBadInput(t *testing.T) {
	c, srv := local(t, testkit.Reply{ContentType: jsonType, Body: `{}`})
	stats := func(typ, name, period string) func() error {
		return func() error { _, err := c.Stats(ctx, typ, name, &pkgstats.StatsParams{Period: period}); return err }
	}
	pkg := func(typ, name string) func() error {
		return func() error { _, err := c.Package(ctx, typ, name); return err }
	}
	resolve := func(spec string) func() error {
		return func() error { _, err := c.Resolve(ctx, "npm", "react", spec); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "pkgstats"}, []testkit.Input{
		{Field: "registry_type", Call: pkg("", "react")},
		{Field: "registry_type", Call: pkg("NPM", "react")},
		{Field: "registry_type", Call: pkg("npm/x", "react")},
		{Field: "registry_type", Call: pkg("..", "react")},
		{Field: "package", Call: pkg("npm", "")},
		{Field: "package", Call: pkg("npm", "jquery/jquery")},
		{Field: "package", Call: pkg("npm", "@babel/core/extra")},
		{Field: "package", Call: pkg("npm", "@babel")},
		{Field: "package", Call: pkg("npm", "@babel/")},
		{Field: "package", Call: pkg("npm", "@/core")},
		{Field: "package", Call: pkg("npm", "/react")},
		{Field: "package", Call: pkg("npm", "..")},
		{Field: "package", Call: pkg("npm", "%2e%2e")},
		{Field: "package", Call: pkg("npm", "@x/.%2E")},
		{Field: "package", Call: pkg("npm", "@scope/..")},
		{Field: "package", Call: pkg("npm", "re act")},
		{Field: "package", Call: pkg("npm", "react\n")},
		{Field: "package", Call: stats("npm", "", "")},
		{Field: "period", Call: stats("npm", "react", "last month")},
		{Field: "period", Call: stats("npm", "react", "month&x=1")},
		{Field: "specifier", Call: resolve("")},
		{Field: "specifier", Call: resolve("  ")},
		{Field: "specifier", Call: resolve("^1\r\n")},
	})
}

// Input is checked before the base URL: a bad name is reported as such even
// when no URL is configured, and a good one then fails on the missing URL.
func TestInputBeforeBaseURL(t *testing.T) {
	testkit.ClearEnv(t, "CONDUIT_PKGSTATS_CDN_STATS_URL", "CONDUIT_CDN_STATS_URL")
	c, err := pkgstats.New()
	require.NoError(t, err)
	_, err = c.Stats(ctx, "npm", "a/b", nil)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	testkit.DefaultBaseURL(t, "CONDUIT_PKGSTATS_CDN_STATS_URL", "https://data.jsdelivr.com/v1/packages/npm/@babel/core/resolved", pkgstats.New,
		func(c *pkgstats.Client) error { _, err := c.Resolve(ctx, "npm", "@babel/core", "latest"); return err })
}

// Any name Package accepts reaches the server as one segment, or two for
// @scope/name, that unescape back to the name; any it refuses names package.
func FuzzPackageName(f *testing.F) {
	for _, s := range []string{"react", "@babel/core", "a/b", "@a/b/c", "@/x", "..", "%2F", "@x/%2e%2e", "jquery@3", "ü", "a b", "@@/x"} {
		f.Add(s)
	}
	srv := testkit.Start(f, testkit.Reply{Body: `{}`})
	c := testkit.Client(f, pkgstats.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	f.Fuzz(func(t *testing.T, name string) {
		_, err := c.Package(ctx, "npm", name)
		if err != nil {
			var e *pkgstats.Error
			if !errors.As(err, &e) || e.Field != "package" {
				t.Fatalf("name %q: %v", name, err)
			}
			return
		}
		path := srv.Last(t).Path
		segs := strings.Split(strings.TrimPrefix(path, "/v1/packages/npm/"), "/")
		if len(segs) > 2 || (len(segs) == 2) != strings.HasPrefix(name, "@") {
			t.Fatalf("name %q went out as %d segments: %s", name, len(segs), path)
		}
		for i, s := range segs {
			if segs[i], err = url.PathUnescape(s); err != nil {
				t.Fatalf("name %q: segment %q does not unescape: %v", name, s, err)
			}
		}
		if got := strings.Join(segs, "/"); got != name {
			t.Fatalf("name %q arrived as %q", name, got)
		}
	})
}
