package fxref_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func day(y int, m time.Month, d int) conduit.Date { return conduit.Date{Year: y, Month: m, Day: d} }

// replayed runs fn against a client of a fresh replay server.
func replayed(t *testing.T, fn func(c *fxref.Client)) { fn(testkit.Replay(t, "fxref", fxref.New)) }

func TestLatest(t *testing.T) {
	replayed(t, func(c *fxref.Client) {
		r, err := c.Latest(context.Background(), &fxref.RatesParams{Base: "EUR"})
		require.NoError(t, err)
		assert.Equal(t, day(2024, time.June, 7), r.Date)
		assert.Equal(t, "EUR", r.Base)
		assert.Equal(t, 1.0, r.Amount)
		assert.Equal(t, 1.0801, r.Rates["USD"])
		assert.Equal(t, 169.39, r.Rates["JPY"])
		var extra struct {
			PublishedAt time.Time `json:"published_at"`
		}
		require.NoError(t, r.Decode(&extra))
		assert.Equal(t, 14, extra.PublishedAt.UTC().Hour(), "fields the spec does not show stay reachable")
		golden.JSON(t, "fxref", "latest", r)
	})
}

func TestHistorical(t *testing.T) {
	replayed(t, func(c *fxref.Client) {
		r, err := c.Historical(context.Background(), day(2024, time.January, 1), &fxref.RatesParams{Symbols: []string{"USD", "GBP"}})
		require.NoError(t, err)
		assert.Equal(t, day(2023, time.December, 29), r.Date, "a holiday answers with the working day before")
		assert.Equal(t, map[string]float64{"GBP": 0.86905, "USD": 1.105}, r.Rates)
		assert.Contains(t, string(r.RawJSON()), `"publisher"`)
		golden.JSON(t, "fxref", "historical", r)
	})
}

func TestRange(t *testing.T) {
	replayed(t, func(c *fxref.Client) {
		r, err := c.Range(context.Background(), day(2024, time.June, 1), day(2024, time.June, 7), &fxref.RatesParams{Symbols: []string{"GBP", "USD"}})
		require.NoError(t, err)
		assert.Equal(t, day(2024, time.May, 31), r.StartDate, "a range starting on a Saturday starts on the Friday before")
		assert.Equal(t, day(2024, time.June, 7), r.EndDate)
		require.Len(t, r.Rates, 6, "one entry per working day")
		days := r.Days()
		var dates []string
		for _, d := range days {
			dates = append(dates, d.Date.String())
		}
		assert.Equal(t, []string{"2024-05-31", "2024-06-03", "2024-06-04", "2024-06-05", "2024-06-06", "2024-06-07"}, dates)
		assert.Equal(t, 1.0848, days[0].Rates["USD"])
		assert.Equal(t, 0.8491, r.Rates[day(2024, time.June, 7)]["GBP"])
		golden.JSON(t, "fxref", "range", r)
	})
}

func TestCurrencies(t *testing.T) {
	replayed(t, func(c *fxref.Client) {
		r, err := c.Currencies(context.Background())
		require.NoError(t, err)
		assert.Equal(t, "Swiss Franc", r.Names["CHF"])
		assert.Equal(t, []string{"AUD", "CHF", "EUR", "GBP", "JPY", "NOK", "USD", "ZAR"}, r.Codes())
		assert.Contains(t, string(r.RawJSON()), `"ZAR": "South African Rand"`)
		golden.JSON(t, "fxref", "currencies", r)
	})
}

// listen answers every request with status and body below a /v1 base.
func listen(t *testing.T, status int, body string) (*fxref.Client, *testkit.Server) {
	srv := testkit.Start(t, testkit.Reply{Status: status, Body: body})
	return testkit.Client(t, fxref.New, conduit.WithBaseURL(srv.URL+"/v1/"), conduit.WithMaxRetries(0)), srv
}

func TestRequestShape(t *testing.T) {
	ctx := context.Background()
	c, rates := listen(t, 200, `{"amount":1,"base":"EUR","date":"2024-06-07","start_date":"2024-06-03","end_date":"2024-06-07","rates":{}}`)
	_, err := c.Latest(ctx, nil)
	require.NoError(t, err)
	_, err = c.Latest(ctx, &fxref.RatesParams{Base: "USD", Symbols: []string{"EUR", "GBP", "JPY"}})
	require.NoError(t, err)
	_, err = c.Historical(ctx, day(1999, time.January, 4), &fxref.RatesParams{Symbols: []string{"USD"}})
	require.NoError(t, err)
	_, err = c.Range(ctx, day(2024, time.June, 3), day(2024, time.June, 7), &fxref.RatesParams{Base: "GBP"})
	require.NoError(t, err)
	_, err = c.Range(ctx, day(2024, time.June, 3), day(2024, time.June, 3), nil)
	require.NoError(t, err, "a one-day range is a range")
	cc, currencies := listen(t, 200, `{"USD":"United States Dollar"}`)
	_, err = cc.Currencies(ctx)
	require.NoError(t, err)

	want := []struct{ path, rawQuery, symbols string }{
		{"/v1/latest", "", ""},
		{"/v1/latest", "base=USD&symbols=EUR%2CGBP%2CJPY", "EUR,GBP,JPY"},
		{"/v1/1999-01-04", "symbols=USD", "USD"},
		{"/v1/2024-06-03..2024-06-07", "base=GBP", ""},
		{"/v1/2024-06-03..2024-06-03", "", ""},
		{"/v1/currencies", "", ""},
	}
	reqs := append(rates.Requests(), currencies.Requests()...)
	require.Len(t, reqs, len(want))
	for i, r := range reqs {
		testkit.OpenGET(t, r)
		assert.Equal(t, want[i].path, r.Path)
		assert.Equal(t, want[i].rawQuery, r.Query)
		q, err := url.ParseQuery(r.Query)
		require.NoError(t, err)
		assert.Equal(t, want[i].symbols, q.Get("symbols"), "symbols are one comma-joined value")
	}
}

// Failures of any kind come back as *Error with the right sentinel; the
// decode failures include dates the Date type refuses.
func TestRangeErrors(t *testing.T) {
	// Errors name the template, never the dates; an answer keeps its body.
	answer := func(name string, status int, body string, want testkit.Shape) testkit.Case {
		return testkit.Case{Name: name, Reply: testkit.Reply{Status: status, Body: body}, Want: want, Then: func(t *testing.T, err error) {
			assert.ErrorContains(t, err, "fxref.Range: GET /{start_date}..{end_date}: ")
			if status != 200 {
				assert.Equal(t, body, string(err.(*fxref.Error).Body))
			}
		}}
	}
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	testkit.Errors(t, []testkit.Case{
		answer("404", 404, `{"message":"not found"}`, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "not found"}),
		answer("422", 422, `{"message":"invalid date"}`, testkit.Shape{Is: conduit.ErrAPI, Status: 422, Message: "invalid date"}),
		answer("500 html", 500, `<html><body>Internal Server Error</body></html>`, testkit.Shape{Is: conduit.ErrAPI, Status: 500}),
		answer("null", 200, `null`, malformed),
		answer("empty", 200, ``, malformed),
		answer("start date not ISO", 200, `{"start_date":"07/06/2024","rates":{}}`, malformed),
		answer("end date a number", 200, `{"end_date":20240607}`, malformed),
		answer("rate a string", 200, `{"rates":{"2024-06-07":{"USD":"1.08"}}}`, malformed),
		answer("month 13", 200, `{"rates":{"2024-13-01":{"USD":1}}}`, malformed),
	}, nil, testkit.Op{Service: "fxref", Op: "Range", Endpoint: "GET /{start_date}..{end_date}", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, fxref.New, conduit.WithBaseURL(url+"/v1/"), conduit.WithMaxRetries(0))
		_, err := c.Range(context.Background(), day(2024, time.June, 3), day(2024, time.June, 7), nil)
		return err
	}})
}

func TestBadInput(t *testing.T) {
	c, srv := listen(t, 200, `{}`)
	ctx := context.Background()
	latest := func(p *fxref.RatesParams) func() error {
		return func() error { _, err := c.Latest(ctx, p); return err }
	}
	hist := func(d conduit.Date) func() error {
		return func() error { _, err := c.Historical(ctx, d, nil); return err }
	}
	span := func(a, b conduit.Date, p *fxref.RatesParams) func() error {
		return func() error { _, err := c.Range(ctx, a, b, p); return err }
	}
	ok := day(2024, time.June, 3)
	testkit.BadInput(t, srv, testkit.Shape{Service: "fxref"}, []testkit.Input{
		{Field: "base", Call: latest(&fxref.RatesParams{Base: "eur"})},
		{Field: "base", Call: latest(&fxref.RatesParams{Base: "EURO"})},
		{Field: "base", Call: latest(&fxref.RatesParams{Base: "E1R"})},
		{Field: "symbols", Call: latest(&fxref.RatesParams{Symbols: []string{"USD", "gbp"}})},
		{Field: "symbols", Call: latest(&fxref.RatesParams{Symbols: []string{""}})},
		{Field: "symbols", Call: latest(&fxref.RatesParams{Symbols: []string{"USD,GBP"}})},
		{Field: "date", Call: hist(conduit.Date{})},
		{Field: "date", Call: hist(day(2023, time.February, 29))},
		{Field: "date", Call: hist(day(2024, 13, 1))},
		{Field: "start_date", Call: span(conduit.Date{}, ok, nil)},
		{Field: "end_date", Call: span(ok, day(2024, time.June, 31), nil)},
		{Field: "end_date", Call: span(ok, day(2024, time.June, 2), nil)},
		{Field: "end_date", Call: span(ok, day(2023, time.December, 31), nil)},
		{Field: "symbols", Call: span(ok, ok, &fxref.RatesParams{Symbols: []string{"usd"}})},
	})
}

// WithBaseURL wins over CONDUIT_FXREF_FX_URL; with neither there is no request.
func TestBaseURLPrecedence(t *testing.T) {
	testkit.ClearEnv(t, "CONDUIT_FX_URL")
	t.Setenv("CONDUIT_FXREF_FX_URL", "http://127.0.0.1:1/v1")
	viaOption, srv := listen(t, 200, `{"USD":"United States Dollar"}`)
	_, err := viaOption.Currencies(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, srv.Hits())

	testkit.DefaultBaseURL(t, "CONDUIT_FXREF_FX_URL", "https://api.frankfurter.dev/v1/latest", fxref.New,
		func(c *fxref.Client) error { _, err := c.Latest(context.Background(), nil); return err })
}
