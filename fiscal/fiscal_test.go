package fiscal_test

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestDebtToPenny(t *testing.T) {
	c := testkit.Replay(t, "fiscal", fiscal.New)
	pg, err := c.DebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_date", PageSize: 3})
	require.NoError(t, err)
	require.Len(t, pg.Data, 3)
	assert.Equal(t, 3, pg.Meta.Count)
	assert.Equal(t, 7, pg.Meta.TotalCount)
	assert.Equal(t, 3, pg.Meta.TotalPages)
	assert.Equal(t, "Total Public Debt Outstanding", pg.Meta.Labels["tot_pub_debt_out_amt"])
	assert.Equal(t, "CURRENCY", pg.Meta.DataTypes["debt_held_public_amt"])
	assert.Equal(t, "YYYY-MM-DD", pg.Meta.DataFormats["record_date"])
	assert.Empty(t, pg.Links.Prev, "null prev on the first page")
	assert.Equal(t, "&page%5Bnumber%5D=2&page%5Bsize%5D=3", pg.Links.Next)

	rec := pg.Data[0]
	assert.Equal(t, fiscal.Value("34831240048132.68"), rec.TotPubDebtOutAmt)
	pub, err := rec.DebtHeldPublicAmt.Amount()
	require.NoError(t, err)
	intra, err := rec.IntragovHoldAmt.Amount()
	require.NoError(t, err)
	total, err := rec.TotPubDebtOutAmt.Amount()
	require.NoError(t, err)
	assert.Zero(t, new(big.Rat).Add(pub.Rat(), intra.Rat()).Cmp(total.Rat()), "amounts are exact to the penny")
	day, err := rec.RecordDate.Date()
	require.NoError(t, err)
	assert.Equal(t, conduit.Date{Year: 2024, Month: time.June, Day: 28}, day)
	month, err := rec.RecordCalendarMonth.Int()
	require.NoError(t, err)
	assert.EqualValues(t, 6, month)
	var extra struct {
		Flag string `json:"record_revision_flag"`
	}
	require.NoError(t, rec.Decode(&extra))
	assert.Equal(t, "N", extra.Flag, "a record's unshown fields stay reachable")
	assert.Contains(t, string(pg.RawJSON()), `"total-pages"`)
	golden.JSON(t, "fiscal", "debt_to_penny", pg)
}

func TestAvgInterestRates(t *testing.T) {
	c := testkit.Replay(t, "fiscal", fiscal.New)
	pg, err := c.AvgInterestRates(context.Background(), &fiscal.PageParams{PageSize: 4})
	require.NoError(t, err)
	require.Len(t, pg.Data, 4)
	rec := pg.Data[0]
	assert.Equal(t, fiscal.Value("Marketable"), rec.SecurityTypeDesc)
	assert.Equal(t, fiscal.Value("Treasury Bills"), rec.SecurityDesc)
	rate, err := rec.AvgInterestRateAmt.Percentage()
	require.NoError(t, err)
	assert.Equal(t, "2663/500", rate.Rat().RatString(), "percent units, exact")
	fy, err := rec.RecordFiscalYear.Int()
	require.NoError(t, err)
	assert.EqualValues(t, 2024, fy)
	assert.Equal(t, "PERCENTAGE", pg.Meta.DataTypes["avg_interest_rate_amt"])
	assert.Equal(t, "&page%5Bnumber%5D=2&page%5Bsize%5D=4", pg.Links.Next)
	assert.Contains(t, string(rec.RawJSON()), `"record_revision_flag": "N"`)
	golden.JSON(t, "fiscal", "avg_interest_rates", pg)
}

func TestAllDebtToPenny(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, fiscal.New, srv.Options("fiscal")...)
	var recs []fiscal.DebtRecord
	for rec, err := range c.AllDebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_date", PageSize: 3}) {
		require.NoError(t, err)
		recs = append(recs, rec)
	}
	require.Len(t, recs, 7, "three pages followed to the null next link")
	assert.Equal(t, 3, srv.Hits("GET /fiscal_url/v2/accounting/od/debt_to_penny"))
	assert.Equal(t, fiscal.Value("2024-06-20"), recs[6].RecordDate)
	_, err := recs[6].IntragovHoldAmt.Amount()
	assert.ErrorIs(t, err, fiscal.ErrNull, "null is reported, not read as zero")
	assert.Contains(t, err.Error(), `"null"`)
	golden.JSON(t, "fiscal", "all_debt_to_penny", recs)
}

func TestAllAvgInterestRates(t *testing.T) {
	c := testkit.Replay(t, "fiscal", fiscal.New)
	var recs []fiscal.InterestRateRecord
	for rec, err := range c.AllAvgInterestRates(context.Background(), nil) {
		require.NoError(t, err)
		recs = append(recs, rec)
	}
	require.Len(t, recs, 6)
	assert.Equal(t, fiscal.Value("Domestic Series"), recs[5].SecurityDesc)
	_, err := recs[5].AvgInterestRateAmt.Percentage()
	assert.ErrorIs(t, err, fiscal.ErrEmpty)
	golden.JSON(t, "fiscal", "all_avg_interest_rates", recs)
}

func TestRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "fiscal", "debt_to_penny.json")})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL+"/services/api/fiscal_service/"))
	_, err := c.DebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_date", PageSize: 100, PageNumber: 2})
	require.NoError(t, err)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/services/api/fiscal_service/v2/accounting/od/debt_to_penny", got.Path)
	assert.Equal(t, "sort=-record_date&page%5Bsize%5D=100&page%5Bnumber%5D=2", got.Query)

	_, err = c.AvgInterestRates(context.Background(), nil)
	require.NoError(t, err)
	assert.Equal(t, "/services/api/fiscal_service/v2/accounting/od/avg_interest_rates", srv.Last(t).Path)
	assert.Empty(t, srv.Last(t).Query, "nil params send nothing")
}

func TestErrors(t *testing.T) {
	invalid := `{"error":"Invalid Query Param","message":"Invalid query parameter 'sort' with value '[-record_dat]'."}`
	msg := "Invalid query parameter 'sort' with value '[-record_dat]'."
	cases := append(testkit.CommonErrors(),
		testkit.Case{Name: "400 error body", Reply: testkit.Reply{Status: 400, Body: invalid}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "Invalid Query Param", Message: msg}},
		testkit.Case{Name: "error body at 200", Reply: testkit.Reply{Body: invalid}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "Invalid Query Param", Message: msg}},
		testkit.Case{Name: "null body", Reply: testkit.Reply{Body: "null"}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		testkit.Case{Name: "number value", Reply: testkit.Reply{Body: `{"data":[{"record_date":20240628}]}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		testkit.Case{Name: "null record", Reply: testkit.Reply{Body: `{"data":[{"record_date":"2024-06-28"},null]}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse, Message: "decoding the response: record 1 of data is null"}},
	)
	first := func(seq func(func(fiscal.DebtRecord, error) bool)) error {
		for _, err := range seq {
			return err
		}
		return nil
	}
	client := func(t *testing.T, url string) *fiscal.Client {
		return testkit.Client(t, fiscal.New, conduit.WithBaseURL(url), testkit.Fast)
	}
	testkit.Errors(t, cases, nil,
		testkit.Op{Service: "fiscal", Op: "DebtToPenny", Endpoint: "GET /v2/accounting/od/debt_to_penny", Call: func(t *testing.T, url string) error {
			_, err := client(t, url).DebtToPenny(context.Background(), nil)
			return err
		}},
		testkit.Op{Service: "fiscal", Op: "AvgInterestRates", Endpoint: "GET /v2/accounting/od/avg_interest_rates", Call: func(t *testing.T, url string) error {
			_, err := client(t, url).AvgInterestRates(context.Background(), nil)
			return err
		}},
		testkit.Op{Service: "fiscal", Op: "AllDebtToPenny", Endpoint: "GET /v2/accounting/od/debt_to_penny", Call: func(t *testing.T, url string) error {
			return first(client(t, url).AllDebtToPenny(context.Background(), nil))
		}},
	)
}

// Empty results are no error, whichever way they come.
func TestEmptyPage(t *testing.T) {
	for _, body := range []string{`{"data":[],"meta":{"count":0},"links":{"next":null}}`, `{"data":null}`, `{}`} {
		c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(testkit.Start(t, testkit.Reply{Body: body}).URL))
		pg, err := c.AvgInterestRates(context.Background(), nil)
		require.NoError(t, err, body)
		assert.Empty(t, pg.Data, body)
		n := 0
		for _, err := range c.AllAvgInterestRates(context.Background(), nil) {
			require.NoError(t, err, body)
			n++
		}
		assert.Zero(t, n, body)
	}
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[]}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	cases := []struct {
		field string
		p     fiscal.PageParams
	}{
		{"sort", fiscal.PageParams{Sort: "-"}},
		{"sort", fiscal.PageParams{Sort: "--record_date"}},
		{"sort", fiscal.PageParams{Sort: "Record_Date"}},
		{"sort", fiscal.PageParams{Sort: "record-date"}},
		{"sort", fiscal.PageParams{Sort: "record_date desc"}},
		{"sort", fiscal.PageParams{Sort: "+record_date"}},
		{"sort", fiscal.PageParams{Sort: "record_date,src_line_nbr"}},
		{"sort", fiscal.PageParams{Sort: "record_date&page[size]=1"}},
		{"sort", fiscal.PageParams{Sort: "récord_date"}},
		{"page[size]", fiscal.PageParams{PageSize: -1}},
		{"page[number]", fiscal.PageParams{PageNumber: -3}},
	}
	for _, tc := range cases {
		testkit.BadInput(t, srv, testkit.Shape{Service: "fiscal"}, []testkit.Input{
			{Field: tc.field, Call: func() error { _, err := c.DebtToPenny(context.Background(), &tc.p); return err }},
			{Field: tc.field, Call: func() error { _, err := c.AvgInterestRates(context.Background(), &tc.p); return err }},
			{Field: tc.field, Call: func() error {
				var errs []error
				for _, err := range c.AllAvgInterestRates(context.Background(), &tc.p) {
					errs = append(errs, err)
				}
				if len(errs) != 1 {
					return fmt.Errorf("the iterator yielded %d errors, want the error once", len(errs))
				}
				return errs[0]
			}},
		})
	}
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_FISCAL_URL", "https://api.fiscaldata.treasury.gov/services/api/fiscal_service/v", fiscal.New, func(c *fiscal.Client) error {
		_, err := c.DebtToPenny(context.Background(), nil)
		return err
	})
}
