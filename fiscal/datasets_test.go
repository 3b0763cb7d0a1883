package fiscal_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestTypedDatasetsDecodeTheirFixtures(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, fiscal.New, srv.Options("fiscal")...)
	ctx := context.Background()

	fx, err := c.RatesOfExchange(ctx, &fiscal.Query{PageSize: 2})
	require.NoError(t, err)
	require.Len(t, fx.Data, 2)
	assert.Equal(t, fiscal.Value("Euro Zone-Euro"), fx.Data[1].CountryCurrencyDesc)
	assert.Equal(t, fiscal.Value("Euro"), fx.Data[1].Currency)
	assert.Equal(t, fiscal.Value("2025"), fx.Data[1].RecordFiscalYear)
	assert.Equal(t, "NUMBER", fx.Meta.DataTypes["exchange_rate"])
	r, _ := srv.Last("fiscal", "RatesOfExchange")
	assert.Equal(t, "json", r.Query.Get("format"))

	out, err := c.DebtOutstanding(ctx, nil)
	require.NoError(t, err)
	amt, err := out.Data[2].DebtOutstandingAmt.Amount()
	require.NoError(t, err)
	assert.Equal(t, "30928911613306.73", amt.String())

	mts, err := c.MTSSummary(ctx, nil)
	require.NoError(t, err)
	require.Len(t, mts.Data, 3)
	_, err = mts.Data[0].CurrentMonthGrossRcptAmt.Amount()
	assert.ErrorIs(t, err, fiscal.ErrNull, "heading lines have no amounts")
	assert.Equal(t, fiscal.Value("10001"), mts.Data[1].ParentID)
	assert.Contains(t, string(mts.Data[1].RawJSON()), `"table_nbr": "1"`, "the layout fields stay reachable")
}

func TestTypedDatasetPaths(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[],"meta":{},"links":{}}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL+"/services/api/fiscal_service/v2"))
	ctx := context.Background()
	for path, call := range map[string]func() error{
		"/services/api/fiscal_service/v1/accounting/od/rates_of_exchange": func() error { _, err := c.RatesOfExchange(ctx, nil); return err },
		"/services/api/fiscal_service/v2/accounting/od/debt_outstanding":  func() error { _, err := c.DebtOutstanding(ctx, nil); return err },
		"/services/api/fiscal_service/v1/accounting/mts/mts_table_1":      func() error { _, err := c.MTSSummary(ctx, nil); return err },
	} {
		require.NoError(t, call())
		r := srv.Last(t)
		assert.Equal(t, path, r.Path)
		q, _ := url.ParseQuery(r.Query)
		assert.Equal(t, url.Values{"format": {"json"}}, q)
	}
}
