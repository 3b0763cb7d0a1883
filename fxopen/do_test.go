package fxopen_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a path below the v6 base with no credential, reads the
// provider's failure words like Latest, and sends a write once.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"result":"success","base_code":"EUR","target_code":"GBP","conversion_rate":0.8412}`},
		testkit.Reply{Body: `{"result":"error","error-type":"unsupported-code"}`})
	c := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	var pair struct {
		conduit.Raw
		Rate conduit.Decimal `json:"conversion_rate"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/pair/EUR/GBP", nil, &pair))
	assert.Equal(t, "0.8412", pair.Rate.String())
	testkit.OpenGET(t, srv.Last(t))
	assert.Equal(t, "/v6/pair/EUR/GBP", srv.Last(t).Path)

	err := c.Do(context.Background(), "GET", "/pair/EUR/XYZ", nil, &pair)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "fxopen", Op: "Do", Status: 200, Code: "unsupported-code"})

	srv = testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable})
	err = testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL), testkit.Fast).Do(context.Background(), "POST", "/enriched/USD", nil, nil,
		conduit.WithBodyField("target", "EUR"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fxopen", Op: "Do", Status: 503})
	assert.Equal(t, 1, srv.Hits(), "a write is not retried")
	assert.JSONEq(t, `{"target":"EUR"}`, string(srv.Last(t).Body), "a body field reaches the wire")
}

// The base resolves to the same URL pasted with or without its version.
func TestBaseURLVersion(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "fxopen", "latest.json")})
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/v6", srv.URL + "/v6/"} {
		var resp conduit.Response
		_, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(base)).Latest(context.Background(), "USD", conduit.WithResponse(&resp))
		require.NoError(t, err, base)
		assert.Equal(t, "/v6/latest/USD", srv.Last(t).Path, base)
		assert.Equal(t, srv.URL+"/v6/latest/USD", resp.URL, base)
	}
}

// Per-call options reach the wire of that call only, a body field is
// refused where no body goes, and WithResponse reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Header: []string{"Cf-Ray", "8e1f-AMS"}, Body: testkit.Fixture(t, "fxopen", "latest.json")})
	c := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL))
	var resp conduit.Response
	r, err := c.Latest(context.Background(), "USD", conduit.WithHeader("X-Trace", "t-3"), conduit.WithQuery("symbols", "EUR"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, "USD", r.BaseCode)
	got := srv.Last(t)
	assert.Equal(t, "t-3", got.Header.Get("X-Trace"))
	assert.Equal(t, "symbols=EUR", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "8e1f-AMS", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)

	_, err = c.Latest(context.Background(), "EUR")
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options are its own")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.Latest(context.Background(), "USD", conduit.WithBodyField("amount", 5))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "fxopen", Op: "Latest", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}
