package fiscal_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const twoRecords = `{"data":[{"record_date":"2024-06-28","tot_pub_debt_out_amt":"34831240048132.68"},` +
	`{"record_date":"2024-06-27","tot_pub_debt_out_amt":"null"}],"meta":{"count":2,"dataTypes":{"record_date":"DATE"}},"links":{"next":null}}`

// Each iterator sends the request of the page method it is named after
// and yields that page's records, each with its own bytes.
func TestEachSendsThePageRequest(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: twoRecords})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	ctx := context.Background()
	q := &fiscal.Query{Sort: []string{"-record_date"}, PageSize: 2, Filters: []fiscal.Filter{fiscal.Gte("record_date", "2024-01-01")}}
	pp := &fiscal.PageParams{Sort: "-record_date", PageSize: 2, PageNumber: 3}
	pairs := []struct {
		name        string
		whole, each func() (int, error)
	}{
		{"Query", func() (int, error) {
			p, err := c.Query(ctx, "v2/accounting/od/debt_to_penny", q)
			return pageLen(p, err)
		},
			func() (int, error) { return count(c.EachQueryRow(ctx, "v2/accounting/od/debt_to_penny", q)) }},
		{"DebtToPenny", func() (int, error) { p, err := c.DebtToPenny(ctx, pp); return pageLen(p, err) },
			func() (int, error) { return count(c.EachDebtToPennyRecord(ctx, pp)) }},
		{"AvgInterestRates", func() (int, error) { p, err := c.AvgInterestRates(ctx, pp); return pageLen(p, err) },
			func() (int, error) { return count(c.EachAvgInterestRate(ctx, pp)) }},
		{"RatesOfExchange", func() (int, error) { p, err := c.RatesOfExchange(ctx, q); return pageLen(p, err) },
			func() (int, error) { return count(c.EachRateOfExchange(ctx, q)) }},
		{"DebtOutstanding", func() (int, error) { p, err := c.DebtOutstanding(ctx, q); return pageLen(p, err) },
			func() (int, error) { return count(c.EachDebtOutstandingRecord(ctx, q)) }},
		{"MTSSummary", func() (int, error) { p, err := c.MTSSummary(ctx, q); return pageLen(p, err) },
			func() (int, error) { return count(c.EachMTSSummaryRecord(ctx, q)) }},
	}
	for _, tc := range pairs {
		n, err := tc.whole()
		require.NoError(t, err, tc.name)
		sent := srv.Last(t)
		m, err := tc.each()
		require.NoError(t, err, tc.name)
		assert.Equal(t, sent.Method+" "+sent.URI, srv.Last(t).Method+" "+srv.Last(t).URI, tc.name)
		assert.Equal(t, n, m, tc.name)
	}
	rows, err := testkit.Drain(c.EachQueryRow(ctx, "v2/accounting/od/debt_to_penny", nil))
	require.NoError(t, err)
	assert.Equal(t, `{"record_date":"2024-06-27","tot_pub_debt_out_amt":"null"}`, string(rows[1].RawJSON()))
	assert.Equal(t, "", rows[0].DataType("record_date"), "the meta comes after the rows")
}

func pageLen[R any](p *fiscal.Page[R], err error) (int, error) {
	if err != nil {
		return 0, err
	}
	return len(p.Data), nil
}

func count[R any](seq func(func(R, error) bool)) (int, error) {
	got, err := testkit.Drain(seq)
	return len(got), err
}

// A null record, which no accessor could read, ends the iteration as it
// fails the page methods.
func TestEachRefusesANullRecord(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[{"record_date":"2024-06-28"},null],"meta":{},"links":{}}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	got, err := testkit.Drain(c.EachDebtToPennyRecord(context.Background(), nil))
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "fiscal", Op: "EachDebtToPennyRecord",
		Message: "decoding the response: a record of data is null"})
	assert.Equal(t, 1, e.Attempts)
	assert.Len(t, got, 1)
}

// A null row of a generic query is refused as a null record is, and a
// row decoded by encoding/json keeps its values and its raw bytes.
func TestQueryRefusesANullRow(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[{"record_date":"2024-06-28"},null]}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	_, err := c.Query(context.Background(), "v2/accounting/od/debt_to_penny", nil)
	require.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.Contains(t, err.Error(), "record 1 of data is null")

	var row fiscal.Row
	require.NoError(t, json.Unmarshal([]byte(`{"record_date":"2024-06-28"}`), &row))
	assert.Equal(t, fiscal.Value("2024-06-28"), row.Values["record_date"])
	assert.JSONEq(t, `{"record_date":"2024-06-28"}`, string(row.RawJSON()))
}
