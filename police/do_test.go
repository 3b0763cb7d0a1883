package police_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

// Do reaches an endpoint the package does not type, with nothing but
// conduit's own headers (the service takes no credential), and a write is
// sent once.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"id":"NC04","name":"City Centre"}]`})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL+"/api"), testkit.Fast)
	var hoods []struct {
		conduit.Raw
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/leicestershire/neighbourhoods", nil, &hoods))
	require.Len(t, hoods, 1)
	assert.Equal(t, "NC04", hoods[0].ID)
	assert.JSONEq(t, `{"id":"NC04","name":"City Centre"}`, string(hoods[0].RawJSON()))
	testkit.OpenGET(t, srv.Last(t))
	assert.Equal(t, "/api/leicestershire/neighbourhoods", srv.Last(t).Path)

	srv = testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway})
	c = testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	err := c.Do(context.Background(), "POST", "/crimes-street/all-crime", map[string]string{"poly": "52.2,0.5:52.8,0.2:52.1,0.88"}, nil,
		conduit.WithBodyField("date", "2024-01"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "police", Op: "Do", Status: 502})
	assert.Equal(t, 1, srv.Hits(), "a write is not retried")
	assert.JSONEq(t, `{"poly":"52.2,0.5:52.8,0.2:52.1,0.88","date":"2024-01"}`, string(srv.Last(t).Body), "a body field joins the body")
}

// Per-call options reach the wire of that call only, a body field is
// refused where no body goes, and WithResponse reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Header: []string{"X-Request-Id", "req-7"}, Body: testkit.Fixture(t, "police", "street_crimes.json")},
		testkit.Reply{Body: testkit.Fixture(t, "police", "forces.json")})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL))
	var resp conduit.Response
	cs, err := c.StreetCrimes(context.Background(), 52.629729, -1.131592, nil,
		conduit.WithHeader("X-Trace", "t-2"), conduit.WithQuery("category", "burglary"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Len(t, cs, 4)
	got := srv.Last(t)
	assert.Equal(t, "t-2", got.Header.Get("X-Trace"))
	assert.Equal(t, "lat=52.629729&lng=-1.131592&category=burglary", got.Query, "after the package's own parameters")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "req-7", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/crimes-street/all-crime?lat=52.629729&lng=-1.131592&category=burglary", resp.URL)

	_, err = c.Forces(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options are its own")

	_, err = c.Forces(context.Background(), conduit.WithBodyField("x", 1))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "police", Op: "Forces", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}
