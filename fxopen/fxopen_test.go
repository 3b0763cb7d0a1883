package fxopen_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/internal/golden"
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
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "fxopen", "latest.json")})
	_, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL+"/v6/")).Latest(context.Background(), "EUR")
	require.NoError(t, err)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/v6/latest/EUR", got.URI, "no query")
}

func TestLatestErrors(t *testing.T) {
	at200 := func(code string) testkit.Shape { return testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: code} }
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	testkit.Errors(t, []testkit.Case{
		{Name: "result error at 200", Reply: testkit.Reply{Body: `{"result":"error","error-type":"unsupported-code"}`}, Want: at200("unsupported-code")},
		{Name: "result error without type", Reply: testkit.Reply{Body: `{"result":"error"}`}, Want: at200("")},
		{Name: "empty object is no success", Reply: testkit.Reply{Body: `{}`}, Want: at200("")},
		{Name: "failure with odd rates type", Reply: testkit.Reply{Body: `{"result":"error","error-type":"malformed-request","rates":""}`}, Want: at200("malformed-request")},
		{Name: "404 json", Reply: testkit.Reply{Status: 404, Body: `{"result":"error","error-type":"unsupported-code"}`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "unsupported-code"}},
		{Name: "429", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Body: `slow down`}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}},
		{Name: "502 html", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body>bad gateway</body></html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
		{Name: "null body", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		{Name: "truncated", Reply: testkit.Reply{Body: `{"result":"success","rates":{"EUR":0.9`}, Want: malformed},
		{Name: "bad timestamp", Reply: testkit.Reply{Body: `{"result":"success","time_last_update_unix":"yesterday"}`}, Want: malformed},
	}, nil, testkit.Op{Service: "fxopen", Op: "Latest", Endpoint: "GET /latest/{base_code}", Call: func(t *testing.T, url string) error {
		r, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(1), testkit.Fast).Latest(context.Background(), "USD")
		assert.Nil(t, r)
		return err
	}})
}

func TestLatestRetriesServerErrors(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable}, testkit.Reply{Body: testkit.Fixture(t, "fxopen", "latest.json")})
	r, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL), testkit.Fast).Latest(context.Background(), "USD")
	require.NoError(t, err)
	assert.Equal(t, "USD", r.BaseCode)
	assert.Equal(t, 2, srv.Hits())
}

func TestLatestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL))
	var inputs []testkit.Input
	for _, base := range []string{"", "usd", "Usd", "US", "USDT", "U$D", "ÜSD", "../", "US "} {
		inputs = append(inputs, testkit.Input{Field: "base_code", Call: func() error { _, err := c.Latest(context.Background(), base); return err }})
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "fxopen", Op: "Latest"}, inputs)
}

func TestBaseURL(t *testing.T) {
	t.Setenv("CONDUIT_OPEN_FX_URL", "")
	testkit.DefaultBaseURL(t, "CONDUIT_FXOPEN_OPEN_FX_URL", "https://open.er-api.com/v6/latest/", fxopen.New, func(c *fxopen.Client) error {
		_, err := c.Latest(context.Background(), "USD")
		return err
	})
	srv := testkit.ReplayServer(t)
	for _, env := range []string{"CONDUIT_FXOPEN_OPEN_FX_URL", "CONDUIT_OPEN_FX_URL"} {
		t.Setenv("CONDUIT_FXOPEN_OPEN_FX_URL", "")
		t.Setenv(env, srv.URL("fxopen", "open_fx_url"))
		c, err := fxopen.New()
		require.NoError(t, err)
		r, err := c.Latest(context.Background(), "USD")
		require.NoError(t, err, env)
		assert.NotEmpty(t, r.Rates)
	}
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
