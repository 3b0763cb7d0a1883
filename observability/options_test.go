package observability_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

// Do reaches an endpoint the package does not type with the key in
// X-Service-Team and nowhere else; a POST is a write, not repeated unless
// marked idempotent.
func TestDo(t *testing.T) {
	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable}
	srv := testkit.Start(t, testkit.Reply{Body: `[{"id":"m1","message":"deploy"}]`}, unavailable, unavailable, testkit.Reply{Body: `{"id":"m2"}`})
	c := client(t, srv.URL)
	ctx := context.Background()
	var markers []struct {
		ID      string `json:"id"`
		Message string `json:"message"`
	}
	require.NoError(t, c.Do(ctx, "GET", "/1/markers/checkout", nil, &markers))
	assert.Equal(t, "deploy", markers[0].Message)
	got := srv.Last(t)
	assert.Equal(t, "/1/markers/checkout", got.URI)
	assert.Equal(t, []string{"header X-Service-Team"}, got.Holds(key))

	err := c.Do(ctx, "POST", "/1/markers/checkout", map[string]string{"message": "deploy"}, nil)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 2, srv.Hits(), "a write that may have arrived is not repeated")
	require.NoError(t, c.Do(ctx, "POST", "/1/markers/checkout", map[string]string{"message": "deploy"}, nil, conduit.WithIdempotent()))
	assert.Equal(t, 4, srv.Hits())
	assert.JSONEq(t, `{"message":"deploy"}`, string(srv.Last(t).Body))
}

// Per-call options reach the wire, a body field joins the event, and
// WithResponse reports the answer with its budget.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"team":{"name":"T"}}`, Header: []string{"X-Request-Id", "rq-1",
		"RateLimit", "limit=100, remaining=80, reset=54", "RateLimit-Policy", "100;w=60"}})
	c := client(t, srv.URL)
	ctx := context.Background()
	var resp conduit.Response
	_, err := c.Auth(ctx, conduit.WithHeader("X-Trace", "a"), conduit.WithQuery("verbose", "1"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "/1/auth?verbose=1", got.URI)
	assert.Equal(t, "a", got.Header.Get("X-Trace"))
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "rq-1", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	require.NotNil(t, resp.RateLimit, "the budget of a successful answer")
	assert.Equal(t, conduit.Budget{Limit: 100, Remaining: 80, Reset: 54 * time.Second}, resp.RateLimit.Requests)

	require.NoError(t, c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart"}, conduit.WithBodyField("host", "web-3"),
		conduit.WithResponse(&resp)))
	assert.JSONEq(t, `{"route":"/cart","host":"web-3"}`, string(srv.Last(t).Body))
	assert.Equal(t, srv.URL+"/1/events/checkout", resp.URL)

	_, err = c.ListDatasets(ctx, conduit.WithHeader("X-Service-Team", "other"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "no option replaces the key")
	assert.Equal(t, 2, srv.Hits())
}

// A base pasted with the version segment the paths start with ("/1") goes
// to the same URLs as one without.
func TestBaseWithOrWithoutVersion(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	for _, base := range []string{srv.URL + "/api", srv.URL + "/api/1", srv.URL + "/api/1/"} {
		_, err := client(t, base).ListDatasets(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/api/1/datasets", srv.Last(t).URI, base)
	}
	eu, err := observability.New(observability.WithRegion(observability.EU), observability.WithEUURL(srv.URL+"/eu/1"), observability.WithAPIKey(key))
	require.NoError(t, err)
	_, err = eu.ListDatasets(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "/eu/1/datasets", srv.Last(t).URI)
}

// The region is read in any case and reported in the spec's; base URL
// variables of earlier releases still work.
func TestRegionAnyCaseAndOldEnvNames(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"team":{"name":"T"}}`})
	t.Setenv("CONDUIT_OBSERVABILITY_OBS_EU_URL", "")
	t.Setenv("CONDUIT_OBS_EU_URL", srv.URL+"/old-eu")
	t.Setenv("CONDUIT_OBSERVABILITY_REGION", "EU")
	t.Setenv("CONDUIT_OBSERVABILITY_API_KEY", key)
	c, err := observability.New()
	require.NoError(t, err)
	assert.Equal(t, observability.EU, c.Region())
	_, err = c.Auth(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "/old-eu/1/auth", srv.Last(t).URI)
}
