package fxopen_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestLatest(t *testing.T) {
	r, err := testkit.Replay(t, "fxopen", fxopen.New).Latest(context.Background(), "USD")
	require.NoError(t, err)
	assert.Equal(t, "USD", r.BaseCode)
	assert.Equal(t, 1.0, r.Rates["USD"], "the base maps to 1")
	assert.Equal(t, 0.948217, r.Rates["EUR"])
	assert.Equal(t, 25403.615427, r.Rates["VND"])
	assert.Equal(t, "https://www.exchangerate-api.com", r.Provider, "the attribution link")
	assert.Equal(t, time.Date(2024, 11, 18, 0, 0, 1, 0, time.UTC), r.TimeLastUpdateUnix.Time)
	assert.Equal(t, time.UTC, r.TimeLastUpdateUnix.Location())
	assert.Equal(t, time.Date(2024, 11, 19, 0, 11, 31, 0, time.UTC), r.TimeNextUpdateUnix.Time)
	assert.True(t, r.TimeEOLUnix.IsZero(), "time_eol_unix 0 means no end announced")
	assert.Equal(t, "Mon, 18 Nov 2024 00:00:01 +0000", r.TimeLastUpdateUTC)
	testkit.Unshown(t, r, "cache_region", "eu-west")
	golden.JSON(t, "fxopen", "latest", r)
}

// The _utc strings are display text for the same instants as the Unix
// fields.
func TestUTCStringsMatchUnixTimes(t *testing.T) {
	r, err := testkit.Replay(t, "fxopen", fxopen.New).Latest(context.Background(), "USD")
	require.NoError(t, err)
	last, err := time.Parse(time.RFC1123Z, r.TimeLastUpdateUTC)
	require.NoError(t, err)
	next, err := time.Parse(time.RFC1123Z, r.TimeNextUpdateUTC)
	require.NoError(t, err)
	assert.True(t, last.Equal(r.TimeLastUpdateUnix.Time))
	assert.True(t, next.Equal(r.TimeNextUpdateUnix.Time))
}

func TestUnsupportedCodeFromReplay(t *testing.T) {
	_, err := testkit.Replay(t, "fxopen", fxopen.New).Latest(context.Background(), "XYZ")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fxopen", Op: "Latest", Status: 200, Code: "unsupported-code"})
	assert.Contains(t, err.Error(), "unsupported-code")
}

func TestLatestRequestShape(t *testing.T) {
	var got *http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		http.ServeFile(w, r, "../testdata/fxopen/latest.json")
	}))
	defer srv.Close()
	c, err := fxopen.New(conduit.WithBaseURL(srv.URL + "/v6/"))
	require.NoError(t, err)
	_, err = c.Latest(context.Background(), "EUR")
	require.NoError(t, err)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/v6/latest/EUR", got.URL.EscapedPath())
	assert.Empty(t, got.URL.RawQuery)
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.Equal(t, "conduit-go/"+conduit.Version, got.Header.Get("User-Agent"))
	assert.Empty(t, got.Header.Get("Authorization"))
	assert.Zero(t, got.ContentLength)
}

func TestLatestErrors(t *testing.T) {
	cases := []struct {
		name   string
		status int
		ctype  string
		body   string
		want   testkit.Shape
	}{
		{"result error at 200", 200, "application/json", `{"result":"error","error-type":"unsupported-code"}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "unsupported-code"}},
		{"result error without type", 200, "application/json", `{"result":"error"}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200}},
		{"empty object is no success", 200, "application/json", `{}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200}},
		{"failure with odd rates type", 200, "application/json", `{"result":"error","error-type":"malformed-request","rates":""}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "malformed-request"}},
		{"404 json", 404, "application/json", `{"result":"error","error-type":"unsupported-code"}`, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "unsupported-code"}},
		{"429", 429, "text/plain", `slow down`, testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}},
		{"502 html", 502, "text/html", `<html><body>bad gateway</body></html>`, testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
		{"null body", 200, "application/json", `null`, testkit.Shape{Is: conduit.ErrMalformedResponse}},
		{"truncated", 200, "application/json", `{"result":"success","rates":{"EUR":0.9`, testkit.Shape{Is: conduit.ErrMalformedResponse}},
		{"bad timestamp", 200, "application/json", `{"result":"success","time_last_update_unix":"yesterday"}`, testkit.Shape{Is: conduit.ErrMalformedResponse}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := testkit.Answer(t, tc.status, tc.ctype, tc.body)
			c, err := fxopen.New(conduit.WithBaseURL(u), conduit.WithMaxRetries(1), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond))
			require.NoError(t, err)
			r, err := c.Latest(context.Background(), "USD")
			assert.Nil(t, r)
			want := tc.want
			want.Service, want.Op, want.Endpoint = "fxopen", "Latest", "GET /latest/{base_code}"
			testkit.Check(t, err, want)
		})
	}
}

func TestLatestRetriesServerErrors(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		http.ServeFile(w, r, "../testdata/fxopen/latest.json")
	}))
	defer srv.Close()
	c, err := fxopen.New(conduit.WithBaseURL(srv.URL), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond))
	require.NoError(t, err)
	r, err := c.Latest(context.Background(), "USD")
	require.NoError(t, err)
	assert.Equal(t, "USD", r.BaseCode)
	assert.EqualValues(t, 2, hits.Load())
}

func TestLatestBadInput(t *testing.T) {
	srv := testkit.Count(t)
	c, err := fxopen.New(conduit.WithBaseURL(srv.URL))
	require.NoError(t, err)
	for _, base := range []string{"", "usd", "Usd", "US", "USDT", "U$D", "ÜSD", "../", "US "} {
		_, err := c.Latest(context.Background(), base)
		testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Op: "Latest", Field: "base_code"})
	}
	assert.Zero(t, srv.Hits(), "bad input must not reach the server")
}

func TestBaseURL(t *testing.T) {
	testkit.NoBaseURL(t, "CONDUIT_OPEN_FX_URL", fxopen.New, func(c *fxopen.Client) error {
		_, err := c.Latest(context.Background(), "USD")
		return err
	})
	srv := replay.Start()
	defer srv.Close()
	t.Setenv("CONDUIT_OPEN_FX_URL", srv.URL("open_fx_url"))
	c, err := fxopen.New()
	require.NoError(t, err)
	r, err := c.Latest(context.Background(), "USD")
	require.NoError(t, err)
	assert.NotEmpty(t, r.Rates)
}

func TestUnixTime(t *testing.T) {
	cases := map[string]time.Time{
		`1731888001`:                  time.Date(2024, 11, 18, 0, 0, 1, 0, time.UTC),
		`"1731888001"`:                time.Date(2024, 11, 18, 0, 0, 1, 0, time.UTC),
		`"2024-11-18T01:00:01+01:00"`: time.Date(2024, 11, 18, 0, 0, 1, 0, time.UTC),
		`-86400`:                      time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC),
		`0`:                           {},
		`null`:                        {},
	}
	for in, want := range cases {
		var u fxopen.UnixTime
		require.NoError(t, json.Unmarshal([]byte(in), &u), in)
		assert.True(t, want.Equal(u.Time), "%s decoded to %v", in, u.Time)
		if !u.IsZero() {
			assert.Equal(t, time.UTC, u.Location(), in)
		}
	}
	for _, in := range []string{`"yesterday"`, `1.5`, `true`, `{}`, `""`, `9223372036854775807`, `253402300800`} {
		var u fxopen.UnixTime
		assert.Error(t, json.Unmarshal([]byte(in), &u), in)
	}
}

// A decoded result encodes and decodes back to the same instants, so
// results can be cached as JSON.
func TestRatesJSONRoundTrip(t *testing.T) {
	r, err := testkit.Replay(t, "fxopen", fxopen.New).Latest(context.Background(), "USD")
	require.NoError(t, err)
	b, err := json.Marshal(r)
	require.NoError(t, err)
	var back fxopen.Rates
	require.NoError(t, json.Unmarshal(b, &back))
	assert.True(t, back.TimeLastUpdateUnix.Equal(r.TimeLastUpdateUnix.Time))
	assert.True(t, back.TimeEOLUnix.IsZero())
	assert.Equal(t, r.Rates, back.Rates)
}

func FuzzUnixTime(f *testing.F) {
	for _, s := range []string{`1731888001`, `"1731888001"`, `0`, `null`, `-1`, `"2024-11-18T00:00:01Z"`, `9223372036854775807`, `1e9`, `"x"`, `"-62135596801"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var u fxopen.UnixTime
		if u.UnmarshalJSON([]byte(in)) == nil && !u.IsZero() && u.Location() != time.UTC {
			t.Fatalf("%q decoded outside UTC: %v", in, u.Time)
		}
		testkit.RoundTrip[fxopen.UnixTime](t, []byte(in))
	})
}
