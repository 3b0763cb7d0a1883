package filings_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// fake is a client of a conduittest server with the limit lifted.
func fake(t *testing.T) (*filings.Client, *conduittest.Server) {
	srv := conduittest.NewServer(t)
	return testkit.Client(t, filings.New, append(srv.Options("filings"), conduit.WithRateLimit(0, 0))...), srv
}

func TestRecentFilingsAreRowsOfTheColumns(t *testing.T) {
	c, _ := fake(t)
	s, err := c.Submissions(context.Background(), 320193)
	require.NoError(t, err)
	rows, err := s.RecentFilings()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	k := rows[0]
	assert.Equal(t, "0000320193-24-000123", k.AccessionNumber)
	assert.Equal(t, day("2024-11-01"), k.FilingDate)
	require.NotNil(t, k.ReportDate)
	assert.Equal(t, day("2024-09-28"), *k.ReportDate)
	assert.Equal(t, time.Date(2024, 11, 1, 6, 1, 36, 0, time.UTC), k.AcceptanceDateTime)
	assert.Equal(t, "10-K", k.Form)
	assert.Equal(t, "001-36743", k.FileNumber)
	assert.Equal(t, "241416806", k.FilmNumber)
	assert.Equal(t, int64(9759333), k.Size)
	assert.True(t, k.IsXBRL)
	assert.True(t, k.IsInlineXBRL)
	assert.Equal(t, "aapl-20240928.htm", k.PrimaryDocument)
	assert.Equal(t, "2.02,9.01", rows[1].Items)
	assert.Equal(t, "8-K", rows[1].Form)

	older, err := s.OlderFiles()
	require.NoError(t, err)
	require.Len(t, older, 1)
	assert.Equal(t, "CIK0000320193-submissions-001.json", older[0].Name)
	assert.Equal(t, 2, older[0].FilingCount)
	assert.Equal(t, day("2013-07-24"), older[0].FilingFrom)
}

func TestRowsLeaveMissingColumnsEmptyAndReportDateNilWhenBlank(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"accessionNumber":["0000320193-24-000001"],"filingDate":["2024-01-02"],"reportDate":[""],"form":["4"]}`})
	f, err := client(t, srv).SubmissionsFile(context.Background(), "CIK0000320193-submissions-001.json")
	require.NoError(t, err)
	rows, err := f.Rows()
	require.NoError(t, err)
	require.Len(t, rows, 1)
	assert.Nil(t, rows[0].ReportDate)
	assert.Equal(t, "4", rows[0].Form)
	assert.True(t, rows[0].AcceptanceDateTime.IsZero())
	assert.False(t, rows[0].IsXBRL)
}

func TestRowsRefuseColumnsOfUnequalLength(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"accessionNumber":["a","b"],"form":["10-K"]}`})
	f, err := client(t, srv).SubmissionsFile(context.Background(), "CIK0000320193-submissions-001.json")
	require.NoError(t, err)
	_, err = f.Rows()
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.ErrorContains(t, err, "form has 1 values for 2")
}

func TestSubmissionsFilePath(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	_, err := client(t, srv).SubmissionsFile(context.Background(), "CIK0000320193-submissions-012.json")
	require.NoError(t, err)
	assert.Equal(t, "/submissions/CIK0000320193-submissions-012.json", srv.Last(t).Path)
	assert.Equal(t, contact, srv.Last(t).Header.Get("User-Agent"))
}

func TestAllFilingsWalksRecentThenOlderFiles(t *testing.T) {
	c, srv := fake(t)
	var accns []string
	for f, err := range c.AllFilings(context.Background(), 320193) {
		require.NoError(t, err)
		accns = append(accns, f.AccessionNumber)
	}
	assert.Equal(t, []string{"0000320193-24-000123", "0000320193-24-000120", "0000320193-24-000081",
		"0000320193-24-000069", "0001193125-13-416534", "0001193125-13-300670"}, accns)
	assert.Len(t, srv.Requests("filings", "SubmissionsFile"), 1)
}

func TestAllFilingsStoppedEarlyFetchesNoOlderFile(t *testing.T) {
	c, srv := fake(t)
	for range c.AllFilings(context.Background(), 320193) {
		break
	}
	assert.Empty(t, srv.Requests("filings", "SubmissionsFile"))
}

func TestAllFilingsStopsOnAFileListedTwice(t *testing.T) {
	n := 0
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "-submissions-") {
			w.Write([]byte(`{"accessionNumber":["0000320193-13-000001"]}`))
			return
		}
		w.Write([]byte(`{"cik":"0000320193","filings":{"recent":{"accessionNumber":["0000320193-24-000001"]},
			"files":[{"name":"CIK0000320193-submissions-001.json"},{"name":"CIK0000320193-submissions-001.json"}]}}`))
	}))
	var got int
	var last error
	for _, err := range client(t, srv).AllFilings(context.Background(), 320193) {
		if err != nil {
			last = err
			break
		}
		got++
	}
	assert.Equal(t, 2, got)
	assert.ErrorIs(t, last, conduit.ErrMalformedResponse)
	assert.Equal(t, 2, n, "the repeated file is not fetched again")
}

func TestAllFilingsYieldsTheFirstErrorOnce(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 404, ContentType: "application/xml", Body: testkit.Fixture(t, "filings", "not_found.xml")})
	var errs []error
	for _, err := range client(t, srv).AllFilings(context.Background(), 42) {
		errs = append(errs, err)
	}
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], conduit.ErrNotFound)
}

func TestArchiveURL(t *testing.T) {
	u, err := filings.ArchiveURL(320193, "0000320193-24-000123", "aapl-20240928.htm")
	require.NoError(t, err)
	assert.Equal(t, "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm", u)
	u, err = filings.ArchiveURL(320193, "000032019324000123", "")
	require.NoError(t, err)
	assert.Equal(t, "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/", u)
	for _, bad := range []struct {
		cik        filings.CIK
		accn, file string
	}{{0, "0000320193-24-000123", "a.htm"}, {320193, "0000320193-24-00012", "a.htm"}, {320193, "0000320193-24-00012x", "a.htm"}, {320193, "0000320193-24-000123", "../a.htm"}, {320193, "0000320193-24-000123", ".."},
		{320193, "0000320193-24-000123", "%2e%2e"}, {320193, "0000320193-24-000123", "%2E"}, {320193, "0000320193-24-000123", ".%2e"},
		{320193, "0000320193-24-000123", "%252e%252e"}, {320193, "0000320193-24-000123", "%2e%2e%2fa.htm"}} {
		_, err := filings.ArchiveURL(bad.cik, bad.accn, bad.file)
		assert.True(t, errors.Is(err, conduit.ErrInvalidParam), "%v", bad)
	}
}
