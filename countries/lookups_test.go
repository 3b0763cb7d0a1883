package countries_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each lookup POSTs its one name to the documented path; each listing GETs
// its path with no query.
func TestLookupAndListingRequests(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Body: `{"error":false,"msg":"ok","data":{}}`})
	ctx := context.Background()
	for _, tc := range []struct {
		call       func() error
		path, body string
	}{
		{func() error { _, err := c.Capital(ctx, "Nigeria"); return err }, "/countries/capital", `{"country":"Nigeria"}`},
		{func() error { _, err := c.Currency(ctx, "Nigeria"); return err }, "/countries/currency", `{"country":"Nigeria"}`},
		{func() error { _, err := c.FlagImage(ctx, "Nigeria"); return err }, "/countries/flag/images", `{"country":"Nigeria"}`},
		{func() error { _, err := c.FlagUnicode(ctx, "Nigeria"); return err }, "/countries/flag/unicode", `{"country":"Nigeria"}`},
		{func() error { _, err := c.ISOCode(ctx, "Nigeria"); return err }, "/countries/iso", `{"country":"Nigeria"}`},
		{func() error { _, err := c.Position(ctx, "Nigeria"); return err }, "/countries/positions", `{"country":"Nigeria"}`},
		{func() error { _, err := c.DialCode(ctx, "Nigeria"); return err }, "/countries/codes", `{"country":"Nigeria"}`},
		{func() error { _, err := c.Population(ctx, "Nigeria"); return err }, "/countries/population", `{"country":"Nigeria"}`},
		{func() error { _, err := c.CityPopulation(ctx, "Lagos"); return err }, "/countries/population/cities", `{"city":"Lagos"}`},
		{func() error { _, err := c.CountryStates(ctx, "Nigeria"); return err }, "/countries/states", `{"country":"Nigeria"}`},
	} {
		require.NoError(t, tc.call(), tc.path)
		r := srv.Last(t)
		assert.Equal(t, [2]string{"POST", "/api/v0.1" + tc.path}, [2]string{r.Method, r.Path})
		assert.JSONEq(t, tc.body, string(r.Body), tc.path)
	}

	c, srv = serve(t, testkit.Reply{Body: `{"error":false,"msg":"ok","data":[]}`})
	for _, tc := range []struct {
		call func() error
		path string
	}{
		{func() error { _, err := c.Countries(ctx); return err }, "/countries"},
		{func() error { _, err := c.Currencies(ctx); return err }, "/countries/currency"},
		{func() error { _, err := c.FlagImages(ctx); return err }, "/countries/flag/images"},
		{func() error { _, err := c.FlagUnicodes(ctx); return err }, "/countries/flag/unicode"},
		{func() error { _, err := c.ISOCodes(ctx); return err }, "/countries/iso"},
		{func() error { _, err := c.Positions(ctx); return err }, "/countries/positions"},
		{func() error { _, err := c.DialCodes(ctx); return err }, "/countries/codes"},
		{func() error { _, err := c.Populations(ctx); return err }, "/countries/population"},
		{func() error { _, err := c.CityPopulations(ctx); return err }, "/countries/population/cities"},
		{func() error { _, err := c.States(ctx); return err }, "/countries/states"},
		{func() error { _, err := c.StateCities(ctx, "Nigeria", "Lagos"); return err }, "/countries/state/cities"},
	} {
		require.NoError(t, tc.call(), tc.path)
		r := srv.Last(t)
		if tc.path == "/countries/state/cities" {
			assert.Equal(t, "POST", r.Method)
			assert.JSONEq(t, `{"country":"Nigeria","state":"Lagos"}`, string(r.Body))
		} else {
			testkit.OpenGET(t, r)
		}
		assert.Equal(t, "/api/v0.1"+tc.path, r.Path)
	}
}

// The lookups follow the service's redirect of a POST to its GET form.
func TestLookupFollowsTheRedirectToTheGETForm(t *testing.T) {
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" {
			http.Redirect(w, r, "/api/v0.1/countries/capital/q?country=Nigeria", http.StatusMovedPermanently)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"error":false,"msg":"country and capitals retrieved","data":{"name":"Nigeria","capital":"Abuja","iso2":"NG","iso3":"NGA"}}`))
	}))
	c := testkit.Client(t, countries.New, conduit.WithBaseURL(srv.URL+"/api/v0.1"), testkit.Fast)
	r, err := c.Capital(context.Background(), "Nigeria")
	require.NoError(t, err)
	assert.Equal(t, "Abuja", r.Data.Capital)
	assert.Equal(t, 2, srv.Hits())
	assert.Equal(t, "country=Nigeria", srv.Last(t).Query)
}

func TestLookupsDecodeTheServicesMemberNames(t *testing.T) {
	c, _ := serve(t,
		testkit.Reply{Body: `{"error":false,"msg":"ok","data":{"name":"Nigeria","Iso2":"NG","Iso3":"NGA"}}`},
		testkit.Reply{Body: `{"error":false,"msg":"ok","data":{"city":"Lagos","country":"Nigeria","populationCounts":[{"year":"2006","value":"9013534.5","sex":"Both Sexes","reliabilty":"Final figure, complete"}]}}`},
	)
	iso, err := c.ISOCode(context.Background(), "Nigeria")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"NG", "NGA"}, [2]string{iso.Data.ISO2, iso.Data.ISO3}, "Iso2 and Iso3, capitalised")
	city, err := c.CityPopulation(context.Background(), "Lagos")
	require.NoError(t, err)
	got := city.Data.PopulationCounts[0]
	assert.Equal(t, countries.CityPopulationCount{Year: "2006", Value: "9013534.5", Sex: "Both Sexes", Reliability: "Final figure, complete"}, got)
}

func TestLookupOfAnUnknownPlaceIsNotFound(t *testing.T) {
	c, _ := serve(t, testkit.Reply{Status: 404, Body: `{"error":true,"msg":"country not found"}`})
	_, err := c.DialCode(context.Background(), "Atlantis")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "country not found"})

	c, _ = serve(t, testkit.Reply{Body: `{"error":true,"msg":"state not found","data":[]}`})
	_, err = c.StateCities(context.Background(), "Nigeria", "Atlantis")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Message: "state not found"})
}

func TestLookupsCheckTheirNamesFirst(t *testing.T) {
	c, srv := serve(t)
	_, err := c.Population(context.Background(), " ")
	testkit.InvalidParam(t, err, "country")
	_, err = c.CityPopulation(context.Background(), "")
	testkit.InvalidParam(t, err, "city")
	_, err = c.StateCities(context.Background(), "Nigeria", "")
	testkit.InvalidParam(t, err, "state")
	assert.Zero(t, srv.Hits())
}
