package police_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

var triangle = []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.13, Lng: 0.478}}

// Each method sends the path and query the service documents for it, with
// nothing but conduit's own headers.
func TestMethodsRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL+"/api"))
	ctx := context.Background()
	jan := &police.MonthParams{Month: "2024-01"}
	const poly = "52.268,0.543:52.794,0.238:52.13,0.478"
	for _, tc := range []struct {
		name  string
		call  func() error
		path  string
		query url.Values
	}{
		{"SeniorOfficers", func() error { return discard(c.SeniorOfficers(ctx, "leicestershire")) }, "/forces/leicestershire/people", nil},
		{"CrimeCategories", func() error {
			return discard(c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2011-08"}))
		}, "/crime-categories", url.Values{"date": {"2011-08"}}},
		{"Availability", func() error { return discard(c.Availability(ctx)) }, "/crimes-street-dates", nil},
		{"StreetCrimes category", func() error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Category: "burglary"}))
		}, "/crimes-street/burglary", url.Values{"lat": {"52.6"}, "lng": {"-1.1"}}},
		{"StreetCrimesInArea", func() error {
			return discard(c.StreetCrimesInArea(ctx, triangle, &police.StreetCrimesParams{Month: "2024-01"}))
		}, "/crimes-street/all-crime", url.Values{"poly": {poly}, "date": {"2024-01"}}},
		{"CrimesAtLocation", func() error { return discard(c.CrimesAtLocation(ctx, 1738423, jan)) },
			"/crimes-at-location", url.Values{"location_id": {"1738423"}, "date": {"2024-01"}}},
		{"CrimesAtNearestLocation", func() error { return discard(c.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, nil)) },
			"/crimes-at-location", url.Values{"lat": {"52.629729"}, "lng": {"-1.131592"}}},
		{"CrimesNoLocation", func() error {
			return discard(c.CrimesNoLocation(ctx, "leicestershire", &police.StreetCrimesParams{Month: "2024-01"}))
		}, "/crimes-no-location", url.Values{"category": {"all-crime"}, "force": {"leicestershire"}, "date": {"2024-01"}}},
		{"StreetOutcomes", func() error { return discard(c.StreetOutcomes(ctx, 52.629729, -1.131592, jan)) },
			"/outcomes-at-location", url.Values{"lat": {"52.629729"}, "lng": {"-1.131592"}, "date": {"2024-01"}}},
		{"StreetOutcomesInArea", func() error { return discard(c.StreetOutcomesInArea(ctx, triangle, nil)) },
			"/outcomes-at-location", url.Values{"poly": {poly}}},
		{"StreetOutcomesAtLocation", func() error { return discard(c.StreetOutcomesAtLocation(ctx, 1737432, jan)) },
			"/outcomes-at-location", url.Values{"location_id": {"1737432"}, "date": {"2024-01"}}},
		{"Neighbourhoods", func() error { return discard(c.Neighbourhoods(ctx, "leicestershire")) }, "/leicestershire/neighbourhoods", nil},
		{"NeighbourhoodBoundary", func() error { return discard(c.NeighbourhoodBoundary(ctx, "leicestershire", "NC04")) }, "/leicestershire/NC04/boundary", nil},
		{"NeighbourhoodTeam", func() error { return discard(c.NeighbourhoodTeam(ctx, "leicestershire", "NC04")) }, "/leicestershire/NC04/people", nil},
		{"NeighbourhoodEvents", func() error { return discard(c.NeighbourhoodEvents(ctx, "leicestershire", "NC04")) }, "/leicestershire/NC04/events", nil},
		{"NeighbourhoodPriorities", func() error { return discard(c.NeighbourhoodPriorities(ctx, "leicestershire", "NC04")) }, "/leicestershire/NC04/priorities", nil},
		{"StopSearches", func() error { return discard(c.StopSearches(ctx, 52.629729, -1.131592, jan)) },
			"/stops-street", url.Values{"lat": {"52.629729"}, "lng": {"-1.131592"}, "date": {"2024-01"}}},
		{"StopSearchesInArea", func() error { return discard(c.StopSearchesInArea(ctx, triangle, jan)) },
			"/stops-street", url.Values{"poly": {poly}, "date": {"2024-01"}}},
		{"StopSearchesAtLocation", func() error { return discard(c.StopSearchesAtLocation(ctx, 1609590, jan)) },
			"/stops-at-location", url.Values{"location_id": {"1609590"}, "date": {"2024-01"}}},
		{"StopSearchesNoLocation", func() error { return discard(c.StopSearchesNoLocation(ctx, "leicestershire", nil)) },
			"/stops-no-location", url.Values{"force": {"leicestershire"}}},
		{"StopSearchesByForce", func() error { return discard(c.StopSearchesByForce(ctx, "avon-and-somerset", jan)) },
			"/stops-force", url.Values{"force": {"avon-and-somerset"}, "date": {"2024-01"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, tc.call())
			last := srv.Last(t)
			testkit.OpenGET(t, last)
			assert.Equal(t, "/api"+tc.path, last.Path)
			got, err := url.ParseQuery(last.Query)
			require.NoError(t, err)
			if tc.query == nil {
				tc.query = url.Values{}
			}
			assert.Equal(t, tc.query, got)
		})
	}

	srv = testkit.Start(t, testkit.Reply{Body: `{}`})
	c = testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL))
	for _, tc := range []struct {
		call        func() error
		path, query string
	}{
		{func() error { return discard(c.Force(ctx, "leicestershire")) }, "/forces/leicestershire", ""},
		{func() error { return discard(c.LastUpdated(ctx)) }, "/crime-last-updated", ""},
		{func() error {
			return discard(c.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1"))
		}, "/outcomes-for-crime/e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1", ""},
		{func() error { return discard(c.Neighbourhood(ctx, "metropolitan", "00BK17N")) }, "/metropolitan/00BK17N", ""},
		{func() error { return discard(c.LocateNeighbourhood(ctx, 51.500617, -0.124629)) }, "/locate-neighbourhood", "q=51.500617%2C-0.124629"},
	} {
		require.NoError(t, tc.call())
		assert.Equal(t, tc.path, srv.Last(t).Path)
		assert.Equal(t, tc.query, srv.Last(t).Query)
	}
}

func discard[T any](_ T, err error) error { return err }

// A polygon too long for the request line the service accepts is refused
// before any I/O; one just under it is sent.
func TestPolygonLengthChecked(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL))
	corner := func(n int) []police.Point {
		area := make([]police.Point, n)
		for i := range area {
			area[i] = police.Point{Lat: 52.123456, Lng: -1.123456}
		}
		return area
	}
	// Each corner is 20 characters escaped ("52.123456%2C-1.123456"
	// plus "%3A"), so 160 corners stay under the limit and 200 do not.
	_, err := c.StreetCrimesInArea(context.Background(), corner(160), nil)
	require.NoError(t, err)
	assert.Less(t, len(srv.Last(t).Query), 4000)
	_, err = c.StreetCrimesInArea(context.Background(), corner(200), nil)
	testkit.InvalidParam(t, err, "poly")
	assert.Equal(t, 1, srv.Hits())
}

// The answers' shapes beyond the crime record: nulls, numbers as strings,
// an outcome sent as false, records with no location.
func TestAnswersDecode(t *testing.T) {
	c := testkit.Replay(t, "police", police.New)
	ctx := context.Background()

	hood, err := c.Neighbourhood(ctx, "leicestershire", "NC04")
	require.NoError(t, err)
	assert.Equal(t, conduit.Int(0), hood.Population, "a numeric string")
	assert.Equal(t, "101", hood.ContactDetails.Telephone)
	assert.Equal(t, "LE1 3GG", hood.Locations[0].Postcode)
	assert.Empty(t, hood.Locations[0].Latitude, "a null coordinate")
	assert.Empty(t, hood.Links[0].Description, "a null description")

	boundary, err := c.NeighbourhoodBoundary(ctx, "leicestershire", "NC04")
	require.NoError(t, err)
	p, err := boundary[0].Point()
	require.NoError(t, err)
	assert.Equal(t, police.Point{Lat: 52.6394052587, Lng: -1.1458618876}, p)
	_, err = police.Coordinates{Latitude: "1e2", Longitude: "0"}.Point()
	assert.Error(t, err, "an exponent is not a coordinate")

	unmapped, err := c.StopSearchesNoLocation(ctx, "leicestershire", nil)
	require.NoError(t, err)
	assert.Nil(t, unmapped[0].Location)
	assert.Equal(t, police.StopOutcome(""), unmapped[1].Outcome, "false reads as no wording")
	assert.Nil(t, unmapped[1].RemovalOfMoreThanOuterClothing, "null stays unknown")
	require.NotNil(t, unmapped[0].OutcomeLinkedToObjectOfSearch)
	assert.True(t, *unmapped[0].OutcomeLinkedToObjectOfSearch)

	stops, err := c.StopSearches(ctx, 52.629729, -1.131592, nil)
	require.NoError(t, err)
	assert.Equal(t, "2024-01-04T07:41:00Z", stops[0].Datetime.UTC().Format("2006-01-02T15:04:05Z07:00"))
	assert.Equal(t, "bu-no-further-action", stops[0].OutcomeObject.ID)
	require.NotNil(t, stops[0].Operation)
	assert.False(t, *stops[0].Operation)
	assert.Nil(t, stops[1].Operation)

	crimes, err := c.CrimesNoLocation(ctx, "leicestershire", nil)
	require.NoError(t, err)
	assert.Equal(t, police.Location{}, crimes[0].Location, "null location")
	assert.Empty(t, crimes[0].LocationType)

	history, err := c.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1")
	require.NoError(t, err)
	assert.Nil(t, history.Outcomes[0].PersonID)
	assert.Nil(t, history.Crime.OutcomeStatus)
	assert.Equal(t, int64(2043595), history.Crime.Location.Street.ID)

	updated, err := c.LastUpdated(ctx)
	require.NoError(t, err)
	assert.Equal(t, conduit.Date{Year: 2024, Month: 3, Day: 1}, updated.Date)
}

// A stop and search outcome is text, false or null; anything else is a
// malformed answer, not a silent "".
func TestStopOutcomeRefusesOtherShapes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"type":"Person search","outcome":true}]`})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL))
	_, err := c.StopSearchesByForce(context.Background(), "leicestershire", nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
}

// Outcomes in an area have the same 10,000 limit as crimes: its 503 names
// the remedy and is not retried. A 503 from stop and search is an outage.
func TestAreaLimitOfOutcomes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 503})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	_, err := c.StreetOutcomesInArea(context.Background(), triangle, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "police", Op: "StreetOutcomesInArea", Status: 503,
		Message: "the area holds more than 10,000 outcomes, the service's limit: split it into smaller polygons"})
	_, err = c.StreetCrimesInArea(context.Background(), triangle, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Status: 503,
		Message: "the area holds more than 10,000 crimes, the service's limit: split it into smaller polygons"})
	assert.Equal(t, 2, srv.Hits())
	_, err = c.StopSearchesInArea(context.Background(), triangle, nil)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 2+3, srv.Hits(), "stop and search's 503 is retried")
}
