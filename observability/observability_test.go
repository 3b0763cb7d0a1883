package observability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/observability"
)

var key = replay.Credential("observability", "api_key")

func replayClient(t *testing.T, opts ...observability.Option) (*observability.Client, *replay.Server) {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := observability.New(append(srv.Options("observability"), opts...)...)
	require.NoError(t, err)
	return c, srv
}

// recorder is a test server that keeps what it receives and answers the
// n-th request (from 1) with answer(n).
type recorder struct {
	*httptest.Server
	mu     sync.Mutex
	reqs   []*http.Request
	bodies []string
}

func record(t *testing.T, status int, body string) *recorder {
	t.Helper()
	return recordEach(t, func(int) (int, string) { return status, body })
}

func recordEach(t *testing.T, answer func(n int) (status int, body string)) *recorder {
	t.Helper()
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		b.ReadFrom(r.Body)
		rec.mu.Lock()
		rec.reqs = append(rec.reqs, r.Clone(context.Background()))
		rec.bodies = append(rec.bodies, b.String())
		n := len(rec.reqs)
		rec.mu.Unlock()
		status, body := answer(n)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(rec.Close)
	return rec
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reqs)
}

// client is a Client of this server (its URL + path as the base URL) with
// the key set and fast retries.
func (r *recorder) client(t *testing.T, path string, opts ...observability.Option) *observability.Client {
	t.Helper()
	return clientAt(t, r.URL+path, opts...)
}

func clientAt(t *testing.T, base string, opts ...observability.Option) *observability.Client {
	t.Helper()
	opts = append(opts, conduit.WithBaseURL(base), observability.WithAPIKey(key), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond))
	c, err := observability.New(opts...)
	require.NoError(t, err)
	return c
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
	require.NoError(t, rec.client(t, "").SendEvent(context.Background(), "checkout", event))
	require.Equal(t, 1, rec.count())
	golden.Bytes(t, "observability", "send_event", []byte(rec.bodies[0]+"\n"))
}

func TestRequestShape(t *testing.T) {
	rec := record(t, 200, `[]`)
	c := rec.client(t, "/base/")
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
	require.Equal(t, len(want), rec.count())
	for i, r := range rec.reqs {
		assert.Equal(t, want[i].method, r.Method)
		assert.Equal(t, want[i].path, r.URL.EscapedPath(), "dataset names are one escaped segment")
		assert.Empty(t, r.URL.RawQuery)
		assert.Equal(t, key, r.Header.Get("X-Service-Team"))
		assert.Empty(t, r.Header.Get("Authorization"))
		for name, vals := range r.Header {
			if name != "X-Service-Team" {
				assert.NotContains(t, strings.Join(vals, " "), key, "header %s", name)
			}
		}
		assert.NotContains(t, rec.bodies[i], key)
	}
	assert.Equal(t, "application/json", rec.reqs[2].Header.Get("Content-Type"))
	assert.JSONEq(t, `{"k":"v"}`, rec.bodies[2])
	assert.Empty(t, rec.bodies[0])
}

func TestRegions(t *testing.T) {
	us := record(t, 200, `{"team":{"name":"US team"}}`)
	eu := record(t, 200, `{"team":{"name":"EU team"}}`)
	ctx := context.Background()

	usc := us.client(t, "", observability.WithEUURL(eu.URL))
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
	assert.Equal(t, 1, us.count())
	assert.Equal(t, 2, eu.count())
	assert.Equal(t, key, eu.reqs[1].Header.Get("X-Service-Team"))

	// WithBaseURL sets the selected region's URL.
	viaBase, err := observability.New(observability.WithRegion("EU"), conduit.WithBaseURL(eu.URL), observability.WithAPIKey(key))
	require.NoError(t, err)
	_, err = viaBase.Auth(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, eu.count())

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
	assert.Equal(t, 4, eu.count())
	assert.Equal(t, 1, us.count())
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
	srv := replay.Start()
	defer srv.Close()
	c, err := observability.New(append(srv.Options("observability"), observability.WithAPIKey("wrong-key"))...)
	require.NoError(t, err)
	_, err = c.Auth(context.Background())
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
	unknownKey, err := os.ReadFile("../testdata/observability/unknown_api_key.json")
	require.NoError(t, err)
	cases := []struct {
		name   string
		status int
		body   string
		is     error
		call   string
	}{
		{"401 json", 401, string(unknownKey), conduit.ErrUnauthorized, "Auth"},
		{"404 dataset", 404, `{"error":"dataset not found"}`, conduit.ErrNotFound, "ListDatasets"},
		{"400 event", 400, `{"error":"request body should be a JSON object"}`, conduit.ErrAPI, "SendEvent"},
		{"500 html", 500, `<html>oops</html>`, conduit.ErrAPI, "SendEvent"},
		{"429", 429, `{"error":"rate limited"}`, conduit.ErrRateLimited, "Auth"},
		{"200 null auth", 200, `null`, conduit.ErrMalformedResponse, "Auth"},
		{"200 wrong shape", 200, `{"datasets":[]}`, conduit.ErrMalformedResponse, "ListDatasets"},
		{"200 bad time", 200, `[{"name":"x","created_at":"yesterday"}]`, conduit.ErrMalformedResponse, "ListDatasets"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := record(t, tc.status, tc.body)
			c := rec.client(t, "", conduit.WithMaxRetries(0))
			ctx := context.Background()
			var err error
			switch tc.call {
			case "Auth":
				_, err = c.Auth(ctx)
			case "ListDatasets":
				_, err = c.ListDatasets(ctx)
			case "SendEvent":
				err = c.SendEvent(ctx, "checkout", observability.Event{"a": 1})
			}
			var e *observability.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, "observability", e.Service)
			assert.Equal(t, tc.call, e.Op)
			if tc.status != 200 {
				assert.Equal(t, tc.status, e.StatusCode)
			}
			assert.NotContains(t, fmt.Sprintf("%v %+v %#v", err, err, err), key)
		})
	}
}

func TestKeyNeverPrinted(t *testing.T) {
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close() // nothing listens there any more
	echo := recordEach(t, func(int) (int, string) { return 500, `{"error":"bad key ` + key + `"}` })
	for _, base := range []string{gone.URL, echo.URL} {
		_, err := clientAt(t, base, conduit.WithMaxRetries(1)).Auth(context.Background())
		var e *observability.Error
		require.ErrorAs(t, err, &e)
		for _, s := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), string(e.Body)} {
			assert.NotContains(t, s, key)
		}
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
			rec := recordEach(t, func(n int) (int, string) {
				if n == 1 {
					return tc.status, `{}`
				}
				return 200, `[]`
			})
			err := tc.call(rec.client(t, ""))
			assert.Equal(t, tc.hits, rec.count())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}

type celsius float64

func TestEventValueKinds(t *testing.T) {
	rec := record(t, 200, `{}`)
	c := rec.client(t, "")
	event := observability.Event{
		"int": int(-1), "int8": int8(-8), "int16": int16(16), "int32": int32(32), "int64": int64(math.MinInt64),
		"uint": uint(1), "uint8": uint8(8), "uint16": uint16(16), "uint32": uint32(32), "uint64": uint64(math.MaxUint64),
		"uintptr": uintptr(7), "float32": float32(0.5), "float64": 1e300, "named": celsius(21.5),
		"number": json.Number("-1.5e3"), "text": "", "unicode": "naïve ☃",
	}
	require.NoError(t, c.SendEvent(context.Background(), "kinds", event))
	assert.JSONEq(t, `{"int":-1,"int8":-8,"int16":16,"int32":32,"int64":-9223372036854775808,
		"uint":1,"uint8":8,"uint16":16,"uint32":32,"uint64":18446744073709551615,"uintptr":7,
		"float32":0.5,"float64":1e300,"named":21.5,"number":-1.5e3,"text":"","unicode":"naïve ☃"}`, rec.bodies[0])
	assert.Contains(t, rec.bodies[0], `18446744073709551615`, "integers are sent exactly")
}

type jsonObject struct{}

func (jsonObject) MarshalJSON() ([]byte, error) { return []byte(`{"nested":true}`), nil }

func TestBadInput(t *testing.T) {
	rec := record(t, 200, `{}`)
	c := rec.client(t, "")
	n := 3
	cases := []struct {
		field   string
		dataset string
		event   observability.Event
	}{
		{"dataset", "", observability.Event{"a": 1}},
		{"event", "d", nil},
		{"event", "d", observability.Event{}},
		{"event", "d", observability.Event{"": "x"}},
		{"user", "d", observability.Event{"ok": 1, "user": map[string]any{"id": 1}}},
		{"tags", "d", observability.Event{"tags": []string{"a"}}},
		{"bytes", "d", observability.Event{"bytes": []byte("raw")}},
		{"cached", "d", observability.Event{"cached": true}},
		{"error", "d", observability.Event{"error": nil}},
		{"ratio", "d", observability.Event{"ratio": math.NaN()}},
		{"ratio", "d", observability.Event{"ratio": math.Inf(-1)}},
		{"ratio", "d", observability.Event{"ratio": float32(math.Inf(1))}},
		{"ptr", "d", observability.Event{"ptr": &n}},
		{"z", "d", observability.Event{"z": complex(1, 2)}},
		{"when", "d", observability.Event{"when": time.Now()}},
		{"custom", "d", observability.Event{"custom": jsonObject{}}},
		{"num", "d", observability.Event{"num": json.Number("abc")}},
		{"num", "d", observability.Event{"num": json.Number("")}},
		{"num", "d", observability.Event{"num": json.Number("1 ")}},
		{"num", "d", observability.Event{"num": json.Number("[1]")}},
	}
	for _, tc := range cases {
		err := c.SendEvent(context.Background(), tc.dataset, tc.event)
		var e *observability.Error
		require.ErrorAs(t, err, &e, tc.field)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, tc.field)
		assert.Equal(t, tc.field, e.Field, "%v", err)
		assert.Contains(t, err.Error(), tc.field)
	}
	assert.Zero(t, rec.count(), "bad input must not reach the server")
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_OBSERVABILITY_API_KEY", "")
	rec := record(t, 200, `{}`)
	c, err := observability.New(conduit.WithBaseURL(rec.URL))
	require.NoError(t, err)
	for _, call := range []func() error{
		func() error { _, err := c.Auth(context.Background()); return err },
		func() error { return c.SendEvent(context.Background(), "d", observability.Event{"a": 1}) },
	} {
		err := call()
		assert.ErrorIs(t, err, conduit.ErrMissingCredential)
		assert.Contains(t, err.Error(), "observability.WithAPIKey")
		assert.Contains(t, err.Error(), "CONDUIT_OBSERVABILITY_API_KEY")
	}
	assert.Zero(t, rec.count())
}
