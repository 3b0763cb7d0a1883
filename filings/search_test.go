package filings_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// FullTextSearch goes to the efts host alone, with the contact, and sends
// the search's parameters under their wire names; a date range is a
// custom one.
func TestFullTextSearchRequest(t *testing.T) {
	data := testkit.Start(t, testkit.Reply{Body: `{}`})
	efts := testkit.Start(t, testkit.Reply{Body: `{"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}`})
	c := client(t, data, filings.WithSearchURL(efts.URL))
	ctx := context.Background()
	_, err := c.FullTextSearch(ctx, `"going concern" & more`, &filings.SearchParams{Forms: []string{"10-K", "10-Q"},
		Start: conduit.Date{Year: 2020, Month: 1, Day: 1}, End: conduit.Date{Year: 2020, Month: 12, Day: 31}, From: 200})
	require.NoError(t, err)
	assert.Zero(t, data.Hits(), "the data host is not asked")
	last := efts.Last(t)
	assert.Equal(t, "/LATEST/search-index", last.Path)
	assert.Equal(t, contact, last.Header.Get("User-Agent"), "the efts host wants the contact too")
	q, err := url.ParseQuery(last.Query)
	require.NoError(t, err)
	assert.Equal(t, url.Values{"q": {`"going concern" & more`}, "forms": {"10-K,10-Q"}, "dateRange": {"custom"},
		"startdt": {"2020-01-01"}, "enddt": {"2020-12-31"}, "from": {"200"}}, q)

	_, err = c.FullTextSearch(ctx, "cybersecurity incident", nil)
	require.NoError(t, err)
	assert.Equal(t, "q=cybersecurity+incident", efts.Last(t).Query)
}

// The fixture decodes whole: the total, each hit's id and source.
func TestFullTextSearchFixture(t *testing.T) {
	c, _ := fake(t)
	r, err := c.FullTextSearch(context.Background(), "\"Cupertino\"", nil)
	require.NoError(t, err)
	assert.Equal(t, filings.SearchTotal{Value: 2, Relation: "eq"}, r.Hits.Total)
	require.Len(t, r.Hits.Hits, 2)
	h := r.Hits.Hits[1]
	assert.Equal(t, "0000320193-20-000096:a10-k20200926exhibit211.htm", h.ID)
	assert.Equal(t, "EX-21.1", h.Source.FileType)
	assert.Equal(t, conduit.Date{Year: 2020, Month: 10, Day: 30}, h.Source.FileDate)
	require.NotNil(t, h.Source.PeriodEnding)
	assert.Equal(t, "2020-09-26", h.Source.PeriodEnding.String())
	assert.Equal(t, []string{"0000320193"}, h.Source.CIKs)
	assert.Contains(t, string(r.RawJSON()), `"aggregations"`)
	golden.JSON(t, "filings", "full_text_search", r)
}

// hitsPage is a page of n hits from the offset from, of total in all.
func hitsPage(from, n, total int) string {
	var hits []string
	for i := from; i < from+n; i++ {
		hits = append(hits, fmt.Sprintf(`{"_id":"0000000001-24-%06d:d.htm","_source":{"adsh":"0000000001-24-%06d","form":"8-K","file_date":"2024-01-02"}}`, i, i))
	}
	return fmt.Sprintf(`{"hits":{"total":{"value":%d,"relation":"eq"},"hits":[%s]}}`, total, strings.Join(hits, ","))
}

// AllSearchHits moves From by the hits of each page and stops at the
// total.
func TestAllSearchHitsWalksFrom(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: hitsPage(100, 100, 250)}, testkit.Reply{Body: hitsPage(200, 50, 250)})
	c := client(t, srv, filings.WithSearchURL(srv.URL), conduit.WithRateLimit(0, 0))
	hits, err := testkit.Drain(c.AllSearchHits(context.Background(), "merger", &filings.SearchParams{From: 100}))
	require.NoError(t, err)
	require.Len(t, hits, 150)
	assert.Equal(t, "0000000001-24-000249", hits[149].Source.ADSH)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for i, from := range []string{"100", "200"} {
		q, _ := url.ParseQuery(reqs[i].Query)
		assert.Equal(t, from, q.Get("from"))
		assert.Equal(t, "merger", q.Get("q"))
	}
}

// A service that answers every offset with the same page ends the walk.
func TestAllSearchHitsEndsOnAnEmptyPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: hitsPage(0, 100, 10000)}, testkit.Reply{Body: hitsPage(0, 0, 10000)})
	c := client(t, srv, filings.WithSearchURL(srv.URL), conduit.WithRateLimit(0, 0))
	hits, err := testkit.Drain(c.AllSearchHits(context.Background(), "merger", nil))
	require.NoError(t, err)
	assert.Len(t, hits, 100)
	assert.Equal(t, 2, srv.Hits())
}

// Bad input is refused before any I/O, naming the wire parameter.
func TestFullTextSearchInputs(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv, filings.WithSearchURL(srv.URL))
	ctx := context.Background()
	for field, p := range map[string]struct {
		q string
		p *filings.SearchParams
	}{
		"q":       {" ", nil},
		"forms":   {"x", &filings.SearchParams{Forms: []string{"10-K,8-K"}}},
		"startdt": {"x", &filings.SearchParams{Start: conduit.Date{Year: 2020, Month: 2, Day: 30}}},
		"enddt":   {"x", &filings.SearchParams{Start: conduit.Date{Year: 2021, Month: 1, Day: 1}, End: conduit.Date{Year: 2020, Month: 1, Day: 1}}},
		"from":    {"x", &filings.SearchParams{From: -100}},
	} {
		_, err := c.FullTextSearch(ctx, p.q, p.p)
		testkit.InvalidParam(t, err, field)
		_, err = testkit.Drain(c.AllSearchHits(ctx, p.q, p.p))
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.FullTextSearch(ctx, "bad \xff", nil)
	testkit.InvalidParam(t, err, "q")
	assert.Zero(t, srv.Hits())
}
