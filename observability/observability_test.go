package observability_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

var key = replay.Credential("observability", "api_key")

func replayClient(t *testing.T, opts ...observability.Option) (*observability.Client, *replay.Server) {
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, observability.New, append(srv.Options("observability"), opts...)...), srv
}

// record starts a server answering every request with status and body.
func record(t *testing.T, status int, body string) *testkit.Server {
	return testkit.Start(t, testkit.Reply{Status: status, Body: body})
}

// client is a Client at base with the key set and fast retries.
func client(t testing.TB, base string, opts ...observability.Option) *observability.Client {
	return testkit.Client(t, observability.New, append(opts, conduit.WithBaseURL(base), observability.WithAPIKey(key), testkit.Fast)...)
}

func TestAuth(t *testing.T) {
	c, srv := replayClient(t)
	a, err := c.Auth(context.Background())
	require.NoError(t, err)
	assert.Equal(t, observability.ID("hcxik_01j5w8q3k2m7v9x4b6n1c0d8ef"), a.ID)
	assert.Equal(t, observability.Named{Name: "Acme Payments", Slug: "acme-payments"}, a.Team)
	assert.Equal(t, "production", a.Environment.Slug)
	assert.True(t, a.APIKeyAccess["events"])
	assert.False(t, a.APIKeyAccess["queries"])
	var extra struct {
		KeyName    string `json:"key_name"`
		Timestamps struct {
			LastUsed time.Time `json:"last_used"`
		} `json:"timestamps"`
	}
	require.NoError(t, a.Decode(&extra))
	assert.Equal(t, "checkout-service ingest", extra.KeyName, "fields the spec does not show stay reachable")
	assert.Equal(t, 2024, extra.Timestamps.LastUsed.Year())
	assert.Equal(t, 1, srv.Hits("GET /obs_url/1/auth"))
	golden.JSON(t, "observability", "auth", a)
}

func TestListDatasets(t *testing.T) {
	c, _ := replayClient(t)
	ds, err := c.ListDatasets(context.Background())
	require.NoError(t, err)
	require.Len(t, ds, 2)
	assert.Equal(t, "checkout", ds[0].Slug)
	assert.Equal(t, time.Date(2023, 3, 14, 9, 26, 53, 0, time.UTC), ds[0].CreatedAt)
	require.NotNil(t, ds[0].LastWrittenAt)
	assert.Equal(t, time.Date(2024, 8, 19, 23, 58, 12, 0, time.UTC), *ds[0].LastWrittenAt)
	assert.Nil(t, ds[1].LastWrittenAt, "never written")
	var extra struct {
		Columns  int `json:"regular_columns_count"`
		Settings struct {
			DeleteProtected bool `json:"delete_protected"`
		} `json:"settings"`
	}
	require.NoError(t, ds[0].Decode(&extra))
	assert.Equal(t, 57, extra.Columns)
	assert.True(t, extra.Settings.DeleteProtected)
	assert.Contains(t, string(ds[1].RawJSON()), `"expand_json_depth": 0`)
	golden.JSON(t, "observability", "list_datasets", ds)
}

func TestSendEvent(t *testing.T) {
	c, srv := replayClient(t)
	err := c.SendEvent(context.Background(), "edge proxy/eu", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits("POST /obs_url/1/events/{dataset}"))

	rec := record(t, 200, `{}`)
	event := observability.Event{
		"route": "/cart", "status": int16(503), "bytes": uint64(math.MaxUint64), "duration_ms": float32(41.5),
		"ratio": 0.125, "trace.id": json.Number("12345678901234567890123"), "attempt": time.Duration(3),
	}
	require.NoError(t, client(t, rec.URL).SendEvent(context.Background(), "checkout", event))
	require.Equal(t, 1, rec.Hits())
	golden.Bytes(t, "observability", "send_event", append(rec.Last(t).Body, '\n'))
}

func TestRequestShape(t *testing.T) {
	rec := record(t, 200, `[]`)
	c := client(t, rec.URL+"/base/")
	ctx := context.Background()
	_, err := c.Auth(ctx)
	require.Error(t, err, "an array is not an auth record")
	_, err = c.ListDatasets(ctx)
	require.NoError(t, err)
	require.NoError(t, c.SendEvent(ctx, "my data/set", observability.Event{"k": "v"}))
	want := []struct{ method, path string }{
		{"GET", "/base/1/auth"},
		{"GET", "/base/1/datasets"},
		{"POST", "/base/1/events/my%20data%2Fset"},
	}
	reqs := rec.Requests()
	require.Len(t, reqs, len(want))
	for i, r := range reqs {
		assert.Equal(t, want[i].method, r.Method)
		assert.Equal(t, want[i].path, r.URI, "dataset names are one escaped segment; there is no query")
		assert.Equal(t, key, r.Header.Get("X-Service-Team"))
		assert.Empty(t, r.Header.Get("Authorization"))
		assert.Equal(t, []string{"header X-Service-Team"}, r.Holds(key), "the key is in X-Service-Team only")
	}
	assert.Equal(t, "application/json", reqs[2].Header.Get("Content-Type"))
	assert.JSONEq(t, `{"k":"v"}`, string(reqs[2].Body))
	assert.Empty(t, reqs[0].Body)
}

func TestRegions(t *testing.T) {
	us := record(t, 200, `{"team":{"name":"US team"}}`)
	eu := record(t, 200, `{"team":{"name":"EU team"}}`)
	ctx := context.Background()

	usc := client(t, us.URL, observability.WithEUURL(eu.URL))
	assert.Equal(t, observability.US, usc.Region())
	a, err := usc.Auth(ctx)
	require.NoError(t, err)
	assert.Equal(t, "US team", a.Team.Name)

	euc, err := observability.New(observability.WithRegion(observability.EU), observability.WithEUURL(eu.URL), observability.WithAPIKey(key))
	require.NoError(t, err)
	assert.Equal(t, observability.EU, euc.Region())
	a, err = euc.Auth(ctx)
	require.NoError(t, err)
	assert.Equal(t, "EU team", a.Team.Name)
	require.NoError(t, euc.SendEvent(ctx, "checkout", observability.Event{"n": 1}))
	assert.Equal(t, 1, us.Hits())
	assert.Equal(t, 2, eu.Hits())
	assert.Equal(t, key, eu.Last(t).Header.Get("X-Service-Team"))

	// WithBaseURL sets the selected region's URL.
	viaBase, err := observability.New(observability.WithRegion("EU"), conduit.WithBaseURL(eu.URL), observability.WithAPIKey(key))
	require.NoError(t, err)
	_, err = viaBase.Auth(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, eu.Hits())

	// Region and URLs from the environment.
	t.Setenv("CONDUIT_OBSERVABILITY_REGION", "eu")
	t.Setenv("CONDUIT_OBS_URL", us.URL)
	t.Setenv("CONDUIT_OBS_EU_URL", eu.URL)
	t.Setenv("CONDUIT_OBSERVABILITY_API_KEY", key)
	fromEnv, err := observability.New()
	require.NoError(t, err)
	assert.Equal(t, observability.EU, fromEnv.Region())
	_, err = fromEnv.Auth(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, eu.Hits())
	assert.Equal(t, 1, us.Hits())
}

func TestRegionReplay(t *testing.T) {
	c, srv := replayClient(t, observability.WithRegion(observability.EU))
	a, err := c.Auth(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "production-eu", a.Environment.Slug)
	assert.Equal(t, 1, srv.Hits("GET /obs_eu_url/1/auth"))
	assert.Zero(t, srv.Hits("GET /obs_url/1/auth"))
}

func TestReplayRejectsWrongKey(t *testing.T) {
	c := testkit.Replay(t, "observability", observability.New, observability.WithAPIKey("wrong-key"))
	_, err := c.Auth(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
}

func TestUnknownRegion(t *testing.T) {
	_, err := observability.New(observability.WithRegion("mars"))
	var e *observability.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "region", e.Field)
}

func TestMissingEUURL(t *testing.T) {
	t.Setenv("CONDUIT_OBS_EU_URL", "")
	c, err := observability.New(observability.WithRegion(observability.EU), observability.WithAPIKey(key))
	require.NoError(t, err)
	_, err = c.Auth(context.Background())
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_OBS_EU_URL")
}

func TestErrors(t *testing.T) {
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	calls := map[string]func(*observability.Client) error{
		"Auth":         func(c *observability.Client) error { _, err := c.Auth(context.Background()); return err },
		"ListDatasets": func(c *observability.Client) error { _, err := c.ListDatasets(context.Background()); return err },
		"SendEvent": func(c *observability.Client) error {
			return c.SendEvent(context.Background(), "checkout", observability.Event{"a": 1})
		},
	}
	for op, cases := range map[string][]testkit.Case{
		"Auth": {
			{Name: "401 json", Reply: testkit.Reply{Status: 401, Body: testkit.Fixture(t, "observability", "unknown_api_key.json")}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401}},
			{Name: "429", Reply: testkit.Reply{Status: 429, Body: `{"error":"rate limited"}`}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}},
			{Name: "200 null auth", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		},
		"ListDatasets": {
			{Name: "404 dataset", Reply: testkit.Reply{Status: 404, Body: `{"error":"dataset not found"}`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404}},
			{Name: "200 wrong shape", Reply: testkit.Reply{Body: `{"datasets":[]}`}, Want: malformed},
			{Name: "200 bad time", Reply: testkit.Reply{Body: `[{"name":"x","created_at":"yesterday"}]`}, Want: malformed},
		},
		"SendEvent": {
			{Name: "400 event", Reply: testkit.Reply{Status: 400, Body: `{"error":"request body should be a JSON object"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400}},
			{Name: "500 html", Reply: testkit.Reply{Status: 500, Body: `<html>oops</html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500}},
		},
	} {
		testkit.Errors(t, cases, []string{key}, testkit.Op{Service: "observability", Op: op, Call: func(t *testing.T, url string) error {
			return calls[op](client(t, url, conduit.WithMaxRetries(0)))
		}})
	}
}

func TestKeyNeverPrinted(t *testing.T) {
	echo := record(t, 500, `{"error":"bad key `+key+`"}`)
	for _, base := range []string{testkit.Closed(t), echo.URL} {
		_, err := client(t, base, conduit.WithMaxRetries(1)).Auth(context.Background())
		testkit.NoSecret(t, err, key)
	}
}

func TestRetries(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		call   func(c *observability.Client) error
		hits   int
	}{
		{"read retried on 503", 503, func(c *observability.Client) error { _, err := c.ListDatasets(context.Background()); return err }, 2},
		{"ingest not retried on 503", 503, func(c *observability.Client) error {
			return c.SendEvent(context.Background(), "d", observability.Event{"a": 1})
		}, 1},
		{"ingest retried on 429", 429, func(c *observability.Client) error {
			return c.SendEvent(context.Background(), "d", observability.Event{"a": 1})
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := testkit.Start(t, testkit.Reply{Status: tc.status, Body: `{}`}, testkit.Reply{Body: `[]`})
			err := tc.call(client(t, rec.URL))
			assert.Equal(t, tc.hits, rec.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}

type celsius float64

func TestEventValueKinds(t *testing.T) {
	rec := record(t, 200, `{}`)
	c := client(t, rec.URL)
	event := observability.Event{
		"int": int(-1), "int8": int8(-8), "int16": int16(16), "int32": int32(32), "int64": int64(math.MinInt64),
		"uint": uint(1), "uint8": uint8(8), "uint16": uint16(16), "uint32": uint32(32), "uint64": uint64(math.MaxUint64),
		"uintptr": uintptr(7), "float32": float32(0.5), "float64": 1e300, "named": celsius(21.5),
		"number": json.Number("-1.5e3"), "text": "", "unicode": "naïve ☃",
	}
	require.NoError(t, c.SendEvent(context.Background(), "kinds", event))
	assert.JSONEq(t, `{"int":-1,"int8":-8,"int16":16,"int32":32,"int64":-9223372036854775808,
		"uint":1,"uint8":8,"uint16":16,"uint32":32,"uint64":18446744073709551615,"uintptr":7,
		"float32":0.5,"float64":1e300,"named":21.5,"number":-1.5e3,"text":"","unicode":"naïve ☃"}`, string(rec.Last(t).Body))
	assert.Contains(t, string(rec.Last(t).Body), `18446744073709551615`, "integers are sent exactly")
}

type jsonObject struct{}

func (jsonObject) MarshalJSON() ([]byte, error) { return []byte(`{"nested":true}`), nil }

func TestBadInput(t *testing.T) {
	rec := record(t, 200, `{}`)
	c := client(t, rec.URL)
	n := 3
	send := func(dataset string, event observability.Event) func() error {
		return func() error { return c.SendEvent(context.Background(), dataset, event) }
	}
	testkit.BadInput(t, rec, testkit.Shape{Service: "observability", Op: "SendEvent"}, []testkit.Input{
		{Field: "dataset", Call: send("", observability.Event{"a": 1})},
		{Field: "event", Call: send("d", nil)},
		{Field: "event", Call: send("d", observability.Event{})},
		{Field: "event", Call: send("d", observability.Event{"": "x"})},
		{Field: "user", Call: send("d", observability.Event{"ok": 1, "user": map[string]any{"id": 1}})},
		{Field: "tags", Call: send("d", observability.Event{"tags": []string{"a"}})},
		{Field: "bytes", Call: send("d", observability.Event{"bytes": []byte("raw")})},
		{Field: "cached", Call: send("d", observability.Event{"cached": true})},
		{Field: "error", Call: send("d", observability.Event{"error": nil})},
		{Field: "ratio", Call: send("d", observability.Event{"ratio": math.NaN()})},
		{Field: "ratio", Call: send("d", observability.Event{"ratio": math.Inf(-1)})},
		{Field: "ratio", Call: send("d", observability.Event{"ratio": float32(math.Inf(1))})},
		{Field: "ptr", Call: send("d", observability.Event{"ptr": &n})},
		{Field: "z", Call: send("d", observability.Event{"z": complex(1, 2)})},
		{Field: "when", Call: send("d", observability.Event{"when": time.Now()})},
		{Field: "custom", Call: send("d", observability.Event{"custom": jsonObject{}})},
		{Field: "num", Call: send("d", observability.Event{"num": json.Number("abc")})},
		{Field: "num", Call: send("d", observability.Event{"num": json.Number("")})},
		{Field: "num", Call: send("d", observability.Event{"num": json.Number("1 ")})},
		{Field: "num", Call: send("d", observability.Event{"num": json.Number("[1]")})},
	}, key)
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_OBSERVABILITY_API_KEY", "")
	rec := record(t, 200, `{}`)
	c := testkit.Client(t, observability.New, conduit.WithBaseURL(rec.URL))
	testkit.MissingCredential(t, rec, "observability.WithAPIKey", "CONDUIT_OBSERVABILITY_API_KEY",
		func() error { _, err := c.Auth(context.Background()); return err },
		func() error { return c.SendEvent(context.Background(), "d", observability.Event{"a": 1}) })
}
