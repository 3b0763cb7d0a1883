package pkgstats_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/pkgstats"
)

// Do reaches an endpoint the package does not type below the same /v1
// base, credential-free like the typed calls; a write is sent once.
func TestDo(t *testing.T) {
	c, srv := local(t, testkit.Reply{ContentType: jsonType, Body: `{"js":{"file":"/dist/jquery.min.js","guessed":false}}`})
	var entry struct {
		JS struct{ File string } `json:"js"`
	}
	require.NoError(t, c.Do(ctx, "GET", "/packages/npm/jquery@3.7.1/entrypoints", nil, &entry))
	assert.Equal(t, "/dist/jquery.min.js", entry.JS.File)
	r := srv.Last(t)
	testkit.OpenGET(t, r)
	assert.Equal(t, "/v1/packages/npm/jquery@3.7.1/entrypoints", r.Path)

	down := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable, ContentType: "text/plain", Body: "busy"})
	w := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(down.URL), testkit.Fast)
	err := w.Do(ctx, "POST", "/purge", map[string]string{"path": "/npm/jquery"}, nil, conduit.WithBodyField("all", true))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "pkgstats", Op: "Do", Status: 503, Message: "busy"})
	assert.Equal(t, 1, down.Hits(), "a write is not retried")
	assert.JSONEq(t, `{"path":"/npm/jquery","all":true}`, string(down.Last(t).Body), "body fields merge into Do's body")
	assert.Equal(t, "/v1/purge", down.Last(t).Path)
}

// Per-call options reach the wire for that call only, and WithResponse
// reports the answer.
func TestPerCallOptions(t *testing.T) {
	c, srv := local(t, testkit.Reply{ContentType: jsonType, Header: []string{"CF-RAY", "8f3d22aa11c04b7f-FRA", "X-Response-Time", "12ms"},
		Body: testkit.Fixture(t, "pkgstats", "resolved.json")})
	var resp conduit.Response
	r, err := c.Resolve(ctx, "npm", "@babel/core", "^7.20",
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("structure", "flat"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, "7.24.7", r.Version)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "specifier=%5E7.20&structure=flat", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "8f3d22aa11c04b7f-FRA", resp.RequestID)
	assert.Equal(t, "12ms", resp.Header.Get("X-Response-Time"))
	assert.Equal(t, srv.URL+"/v1/packages/npm/@babel/core/resolved?specifier=%5E7.20&structure=flat", resp.URL)
	assert.Equal(t, 1, resp.Attempts)

	_, err = c.Package(ctx, "npm", "react")
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options stay with that call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.Stats(ctx, "npm", "react", nil, conduit.WithBodyField("period", "week"))
	testkit.InvalidParam(t, err, "options")
	assert.Equal(t, 2, srv.Hits(), "a GET takes no body fields, and says so before sending")
}

// A base pasted with or without its /v1 reaches the same URL.
func TestBaseVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: jsonType, Body: `{}`})
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/v1", srv.URL + "/v1/"} {
		c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(base))
		_, err := c.Stats(ctx, "npm", "jquery", nil)
		require.NoError(t, err, base)
		assert.Equal(t, "/v1/stats/packages/npm/jquery", srv.Last(t).Path, base)
	}
}

// The environment names: CONDUIT_PKGSTATS_CDN_STATS_URL, and the older
// CONDUIT_CDN_STATS_URL for one release.
func TestBaseURLFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	for _, env := range []string{"CONDUIT_PKGSTATS_CDN_STATS_URL", "CONDUIT_CDN_STATS_URL"} {
		testkit.ClearEnv(t, "CONDUIT_PKGSTATS_CDN_STATS_URL", "CONDUIT_CDN_STATS_URL")
		t.Setenv(env, srv.URL("pkgstats", "cdn_stats_url"))
		c, err := pkgstats.New()
		require.NoError(t, err)
		_, err = c.Package(ctx, "npm", "@babel/core")
		require.NoError(t, err, env)
	}
}
