package animegraph_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a path under the base with no credential (the reads need
// none); a POST through Do is a write, sent once unless the caller says
// repeating it is harmless.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"__typename":"Query"}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL+"/graphql"), unlimited)
	var out struct {
		Data struct {
			Typename string `json:"__typename"`
		} `json:"data"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/?query=%7B__typename%7D", nil, &out))
	assert.Equal(t, "Query", out.Data.Typename)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/graphql/", got.Path)
	assert.Equal(t, "query=%7B__typename%7D", got.Query)
	testkit.OpenGET(t, got)

	fault := testkit.Reply{Status: http.StatusInternalServerError, Body: testkit.Fixture(t, "animegraph", "server_error.json")}
	srv = testkit.Start(t, fault, fault, fault, testkit.Reply{Body: `{"data":{"ToggleFavourite":{}}}`})
	c = testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast)
	in := map[string]any{"query": `mutation { ToggleFavourite(animeId: 1) { anime { pageInfo { total } } } }`}
	err := c.Do(context.Background(), "POST", "/", in, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "animegraph", Op: "Do", Endpoint: "POST /", Status: 500,
		Code: "500", Message: "Internal Server Error"})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assert.Empty(t, srv.Last(t).Header.Get("Authorization"))

	require.NoError(t, c.Do(context.Background(), "POST", "/", map[string]any{"query": "{ Viewer { id } }"}, nil, conduit.WithIdempotent()))
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, it is retried like a read")
}

// Per-call options reach the wire of a typed call, a body field beside the
// document and its variables, and WithResponse describes the answer, the
// service's budget headers included.
func TestPerCallOptions(t *testing.T) {
	reset := time.Now().Add(40 * time.Second)
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "animegraph", "media.json"),
		Header: []string{"X-RateLimit-Limit", "90", "X-RateLimit-Remaining", "59", "X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10)}})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL+"/graphql"), unlimited)
	var resp conduit.Response
	m, err := c.Media(context.Background(), "Cowboy Bebop", conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("debug", "1"),
		conduit.WithBodyField("operationName", "MediaSearch"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.EqualValues(t, 1, m.ID)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "/graphql?debug=1", got.URI)
	body := got.JSON(t)
	assert.Equal(t, "MediaSearch", body["operationName"], "the extra member travels beside the query")
	assert.Equal(t, animegraph.MediaDocument, body["query"])
	assert.Equal(t, map[string]any{"search": "Cowboy Bebop"}, body["variables"])

	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, srv.URL+"/graphql?debug=1", resp.URL)
	assert.Empty(t, resp.RequestID, "the service sends no request id")
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, int64(90), resp.RateLimit.Requests.Limit)
	assert.Equal(t, int64(59), resp.RateLimit.Requests.Remaining)
	assert.InDelta(t, float64(40*time.Second), float64(resp.RateLimit.Requests.Reset), float64(2*time.Second))

	require.NoError(t, c.Query(context.Background(), pageDocument, nil, nil))
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
	assert.NotContains(t, srv.Last(t).JSON(t), "operationName")
}
