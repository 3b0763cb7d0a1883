package sunrise_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/sunrise"
)

func newReplay(t *testing.T) *sunrise.Client { return testkit.Replay(t, "sunrise", sunrise.New) }

// midsummer is the day the replay fixtures answer for.
var midsummer = conduit.Date{Year: 2024, Month: time.June, Day: 21}

func TestGetISO(t *testing.T) {
	c := newReplay(t)
	r, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: midsummer})
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
	r, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: midsummer, Formatted: true, TZID: "Europe/London"})
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
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "sunrise", "get.json")})
	c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL+"/"))
	_, err := c.Get(context.Background(), -33.8688, 151.2093, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.January, Day: 5}, TZID: "Australia/Sydney"})
	require.NoError(t, err)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/json", got.Path)
	assert.Equal(t, "lat=-33.8688&lng=151.2093&date=2024-01-05&formatted=0&tzid=Australia%2FSydney", got.Query)
}

func TestGetErrors(t *testing.T) {
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	testkit.Errors(t, append(testkit.CommonErrors(),
		testkit.Case{Name: "status word at 200", Reply: testkit.Reply{Body: `{"results":"","status":"INVALID_DATE"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "INVALID_DATE"}},
		testkit.Case{Name: "400 with status", Reply: testkit.Reply{Status: 400, Body: `{"results":"","status":"INVALID_REQUEST"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "INVALID_REQUEST"}},
		testkit.Case{Name: "404 html", Reply: testkit.Reply{Status: 404, ContentType: "text/html", Body: `<html><body>gone</body></html>`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404}},
		testkit.Case{Name: "null body", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		testkit.Case{Name: "malformed", Reply: testkit.Reply{Body: `{"results":{"sunrise":12`}, Want: malformed},
	), nil, testkit.Op{Service: "sunrise", Op: "Get", Endpoint: "GET /json", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, sunrise.New, conduit.WithBaseURL(url), testkit.Fast).Get(context.Background(), 0, 0, nil)
		return err
	}})
}

func TestGetBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL))
	get := func(lat, lng float64, p *sunrise.GetParams) func() error {
		return func() error { _, err := c.Get(context.Background(), lat, lng, p); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "sunrise", Op: "Get"}, []testkit.Input{
		{Field: "lat", Call: get(90.5, 0, nil)},
		{Field: "lat", Call: get(-91, 0, nil)},
		{Field: "lat", Call: get(91, 0, nil)},
		{Field: "lng", Call: get(0, 180.01, nil)},
		{Field: "lng", Call: get(0, -200, nil)},
		{Field: "date", Call: get(0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: 13, Day: 1}})},
		{Field: "date", Call: get(0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 2023, Month: time.February, Day: 29}})},
		{Field: "date", Call: get(0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June}})},
		{Field: "date", Call: get(0, 0, &sunrise.GetParams{Date: conduit.Date{Year: 1970, Month: time.January, Day: 1}})},
		{Field: "tzid", Call: get(0, 0, &sunrise.GetParams{TZID: "Mars/Olympus_Mons"})},
	})
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_SUNRISE_SUN_URL", "https://api.sunrise-sunset.org/json", sunrise.New, func(c *sunrise.Client) error {
		_, err := c.Get(context.Background(), 0, 0, nil)
		return err
	})
}

func TestBaseURLFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	t.Setenv("CONDUIT_SUN_URL", srv.URL("sunrise", "sun_url"))
	c, err := sunrise.New()
	require.NoError(t, err)
	_, err = c.Get(context.Background(), 1, 2, nil)
	require.NoError(t, err)
}

// dayLengthServer answers Get with day_length set to the text of the
// call's "dl" query parameter, so a test can send any token.
func dayLengthServer(t testing.TB) *sunrise.Client {
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		testkit.Reply{Body: `{"results":{"day_length":` + r.URL.Query().Get("dl") + `},"status":"OK"}`}.ServeHTTP(w, r)
	}))
	return testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
}

// day_length comes as seconds or as "HH:MM:SS" and is at most a day; an
// answer outside 0 to 24 hours is malformed, not a day length.
func TestDayLength(t *testing.T) {
	c := dayLengthServer(t)
	get := func(token string) (*sunrise.Response, error) {
		return c.Get(context.Background(), 0, 0, nil, conduit.WithQuery("dl", token))
	}
	for in, want := range map[string]time.Duration{`59889`: 59889 * time.Second, `"16:38:09"`: 16*time.Hour + 38*time.Minute + 9*time.Second,
		`0`: 0, `"00:00:00"`: 0, `86400`: 24 * time.Hour, `"59889"`: 59889 * time.Second} {
		r, err := get(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, r.Results.DayLength.Duration, in)
	}
	for _, in := range []string{`""`, `-5`, `"25:00:00"`, `"1:60:00"`, `"abc"`, `"1:2"`, `99999999`, `86401`} {
		_, err := get(in)
		assert.ErrorIs(t, err, conduit.ErrMalformedResponse, in)
	}
}

func FuzzDayLength(f *testing.F) {
	for _, s := range []string{`59889`, `"16:38:09"`, `"1:2:3"`, `null`, `-1`, `"::"`, `1e9`, `"90000s"`} {
		f.Add(s)
	}
	c := dayLengthServer(f)
	f.Fuzz(func(t *testing.T, in string) {
		r, err := c.Get(context.Background(), 0, 0, nil, conduit.WithQuery("dl", in))
		if err == nil {
			if d := r.Results.DayLength.Duration; d < 0 || d > 24*time.Hour {
				t.Fatalf("%q decoded to out-of-range %v", in, d)
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
		err := tm.UnmarshalJSON([]byte(in))
		if err == nil && tm.Clock != "" {
			if _, err := sunrise.ParseClock(tm.Clock); err != nil {
				t.Fatalf("accepted clock %q that ParseClock rejects", tm.Clock)
			}
		}
		// A string read in place and the same string with its first
		// character escaped, which takes the decoding path, agree.
		if len(in) > 2 && in[0] == '"' && in[1] >= ' ' && in[1] < 0x7f && in[1] != '"' && in[1] != '\\' {
			var esc sunrise.Time
			escErr := esc.UnmarshalJSON([]byte(fmt.Sprintf(`"\u%04x%s`, in[1], in[2:])))
			if (err == nil) != (escErr == nil) || !esc.Time.Equal(tm.Time) || esc.Clock != tm.Clock {
				t.Fatalf("%s: %v %q %v; escaped: %v %q %v", in, tm.Time, tm.Clock, err, esc.Time, esc.Clock, escErr)
			}
		}
	})
}

func TestErrorIsNotFoundOnly(t *testing.T) {
	e := &sunrise.Error{StatusCode: 404}
	assert.True(t, errors.Is(e, conduit.ErrNotFound))
	assert.False(t, errors.Is(e, conduit.ErrRateLimited))
}
