package fxref_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func day(y int, m time.Month, d int) fxref.Date { return fxref.Date{Year: y, Month: m, Day: d} }

// replayed runs fn against a client of a fresh replay server.
func replayed(t *testing.T, fn func(c *fxref.Client)) {
	t.Helper()
	srv := replay.Start()
	defer srv.Close()
	c, err := fxref.New(srv.Options("fxref")...)
	require.NoError(t, err)
	fn(c)
}

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

// wire records what reached a local server.
type wire struct {
	mu   sync.Mutex
	reqs []*http.Request
}

func (w *wire) all() []*http.Request {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]*http.Request(nil), w.reqs...)
}

// listen answers every request with status and body below a /v1 base.
func listen(t *testing.T, w *wire, status int, body string) *fxref.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		w.reqs = append(w.reqs, r)
		w.mu.Unlock()
		rw.Header().Set("Content-Type", "application/json")
		rw.WriteHeader(status)
		rw.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	c, err := fxref.New(conduit.WithBaseURL(srv.URL+"/v1/"), conduit.WithMaxRetries(0))
	require.NoError(t, err)
	return c
}

func TestRequestShape(t *testing.T) {
	var w wire
	ctx := context.Background()
	c := listen(t, &w, 200, `{"amount":1,"base":"EUR","date":"2024-06-07","start_date":"2024-06-03","end_date":"2024-06-07","rates":{}}`)
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
	_, err = listen(t, &w, 200, `{"USD":"United States Dollar"}`).Currencies(ctx)
	require.NoError(t, err)

	want := []struct{ path, rawQuery, symbols string }{
		{"/v1/latest", "", ""},
		{"/v1/latest", "base=USD&symbols=EUR%2CGBP%2CJPY", "EUR,GBP,JPY"},
		{"/v1/1999-01-04", "symbols=USD", "USD"},
		{"/v1/2024-06-03..2024-06-07", "base=GBP", ""},
		{"/v1/2024-06-03..2024-06-03", "", ""},
		{"/v1/currencies", "", ""},
	}
	reqs := w.all()
	require.Len(t, reqs, len(want))
	for i, r := range reqs {
		assert.Equal(t, "GET", r.Method)
		assert.Equal(t, want[i].path, r.URL.EscapedPath())
		assert.Equal(t, want[i].rawQuery, r.URL.RawQuery)
		assert.Equal(t, want[i].symbols, r.URL.Query().Get("symbols"), "symbols are one comma-joined value")
		assert.Empty(t, r.Header.Get("Authorization"), "the interface takes no credentials")
	}
}

// Failures of any kind come back as *Error with the right sentinel; the
// decode failures include dates the Date type refuses.
func TestRangeErrors(t *testing.T) {
	type answer struct {
		status int
		body   string
	}
	cases := map[answer]error{
		{404, `{"message":"not found"}`}:                         conduit.ErrNotFound,
		{422, `{"message":"invalid date"}`}:                      conduit.ErrAPI,
		{500, `<html><body>Internal Server Error</body></html>`}: conduit.ErrAPI,
		{200, `null`}: conduit.ErrMalformedResponse,
		{200, ``}:     conduit.ErrMalformedResponse,
		{200, `{"start_date":"07/06/2024","rates":{}}`}:  conduit.ErrMalformedResponse,
		{200, `{"end_date":20240607}`}:                   conduit.ErrMalformedResponse,
		{200, `{"rates":{"2024-06-07":{"USD":"1.08"}}}`}: conduit.ErrMalformedResponse,
		{200, `{"rates":{"2024-13-01":{"USD":1}}}`}:      conduit.ErrMalformedResponse,
	}
	for tc, is := range cases {
		var w wire
		c := listen(t, &w, tc.status, tc.body)
		_, err := c.Range(context.Background(), day(2024, time.June, 3), day(2024, time.June, 7), nil)
		assert.ErrorIs(t, err, is, tc.body)
		assert.ErrorContains(t, err, "fxref.Range: GET /{start_date}..{end_date}: ", "errors name the template, never the dates")
		if e := (*fxref.Error)(nil); tc.status != 200 && assert.ErrorAs(t, err, &e) {
			assert.Equal(t, tc.status, e.StatusCode)
			assert.Equal(t, tc.body, string(e.Body))
		}
	}
}

func TestBadInput(t *testing.T) {
	var w wire
	c := listen(t, &w, 200, `{}`)
	ctx := context.Background()
	latest := func(p *fxref.RatesParams) error { _, err := c.Latest(ctx, p); return err }
	hist := func(d fxref.Date) error { _, err := c.Historical(ctx, d, nil); return err }
	span := func(a, b fxref.Date) error { _, err := c.Range(ctx, a, b, nil); return err }
	ok := day(2024, time.June, 3)
	cases := []struct {
		field string
		err   error
	}{
		{"base", latest(&fxref.RatesParams{Base: "eur"})},
		{"base", latest(&fxref.RatesParams{Base: "EURO"})},
		{"base", latest(&fxref.RatesParams{Base: "E1R"})},
		{"symbols", latest(&fxref.RatesParams{Symbols: []string{"USD", "gbp"}})},
		{"symbols", latest(&fxref.RatesParams{Symbols: []string{""}})},
		{"symbols", latest(&fxref.RatesParams{Symbols: []string{"USD,GBP"}})},
		{"date", hist(fxref.Date{})},
		{"date", hist(day(2023, time.February, 29))},
		{"date", hist(day(2024, 13, 1))},
		{"start_date", span(fxref.Date{}, ok)},
		{"end_date", span(ok, day(2024, time.June, 31))},
		{"end_date", span(ok, day(2024, time.June, 2))},
		{"end_date", span(ok, day(2023, time.December, 31))},
		{"symbols", func() error {
			_, err := c.Range(ctx, ok, ok, &fxref.RatesParams{Symbols: []string{"usd"}})
			return err
		}()},
	}
	for i, tc := range cases {
		var e *fxref.Error
		require.ErrorAs(t, tc.err, &e, "case %d", i)
		assert.ErrorIs(t, tc.err, conduit.ErrInvalidParam, "case %d", i)
		assert.Equal(t, tc.field, e.Field, "case %d: %v", i, tc.err)
	}
	assert.Empty(t, w.all(), "bad input must not reach the server")
}

// WithBaseURL wins over CONDUIT_FX_URL; with neither there is no request.
func TestBaseURLPrecedence(t *testing.T) {
	t.Setenv("CONDUIT_FX_URL", "http://127.0.0.1:1/v1")
	var w wire
	viaOption := listen(t, &w, 200, `{"USD":"United States Dollar"}`)
	_, err := viaOption.Currencies(context.Background())
	require.NoError(t, err)
	assert.Len(t, w.all(), 1)

	t.Setenv("CONDUIT_FX_URL", "")
	none, err := fxref.New()
	require.NoError(t, err)
	_, err = none.Latest(context.Background(), nil)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Equal(t, "fxref.Latest: missing base URL fx_url: set it with WithBaseURL (or the package's named option) or CONDUIT_FX_URL", err.Error())
}
