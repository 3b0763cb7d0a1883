package countries_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// redirecting answers as the service does: every POST gets a 301 to the
// same query as a GET below /q, which answers with the envelope.
func redirecting(t *testing.T) *testkit.Server {
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" {
			http.Redirect(w, r, r.URL.Path+"/q?country="+url.QueryEscape("Nigeria"), http.StatusMovedPermanently)
			return
		}
		testkit.Reply{Body: testkit.Fixture(t, "countries", "cities.json")}.ServeHTTP(w, r)
	}))
}

func TestCitiesFollowsTheRedirectToGET(t *testing.T) {
	srv := redirecting(t)
	c := testkit.Client(t, countries.New, conduit.WithBaseURL(srv.URL+"/api"))
	r, err := c.Cities(context.Background(), "Nigeria")
	require.NoError(t, err)
	assert.Len(t, r.Data, 12)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "POST", reqs[0].Method)
	assert.Equal(t, "/api/v0.1/countries/cities", reqs[0].Path)
	assert.JSONEq(t, `{"country":"Nigeria"}`, string(reqs[0].Body))
	assert.Equal(t, "GET", reqs[1].Method)
	assert.Equal(t, "/api/v0.1/countries/cities/q?country=Nigeria", reqs[1].URI)
	assert.Empty(t, reqs[1].Body)
	assert.Empty(t, reqs[1].Header.Get("Referer"))
}

// A write sent through Do is never silently turned into a GET, which would
// report success for nothing written.
func TestDoWriteRefusesTheRedirectToGET(t *testing.T) {
	srv := redirecting(t)
	c := testkit.Client(t, countries.New, conduit.WithBaseURL(srv.URL+"/api"))
	err := c.Do(context.Background(), "POST", "/countries/cities", map[string]string{"country": "Nigeria"}, nil)
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assert.Equal(t, 1, srv.Hits())
}

func TestDo(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Body: `{"error":false,"msg":"states in Chad retrieved","data":{"name":"Chad","states":[{"name":"Batha"}]}}`})
	var r struct {
		Data struct {
			States []struct {
				Name string `json:"name"`
			} `json:"states"`
		} `json:"data"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/countries/states/q?country=Chad", nil, &r))
	assert.Equal(t, "Batha", r.Data.States[0].Name)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/api/v0.1/countries/states/q?country=Chad", got.URI)

	c, _ = serve(t, testkit.Reply{Status: 404, Body: `{"error":true,"msg":"country not found"}`})
	err := c.Do(context.Background(), "GET", "/countries/states/q?country=Atlantis", nil, &r)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "countries", Op: "Do", Status: 404, Message: "country not found"})
}

func TestPerCallOptions(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Body: `{"error":false,"msg":"cities in Chad retrieved","data":["N'Djamena"]}`,
		Header: []string{"RateLimit-Limit", "400", "RateLimit-Remaining", "398", "RateLimit-Reset", "95"}})
	var resp conduit.Response
	r, err := c.Cities(context.Background(), "Chad", conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("lang", "en"),
		conduit.WithBodyField("iso2", "TD"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, []string{"N'Djamena"}, r.Data)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "lang=en", got.Query)
	assert.JSONEq(t, `{"country":"Chad","iso2":"TD"}`, string(got.Body))

	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/api/v0.1/countries/cities?lang=en", resp.URL)
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, conduit.Budget{Limit: 400, Remaining: 398, Reset: 95e9}, resp.RateLimit.Requests)

	_, err = c.Cities(context.Background(), "Chad")
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
	assert.Empty(t, srv.Last(t).Query)
	assert.JSONEq(t, `{"country":"Chad"}`, string(srv.Last(t).Body))
}

func TestVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"error":false,"msg":"ok","data":[]}`})
	for _, base := range []string{srv.URL + "/api", srv.URL + "/api/v0.1", srv.URL + "/api/v0.1/"} {
		_, err := testkit.Client(t, countries.New, conduit.WithBaseURL(base)).Capitals(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/api/v0.1/countries/capital", srv.Last(t).Path, "%s: v0.1 appears once", base)
	}
}
