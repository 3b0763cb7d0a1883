package police_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

func TestForces(t *testing.T) {
	c := testkit.Replay(t, "police", police.New)
	fs, err := c.Forces(context.Background())
	require.NoError(t, err)
	require.Len(t, fs, 7)
	assert.Equal(t, "leicestershire", fs[3].ID)
	assert.Equal(t, "Leicestershire Police", fs[3].Name)
	var extra struct{ Telephone string }
	require.NoError(t, fs[3].Decode(&extra))
	assert.Equal(t, "101", extra.Telephone, "fields the spec does not show stay reachable")
	assert.JSONEq(t, `{"id": "avon-and-somerset", "name": "Avon and Somerset Constabulary"}`, string(fs[0].RawJSON()))
	golden.JSON(t, "police", "forces", fs)
}

func TestStreetCrimes(t *testing.T) {
	c := testkit.Replay(t, "police", police.New)
	cs, err := c.StreetCrimes(context.Background(), 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"})
	require.NoError(t, err)
	require.Len(t, cs, 4)

	asb := cs[0]
	assert.Equal(t, "anti-social-behaviour", asb.Category)
	assert.Nil(t, asb.OutcomeStatus, "null outcome")
	assert.Empty(t, asb.PersistentID)

	burglary := cs[1]
	assert.EqualValues(t, 4294967301, burglary.ID, "ids past 2^32 survive")
	assert.Equal(t, "52.629729", burglary.Location.Latitude, "coordinates stay the strings sent")
	lat, lng, err := burglary.Location.Coordinates()
	require.NoError(t, err)
	assert.Equal(t, 52.629729, lat)
	assert.Equal(t, -1.131592, lng)
	assert.Equal(t, police.Street{ID: 1737432, Name: "On or near Granby Street"}, burglary.Location.Street)
	assert.Equal(t, "2024-01", burglary.Month)
	require.NotNil(t, burglary.OutcomeStatus)
	assert.Equal(t, "Investigation complete; no suspect identified", burglary.OutcomeStatus.Category)
	assert.Equal(t, "2024-02", burglary.OutcomeStatus.Date)
	var outcome struct{ Source string }
	require.NoError(t, burglary.OutcomeStatus.Decode(&outcome))
	assert.Equal(t, "crime-record", outcome.Source, "the outcome object is kept raw")

	assert.Equal(t, "STATION", cs[2].LocationSubtype)
	assert.Equal(t, "Reported at the station forecourt.", cs[2].Context)
	assert.Empty(t, cs[3].OutcomeStatus.Date, "a null date inside the outcome")
	golden.JSON(t, "police", "street_crimes", cs)

	none, err := c.StreetCrimes(context.Background(), 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2010-11"})
	require.NoError(t, err)
	assert.Empty(t, none)
}

func TestRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "police", "street_crimes.json")})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL+"/api/"))
	for _, tc := range []struct {
		lat, lng float64
		p        *police.StreetCrimesParams
		query    string
	}{
		{52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}, "lat=52.629729&lng=-1.131592&date=2024-01"},
		{51.5, 0, nil, "lat=51.5&lng=0"},
		{-90, 180, &police.StreetCrimesParams{}, "lat=-90&lng=180"},
	} {
		_, err := c.StreetCrimes(context.Background(), tc.lat, tc.lng, tc.p)
		require.NoError(t, err)
		testkit.OpenGET(t, srv.Last(t))
		assert.Equal(t, "/api/crimes-street/all-crime", srv.Last(t).Path)
		assert.Equal(t, tc.query, srv.Last(t).Query)
	}
	srv = testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "police", "forces.json")})
	c = testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL+"/api"))
	_, err := c.Forces(context.Background())
	require.NoError(t, err)
	testkit.OpenGET(t, srv.Last(t))
	assert.Equal(t, "/api/forces", srv.Last(t).Path)
	assert.Empty(t, srv.Last(t).Query)
}

func TestErrors(t *testing.T) {
	client := func(t *testing.T, url string) *police.Client {
		return testkit.Client(t, police.New, conduit.WithBaseURL(url), testkit.Fast)
	}
	forces := testkit.Op{Service: "police", Op: "Forces", Endpoint: "GET /forces", Call: func(t *testing.T, url string) error {
		_, err := client(t, url).Forces(context.Background())
		return err
	}}
	crimes := testkit.Op{Service: "police", Op: "StreetCrimes", Endpoint: "GET /crimes-street/{category}", Call: func(t *testing.T, url string) error {
		_, err := client(t, url).StreetCrimes(context.Background(), 52.6, -1.1, nil)
		return err
	}}
	testkit.Errors(t, append(testkit.CommonErrors(),
		testkit.Case{Name: "503 empty", Reply: testkit.Reply{Status: 503}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 503}},
		testkit.Case{Name: "object for a list", Reply: testkit.Reply{Body: `{"error":"unexpected"}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		testkit.Case{Name: "wrong types", Reply: testkit.Reply{Body: `[{"id":"116208998","name":7}]`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	), nil, forces, crimes)
}

// Empty results are no error, whichever way they come.
func TestEmpty(t *testing.T) {
	for _, body := range []string{`[]`, `null`, ``} {
		c := testkit.Client(t, police.New, conduit.WithBaseURL(testkit.Start(t, testkit.Reply{Body: body}).URL))
		cs, err := c.StreetCrimes(context.Background(), 0, 0, nil)
		require.NoError(t, err, body)
		assert.Empty(t, cs, body)
		fs, err := c.Forces(context.Background())
		require.NoError(t, err, body)
		assert.Empty(t, fs, body)
	}
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL))
	crimes := func(lat, lng float64, month string) func() error {
		return func() error {
			_, err := c.StreetCrimes(context.Background(), lat, lng, &police.StreetCrimesParams{Month: month})
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "police", Op: "StreetCrimes"}, []testkit.Input{
		{Field: "lat", Call: crimes(90.0001, 0, "")},
		{Field: "lat", Call: crimes(-91, 0, "")},
		{Field: "lat", Call: crimes(math.NaN(), 0, "")},
		{Field: "lat", Call: crimes(math.Inf(1), 0, "")},
		{Field: "lng", Call: crimes(0, 180.5, "")},
		{Field: "lng", Call: crimes(0, -181, "")},
		{Field: "lng", Call: crimes(0, math.NaN(), "")},
		{Field: "lng", Call: crimes(0, math.Inf(-1), "")},
		{Field: "date", Call: crimes(0, 0, "2024-1")},
		{Field: "date", Call: crimes(0, 0, "2024-13")},
		{Field: "date", Call: crimes(0, 0, "2024-00")},
		{Field: "date", Call: crimes(0, 0, "2024-01-15")},
		{Field: "date", Call: crimes(0, 0, "01-2024")},
		{Field: "date", Call: crimes(0, 0, "latest")},
		{Field: "date", Call: crimes(0, 0, " 2024-01")},
	})
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_POLICE_URL", "https://data.police.uk/api/", police.New, func(c *police.Client) error {
		_, err := c.Forces(context.Background())
		return err
	})
}

func TestLocation(t *testing.T) {
	l := police.Location{Latitude: "-0.5", Longitude: "179.999999"}
	lat, lng, err := l.Coordinates()
	require.NoError(t, err)
	assert.Equal(t, -0.5, lat)
	assert.Equal(t, 179.999999, lng)
	for _, bad := range []police.Location{
		{Latitude: "", Longitude: "1"},
		{Latitude: "1", Longitude: ""},
		{Latitude: "5e1", Longitude: "1"},
		{Latitude: "90.000001", Longitude: "1"},
		{Latitude: "1", Longitude: "-180.5"},
		{Latitude: "NaN", Longitude: "1"},
		{Latitude: "1", Longitude: "Inf"},
		{Latitude: " 52.1", Longitude: "1"},
		{Latitude: "0x1p2", Longitude: "1"},
	} {
		_, _, err := bad.Coordinates()
		require.Error(t, err, "%+v", bad)
		assert.Regexp(t, `^police: (latitude|longitude)`, err.Error())
	}
}

func FuzzLocation(f *testing.F) {
	for _, s := range []string{"52.629729", "-1.131592", "", "1e2", "90", "-180.0000001", "NaN", "0x10", "٣"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, lat, lng string) {
		la, lo, err := police.Location{Latitude: lat, Longitude: lng}.Coordinates()
		if err != nil {
			return
		}
		if math.IsNaN(la) || math.IsNaN(lo) || math.Abs(la) > 90 || math.Abs(lo) > 180 {
			t.Fatalf("%q,%q gave %v,%v", lat, lng, la, lo)
		}
	})
}

// Any outcome_status value decodes without error and is kept as sent.
func FuzzOutcomeStatus(f *testing.F) {
	for _, s := range []string{`{"category":"Under investigation","date":"2024-01"}`, `{"category":5}`, `""`, `[]`, `{}`, `{"date":null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // the decoder refuses it before any record sees it
		}
		var o police.OutcomeStatus
		if err := conduit.Unmarshal([]byte(in), &o); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if !bytes.Equal(o.RawJSON(), bytes.TrimSpace([]byte(in))) {
			t.Fatalf("%q kept as %q", in, o.RawJSON())
		}
	})
}
