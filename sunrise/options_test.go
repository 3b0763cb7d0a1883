package sunrise_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// Do reaches a path the package does not type, with no credential (the
// service takes none), decodes the answer, and reads a failure with the
// service's profile; a write through Do is sent once unless the caller
// says repeating it is harmless.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "sunrise", "get.json")})
	c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL+"/api/"))
	var out struct {
		Results struct {
			MoonPhase string `json:"moon_phase"`
		} `json:"results"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/json?lat=1&lng=2&formatted=0", nil, &out))
	assert.Equal(t, "waxing gibbous", out.Results.MoonPhase)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/api/json?lat=1&lng=2&formatted=0", got.URI)

	unknown := testkit.Reply{Status: http.StatusInternalServerError, Body: testkit.Fixture(t, "sunrise", "unknown_error.json")}
	srv = testkit.Start(t, unknown, unknown, unknown, testkit.Reply{Body: `{"status":"OK"}`})
	c = testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	err := c.Do(context.Background(), "POST", "/batch", map[string]any{"days": []string{"2024-06-21"}}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "sunrise", Op: "Do", Endpoint: "POST /batch", Status: 500,
		Code: "UNKNOWN_ERROR", Message: "the service could not compute the answer"})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assert.JSONEq(t, `{"days":["2024-06-21"]}`, string(srv.Last(t).Body))

	require.NoError(t, c.Do(context.Background(), "POST", "/batch", nil, nil, conduit.WithIdempotent(), conduit.WithBodyField("days", []string{"2024-06-22"})))
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, it is retried like a read")
	assert.JSONEq(t, `{"days":["2024-06-22"]}`, string(srv.Last(t).Body), "a body field reaches the wire of a JSON call")
}

// Per-call options reach the wire of that call only, and WithResponse
// describes its answer. Get sends no body, so a body field is refused
// rather than dropped.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "sunrise", "get.json"), Header: []string{"Cf-Ray", "8a1b2c3d4e5f-LHR"}})
	c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL))
	var resp conduit.Response
	r, err := c.Get(context.Background(), 51.4779, -0.0015, &sunrise.GetParams{Date: midsummer},
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("callback_safe", "1"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, "OK", r.Status)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "lat=51.4779&lng=-0.0015&date=2024-06-21&formatted=0&callback_safe=1", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "8a1b2c3d4e5f-LHR", resp.RequestID, "the edge's ray id, as the service sends none")
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, srv.URL+"/json?"+got.Query, resp.URL)
	assert.Nil(t, resp.RateLimit, "the service sends no budget headers")

	_, err = c.Get(context.Background(), 0, 0, nil)
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
	assert.Equal(t, "lat=0&lng=0&formatted=0", srv.Last(t).Query)

	_, err = c.Get(context.Background(), 0, 0, nil, conduit.WithBodyField("date", "today"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "sunrise", Op: "Get", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}
