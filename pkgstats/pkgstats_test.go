package pkgstats_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/pkgstats"
)

var ctx = context.Background()

// onReplay is a client of a fresh replay server.
func onReplay(t *testing.T) *pkgstats.Client {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := pkgstats.New(srv.Options("pkgstats")...)
	require.NoError(t, err)
	return c
}

// last keeps the most recent request a local server saw, and counts them.
type last struct {
	req  atomic.Pointer[http.Request]
	hits atomic.Int64
}

// local serves body with status below a /v1 base, the way the live service
// carries its version.
func local(t *testing.T, l *last, status int, body string) *pkgstats.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.hits.Add(1)
		l.req.Store(r)
		if strings.HasPrefix(body, "{") || body == "null" {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	c, err := pkgstats.New(conduit.WithBaseURL(srv.URL+"/v1"), conduit.WithMaxRetries(0))
	require.NoError(t, err)
	return c
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
		days = append(days, d)
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
	u := pkgstats.Usage{Dates: map[string]int64{"2024-01-03": 3, "2024-01-01": 1, "2024-01-02": 2}}
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
		{func(c *pkgstats.Client) error { _, err := c.Stats(ctx, "gh", "jquery", nil); return err },
			"/v1/stats/packages/gh/jquery", url.Values{}},
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
		var l last
		c := local(t, &l, 200, `{}`)
		require.NoError(t, tc.call(c), tc.path)
		r := l.req.Load()
		assert.Equal(t, "GET", r.Method)
		assert.Equal(t, tc.path, r.URL.EscapedPath(), "a scoped name stays two escaped segments")
		assert.Equal(t, tc.query, r.URL.Query())
		assert.Equal(t, "application/json", r.Header.Get("Accept"))
		assert.Empty(t, r.Header.Get("Authorization"), "the interface takes no credentials")
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		status int
		body   string
		is     error
		msg    string
	}{
		{404, `{"status":404,"message":"Couldn't find the requested package."}`, conduit.ErrNotFound, "Couldn't find the requested package."},
		{403, `{"status":403,"message":"Package size exceeded the configured limit of 50 MB."}`, conduit.ErrUnauthorized, "Package size exceeded the configured limit of 50 MB."},
		{400, `{"status":400,"message":"Invalid parameter period: must be one of day, week, month, quarter, year."}`, conduit.ErrAPI, "Invalid parameter period: must be one of day, week, month, quarter, year."},
		{503, `<!DOCTYPE html><html><body>Service Unavailable</body></html>`, conduit.ErrAPI, ""},
		{200, `null`, conduit.ErrMalformedResponse, "empty or null body where a record was expected"},
		{200, `{"hits":{"total":"lots"}}`, conduit.ErrMalformedResponse, "decoding the response: json: cannot unmarshal string into Go struct field Usage.hits.total of type int64"},
		{200, `{"hits":`, conduit.ErrMalformedResponse, "decoding the response: unexpected end of JSON input"},
	}
	for _, tc := range cases {
		var l last
		_, err := local(t, &l, tc.status, tc.body).Stats(ctx, "npm", "jquery", nil)
		var e *pkgstats.Error
		require.ErrorAs(t, err, &e, tc.body)
		assert.ErrorIs(t, err, tc.is, tc.body)
		assert.Equal(t, "pkgstats", e.Service)
		assert.Equal(t, "GET /stats/packages/{registry_type}/{package...}", e.Endpoint, "errors name the template, not the URL")
		assert.Equal(t, tc.msg, e.Message, tc.body)
		if tc.status != 200 {
			assert.Equal(t, tc.status, e.StatusCode)
			assert.Equal(t, tc.body, string(e.Body))
		}
	}
}

func TestBadInput(t *testing.T) {
	var l last
	c := local(t, &l, 200, `{}`)
	stats := func(typ, name, period string) error {
		_, err := c.Stats(ctx, typ, name, &pkgstats.StatsParams{Period: period})
		return err
	}
	pkg := func(typ, name string) error { _, err := c.Package(ctx, typ, name); return err }
	resolve := func(spec string) error { _, err := c.Resolve(ctx, "npm", "react", spec); return err }
	cases := []struct {
		field string
		err   error
	}{
		{"registry_type", pkg("", "react")},
		{"registry_type", pkg("NPM", "react")},
		{"registry_type", pkg("npm/x", "react")},
		{"registry_type", pkg("..", "react")},
		{"package", pkg("npm", "")},
		{"package", pkg("npm", "jquery/jquery")},
		{"package", pkg("npm", "@babel/core/extra")},
		{"package", pkg("npm", "@babel")},
		{"package", pkg("npm", "@babel/")},
		{"package", pkg("npm", "@/core")},
		{"package", pkg("npm", "/react")},
		{"package", pkg("npm", "..")},
		{"package", pkg("npm", "@scope/..")},
		{"package", pkg("npm", "re act")},
		{"package", pkg("npm", "react\n")},
		{"package", stats("npm", "", "")},
		{"period", stats("npm", "react", "last month")},
		{"period", stats("npm", "react", "month&x=1")},
		{"specifier", resolve("")},
		{"specifier", resolve("  ")},
		{"specifier", resolve("^1\r\n")},
	}
	for i, tc := range cases {
		var e *pkgstats.Error
		require.ErrorAs(t, tc.err, &e, "case %d", i)
		assert.ErrorIs(t, tc.err, conduit.ErrInvalidParam, "case %d", i)
		assert.Equal(t, tc.field, e.Field, "case %d: %v", i, tc.err)
	}
	assert.Zero(t, l.hits.Load(), "bad input must not reach the server")
}

// Input is checked before the base URL: a bad name is reported as such even
// when no URL is configured, and a good one then fails on the missing URL.
func TestInputBeforeBaseURL(t *testing.T) {
	t.Setenv("CONDUIT_CDN_STATS_URL", "")
	c, err := pkgstats.New()
	require.NoError(t, err)
	_, err = c.Stats(ctx, "npm", "a/b", nil)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	_, err = c.Resolve(ctx, "npm", "@babel/core", "latest")
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.NotErrorIs(t, err, conduit.ErrInvalidParam)
	assert.ErrorContains(t, err, "CONDUIT_CDN_STATS_URL")
}

// Any name Package accepts reaches the server as one segment, or two for
// @scope/name, that unescape back to the name; any it refuses names package.
func FuzzPackageName(f *testing.F) {
	for _, s := range []string{"react", "@babel/core", "a/b", "@a/b/c", "@/x", "..", "%2F", "@x/%2e%2e", "jquery@3", "ü", "a b", "@@/x"} {
		f.Add(s)
	}
	var path atomic.Pointer[string]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.EscapedPath()
		path.Store(&p)
		io.WriteString(w, `{}`)
	}))
	defer srv.Close()
	c, err := pkgstats.New(conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, name string) {
		_, err := c.Package(ctx, "npm", name)
		if err != nil {
			var e *pkgstats.Error
			if !errors.As(err, &e) || e.Field != "package" {
				t.Fatalf("name %q: %v", name, err)
			}
			return
		}
		segs := strings.Split(strings.TrimPrefix(*path.Load(), "/packages/npm/"), "/")
		if len(segs) > 2 || (len(segs) == 2) != strings.HasPrefix(name, "@") {
			t.Fatalf("name %q went out as %d segments: %s", name, len(segs), *path.Load())
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
