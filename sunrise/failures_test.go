package sunrise_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// Each status word the service documents, under the status it comes with,
// is the error the package documentation's table promises: ErrAPI with the
// word as Code. The service sends no message, request id or wait: under 4xx
// and 5xx the message is conduit's words for the word, under 200 the word
// itself.
func TestFailureFixtures(t *testing.T) {
	for _, tc := range []struct {
		file, code, message string
		status              int
	}{
		{"invalid_request.json", "INVALID_REQUEST", "lat or lng missing or invalid", 400},
		{"invalid_date.json", "INVALID_DATE", `status "INVALID_DATE"`, 200},
		{"invalid_tzid.json", "INVALID_TZID", `status "INVALID_TZID"`, 200},
		{"unknown_error.json", "UNKNOWN_ERROR", "the service could not compute the answer", 500},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "sunrise", tc.file)})
			c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
			r, err := c.Get(context.Background(), 40.7128, -74.006, nil)
			assert.Nil(t, r, "no times come back, not even the UTC ones of INVALID_TZID")
			e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "sunrise", Op: "Get", Endpoint: "GET /json",
				Status: tc.status, Code: tc.code, Message: tc.message})
			for _, not := range []error{conduit.ErrUnauthorized, conduit.ErrRateLimited, conduit.ErrNotFound} {
				assert.NotErrorIs(t, err, not)
			}
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			assert.Zero(t, e.RetryAfter, "the service names no wait")
			assert.Nil(t, e.RateLimit, "nor a budget")
		})
	}
}

// The same words mean the same under any status, and only UNKNOWN_ERROR
// is worth asking again.
func TestFailureRetries(t *testing.T) {
	ok := testkit.Reply{Body: testkit.Fixture(t, "sunrise", "get.json")}
	for _, tc := range []struct {
		file   string
		status int
		hits   int
	}{
		{"unknown_error.json", 500, 2},
		{"unknown_error.json", 200, 2},
		{"invalid_request.json", 400, 1},
		{"invalid_date.json", 200, 1},
		{"invalid_date.json", 400, 1},
		{"invalid_tzid.json", 200, 1},
	} {
		t.Run(tc.file+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "sunrise", tc.file)}, ok)
			c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
			_, err := c.Get(context.Background(), 40.7128, -74.006, nil)
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}

// A polar night is no failure: the service marks the sunrise and sunset
// that do not happen with 1970-01-01, which Get turns into zero Times, and
// the twilights that do happen keep their times.
func TestPolarNight(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "sunrise", "polar_night.json")})
	c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL))
	r, err := c.Get(context.Background(), 69.6492, 18.9553, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.December, Day: 21}})
	require.NoError(t, err)
	assert.True(t, r.Results.Sunrise.IsZero(), "got %v", r.Results.Sunrise.Time)
	assert.True(t, r.Results.Sunset.IsZero())
	assert.Zero(t, r.Results.DayLength.Duration)
	assert.Equal(t, time.Date(2024, 12, 21, 10, 48, 12, 0, time.UTC), r.Results.SolarNoon.Time)
	assert.Equal(t, time.Date(2024, 12, 21, 8, 31, 20, 0, time.UTC), r.Results.CivilTwilightBegin.Time)
	assert.Contains(t, string(r.RawJSON()), `"sunrise": "1970-01-01T00:00:01+00:00"`, "the raw answer keeps the service's marker")

	// Formatted, the marker is the clock reading just after midnight.
	srv = testkit.Start(t, testkit.Reply{Body: `{"results":{"sunrise":"12:00:01 AM","sunset":"12:00:01 AM","solar_noon":"11:48:12 AM","day_length":"00:00:00"},"status":"OK","tzid":"Europe/Oslo"}`})
	c = testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL))
	r, err = c.Get(context.Background(), 69.6492, 18.9553, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.December, Day: 21},
		Formatted: true, TZID: "Europe/Oslo"})
	require.NoError(t, err)
	assert.True(t, r.Results.Sunrise.IsZero())
	assert.Empty(t, r.Results.Sunrise.Clock)
	assert.Equal(t, time.Date(2024, 12, 21, 10, 48, 12, 0, time.UTC), r.Results.SolarNoon.UTC())
}
