package fxref_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches an endpoint the package does not type below the same /v1
// base, credential-free like the typed calls; a write is sent once.
func TestDo(t *testing.T) {
	c, srv := listen(t, 200, `{"amount":10,"base":"USD","date":"2024-06-07","rates":{"EUR":9.2585}}`)
	var conv struct {
		Rates map[string]float64 `json:"rates"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/latest?amount=10&from=USD&to=EUR", nil, &conv))
	assert.Equal(t, 9.2585, conv.Rates["EUR"])
	r := srv.Last(t)
	testkit.OpenGET(t, r)
	assert.Equal(t, "/v1/latest", r.Path)
	assert.Equal(t, "amount=10&from=USD&to=EUR", r.Query)

	down := testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway, ContentType: "text/plain", Body: "bad gateway"})
	w := testkit.Client(t, fxref.New, conduit.WithBaseURL(down.URL), testkit.Fast)
	err := w.Do(context.Background(), "PUT", "/alerts/1", map[string]string{"base": "EUR"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fxref", Op: "Do", Status: 502, Message: "bad gateway"})
	assert.Equal(t, 1, down.Hits(), "a write is not retried")
}

// Per-call options reach the wire for that call only, and WithResponse
// reports the answer.
func TestPerCallOptions(t *testing.T) {
	c, srv := listen(t, 200, testkit.Fixture(t, "fxref", "latest.json"))
	var resp conduit.Response
	r, err := c.Latest(context.Background(), &fxref.RatesParams{Base: "EUR"},
		conduit.WithHeader("If-None-Match", `W/"abc"`), conduit.WithQuery("amount", "100"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, "EUR", r.Base)
	got := srv.Last(t)
	assert.Equal(t, `W/"abc"`, got.Header.Get("If-None-Match"))
	assert.Equal(t, "base=EUR&amount=100", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, srv.URL+"/v1/latest?base=EUR&amount=100", resp.URL)
	assert.Equal(t, 1, resp.Attempts)

	_, err = c.Historical(context.Background(), day(2024, time.June, 7), nil)
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("If-None-Match"), "a call's options stay with that call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.Range(context.Background(), day(2024, time.June, 3), day(2024, time.June, 7), nil, conduit.WithBodyField("amount", 10))
	testkit.InvalidParam(t, err, "options")
	assert.Equal(t, 2, srv.Hits(), "a GET takes no body fields, and says so before sending")
}

// A base pasted with or without its /v1 reaches the same URL; the replay
// server mounts fx_url with it.
func TestBaseVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"USD":"United States Dollar"}`})
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/v1", srv.URL + "/v1/"} {
		c := testkit.Client(t, fxref.New, conduit.WithBaseURL(base))
		_, err := c.Currencies(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/v1/currencies", srv.Last(t).Path, base)
	}
	rs := testkit.ReplayServer(t)
	testkit.ClearEnv(t, "CONDUIT_FXREF_FX_URL")
	t.Setenv("CONDUIT_FX_URL", rs.URL("fxref", "fx_url"))
	c, err := fxref.New()
	require.NoError(t, err)
	_, err = c.Currencies(context.Background())
	require.NoError(t, err, "the older variable still works")
	assert.Equal(t, 1, rs.Hits("GET /fx_url/v1/currencies"))
}
