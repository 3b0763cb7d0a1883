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

// EachFrameFact sends Frames' request, contact included, and yields the
// frame's data with each fact's own bytes; the members after the data are
// read past.
func TestEachFrameFactSendsFramesRequest(t *testing.T) {
	body := `{"taxonomy":"us-gaap","tag":"AccountsPayableCurrent","ccp":"CY2019Q1I","uom":"USD","pts":2,"data":[` +
		`{"accn":"0001104659-19-016320","cik":1750,"entityName":"AAR CORP.","loc":"US-IL","end":"2019-02-28","val":218600000},` +
		`{"accn":"0000320193-19-000066","cik":320193,"entityName":"Apple Inc.","loc":"US-CA","end":"2019-03-30","val":30443000000}],"label":"Accounts Payable, Current"}`
	srv := testkit.Start(t, testkit.Reply{Body: body})
	c := testkit.Client(t, filings.New, conduit.WithBaseURL(srv.URL), filings.WithContact(contact), conduit.WithRateLimit(0, 0))
	ctx := context.Background()
	frame, err := c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD/shares", "CY2019Q1I")
	require.NoError(t, err)
	sent := srv.Last(t)
	n := 0
	for f, err := range c.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD/shares", "CY2019Q1I") {
		require.NoError(t, err)
		assert.Equal(t, frame.Data[n].EntityName, f.EntityName)
		assert.Equal(t, frame.Data[n].Val.String(), f.Val.String())
		assert.Contains(t, string(f.RawJSON()), `"entityName":"`+f.EntityName+`"`)
		n++
	}
	assert.Equal(t, 2, n)
	streamed := srv.Last(t)
	assert.Equal(t, sent.URI, streamed.URI)
	assert.Equal(t, sent.Header.Get("User-Agent"), streamed.Header.Get("User-Agent"))
}
