package sunrise_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/sunrise"
)

func newReplay(t *testing.T) *sunrise.Client {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := sunrise.New(srv.Options("sunrise")...)
	require.NoError(t, err)
	return c
}

func TestGetISO(t *testing.T) {
	c := newReplay(t)
	r, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21"})
	require.NoError(t, err)
	assert.Equal(t, time.Date(2024, 6, 21, 3, 43, 32, 0, time.UTC), r.Results.Sunrise.Time)
	assert.Equal(t, 59889*time.Second, r.Results.DayLength.Duration)
	var extra struct {
		ServedBy string `json:"served_by"`
	}
	require.NoError(t, r.Decode(&extra))
	assert.Equal(t, "replay-edge-3", extra.ServedBy, "fields the spec does not show stay reachable")
	assert.Contains(t, string(r.RawJSON()), `"moon_phase"`)
	golden.JSON(t, "sunrise", "get", r)
}

func TestGetFormatted(t *testing.T) {
	c := newReplay(t)
	r, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21", Formatted: true, TZID: "Europe/London"})
	require.NoError(t, err)
	london, _ := time.LoadLocation("Europe/London")
	assert.True(t, r.Results.Sunrise.Equal(time.Date(2024, 6, 21, 4, 43, 32, 0, london)), "got %v", r.Results.Sunrise.Time)
	assert.Equal(t, "4:43:32 AM", r.Results.Sunrise.Clock)
	assert.True(t, r.Results.Sunset.Equal(time.Date(2024, 6, 21, 21, 21, 41, 0, london)))
	assert.Equal(t, 16*time.Hour+38*time.Minute+9*time.Second, r.Results.DayLength.Duration)
	assert.Equal(t, "Europe/London", r.TZID)
	golden.JSON(t, "sunrise", "get_formatted", r)
}

func TestGetRequestShape(t *testing.T) {
	var got *http.Request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		http.ServeFile(w, r, "../testdata/sunrise/get.json")
	}))
	defer srv.Close()
	c, err := sunrise.New(conduit.WithBaseURL(srv.URL + "/"))
	require.NoError(t, err)
	_, err = c.Get(context.Background(), -33.8688, 151.2093, &sunrise.GetParams{Date: "2024-01-05", TZID: "Australia/Sydney"})
	require.NoError(t, err)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/json", got.URL.Path)
	assert.Equal(t, "lat=-33.8688&lng=151.2093&date=2024-01-05&formatted=0&tzid=Australia%2FSydney", got.URL.RawQuery)
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.Equal(t, "conduit-go/"+conduit.Version, got.Header.Get("User-Agent"))
	assert.Empty(t, got.Header.Get("Authorization"))
}

func TestGetErrors(t *testing.T) {
	cases := []struct {
		name       string
		status     int
		ctype      string
		body       string
		code       string
		wantStatus int
		is         error
	}{
		{"status word at 200", 200, "application/json", `{"results":"","status":"INVALID_DATE"}`, "INVALID_DATE", 200, conduit.ErrAPI},
		{"400 with status", 400, "application/json", `{"results":"","status":"INVALID_REQUEST"}`, "INVALID_REQUEST", 400, conduit.ErrAPI},
		{"404 html", 404, "text/html", `<html><body>gone</body></html>`, "", 404, conduit.ErrNotFound},
		{"null body", 200, "application/json", `null`, "", 0, conduit.ErrMalformedResponse},
		{"malformed", 200, "application/json", `{"results":{"sunrise":12`, "", 0, conduit.ErrMalformedResponse},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ctype)
				w.WriteHeader(tc.status)
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			c, err := sunrise.New(conduit.WithBaseURL(srv.URL))
			require.NoError(t, err)
			_, err = c.Get(context.Background(), 0, 0, nil)
			var e *sunrise.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, tc.code, e.Code)
			assert.Equal(t, tc.wantStatus, e.StatusCode)
			assert.Equal(t, "sunrise", e.Service)
			assert.Equal(t, "Get", e.Op)
			assert.Equal(t, "GET /json", e.Endpoint)
		})
	}
}

func TestGetBadInput(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	c, err := sunrise.New(conduit.WithBaseURL(srv.URL))
	require.NoError(t, err)
	cases := []struct {
		field    string
		lat, lng float64
		p        *sunrise.GetParams
	}{
		{"lat", 90.5, 0, nil},
		{"lat", -91, 0, nil},
		{"lng", 0, 180.01, nil},
		{"lng", 0, -200, nil},
		{"date", 0, 0, &sunrise.GetParams{Date: "2024-13-01"}},
		{"date", 0, 0, &sunrise.GetParams{Date: "21/06/2024"}},
		{"tzid", 0, 0, &sunrise.GetParams{TZID: "Mars/Olympus_Mons"}},
	}
	for _, tc := range cases {
		_, err := c.Get(context.Background(), tc.lat, tc.lng, tc.p)
		var e *sunrise.Error
		require.ErrorAs(t, err, &e, tc.field)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Equal(t, tc.field, e.Field)
		assert.Contains(t, err.Error(), tc.field)
	}
	assert.Zero(t, hits.Load(), "bad input must not reach the server")
}

func TestMissingBaseURL(t *testing.T) {
	t.Setenv("CONDUIT_SUN_URL", "")
	c, err := sunrise.New()
	require.NoError(t, err)
	_, err = c.Get(context.Background(), 0, 0, nil)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_SUN_URL")
}

func TestBaseURLFromEnv(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	t.Setenv("CONDUIT_SUN_URL", srv.URL("sun_url"))
	c, err := sunrise.New()
	require.NoError(t, err)
	_, err = c.Get(context.Background(), 1, 2, nil)
	require.NoError(t, err)
}

func TestParseDayLength(t *testing.T) {
	for in, want := range map[string]time.Duration{"59889": 59889 * time.Second, "16:38:09": 16*time.Hour + 38*time.Minute + 9*time.Second, "0": 0, "00:00:00": 0} {
		got, err := sunrise.ParseDayLength(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "-5", "25:00:00", "1:60:00", "abc", "1:2", "99999999"} {
		_, err := sunrise.ParseDayLength(in)
		assert.Error(t, err, in)
	}
}

func FuzzDayLength(f *testing.F) {
	for _, s := range []string{`59889`, `"16:38:09"`, `"1:2:3"`, `null`, `-1`, `"::"`, `1e9`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d sunrise.Duration
		if err := d.UnmarshalJSON([]byte(in)); err == nil {
			if d.Duration < 0 || d.Duration > 24*time.Hour {
				t.Fatalf("%q decoded to out-of-range %v", in, d.Duration)
			}
		}
	})
}

func FuzzTime(f *testing.F) {
	for _, s := range []string{`"2024-06-21T03:43:32+00:00"`, `"4:43:32 AM"`, `"12:00:01 AM"`, `null`, `""`, `5`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var tm sunrise.Time
		if err := tm.UnmarshalJSON([]byte(in)); err == nil && tm.Clock != "" {
			if _, err := sunrise.ParseClock(tm.Clock); err != nil {
				t.Fatalf("accepted clock %q that ParseClock rejects", tm.Clock)
			}
		}
	})
}

func TestErrorIsNotFoundOnly(t *testing.T) {
	e := &sunrise.Error{StatusCode: 404}
	assert.True(t, errors.Is(e, conduit.ErrNotFound))
	assert.False(t, errors.Is(e, conduit.ErrRateLimited))
}
