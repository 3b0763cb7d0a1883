package filings_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestCompanyFactsByTaxonomyAndConcept(t *testing.T) {
	c, _ := fake(t)
	f, err := c.CompanyFacts(context.Background(), 320193)
	require.NoError(t, err)
	assert.Equal(t, filings.CIK(320193), f.CIK)
	assert.Equal(t, "Apple Inc.", f.EntityName)
	shares, ok := f.Concept("dei", "EntityCommonStockSharesOutstanding")
	require.True(t, ok)
	assert.Equal(t, "Entity Common Stock, Shares Outstanding", shares.Label)
	require.Len(t, shares.Units["shares"], 2)
	assert.Equal(t, "15115823000", shares.Units["shares"][1].Val.String())
	rev, ok := f.Concept("us-gaap", "RevenueFromContractWithCustomerExcludingAssessedTax")
	require.True(t, ok)
	d := rev.Units["USD"][0]
	require.NotNil(t, d.Start, "a duration fact has a start")
	assert.Equal(t, day("2023-10-01"), *d.Start)
	assert.Equal(t, "CY2024", d.Frame)
	_, ok = f.Concept("ifrs-full", "Revenue")
	assert.False(t, ok)
	assert.Contains(t, string(f.RawJSON()), `"EntityCommonStockSharesOutstanding"`)
}

func TestCompanyFactsPath(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"cik":42,"entityName":"X","facts":{}}`})
	_, err := client(t, srv).CompanyFacts(context.Background(), 42)
	require.NoError(t, err)
	assert.Equal(t, "/api/xbrl/companyfacts/CIK0000000042.json", srv.Last(t).Path)
	assert.Equal(t, contact, srv.Last(t).Header.Get("User-Agent"))
}

func TestFrames(t *testing.T) {
	c, _ := fake(t)
	f, err := c.Frames(context.Background(), "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
	require.NoError(t, err)
	assert.Equal(t, "CY2019Q1I", f.CCP)
	assert.Equal(t, "USD", f.UOM)
	assert.Equal(t, 2, f.Pts)
	require.Len(t, f.Data, 2)
	assert.Equal(t, filings.CIK(1750), f.Data[0].CIK)
	assert.Equal(t, "US-IL", f.Data[0].Loc)
	assert.Equal(t, day("2019-02-28"), f.Data[0].End)
	assert.Nil(t, f.Data[0].Start, "an instant frame has no start")
	assert.Equal(t, "218600000", f.Data[0].Val.String())
}

func TestFramesPathWritesRatiosAsPer(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[]}`})
	_, err := client(t, srv).Frames(context.Background(), "us-gaap", "EarningsPerShareBasic", "USD/shares", "CY2019")
	require.NoError(t, err)
	assert.Equal(t, "/api/xbrl/frames/us-gaap/EarningsPerShareBasic/USD-per-shares/CY2019.json", srv.Last(t).Path)
}

func TestValidPeriod(t *testing.T) {
	for _, p := range []string{"CY2019", "CY2019Q1", "CY2019Q4I", "CY1999Q2I"} {
		assert.True(t, filings.ValidPeriod(p), p)
	}
	for _, p := range []string{"", "CY", "CY19", "cy2019", "CY2019Q", "CY2019Q0", "CY2019Q5", "CY2019I", "CY2019Q1i", "CY2019Q1II", "2019Q1I", "CY20x9", "CY2019 "} {
		assert.False(t, filings.ValidPeriod(p), p)
	}
}

func TestFramesRefusesABadPeriodBeforeSending(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	_, err := client(t, srv).Frames(context.Background(), "us-gaap", "Revenues", "USD", "FY2019")
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "period", e.Field)
	assert.Zero(t, srv.Hits())
}
