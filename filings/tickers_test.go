package filings_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestTickersKeepTheFilesOrderAndLookUp(t *testing.T) {
	c, _ := fake(t)
	d, err := c.Tickers(context.Background())
	require.NoError(t, err)
	require.Len(t, d.Tickers, 12)
	assert.Equal(t, "AAPL", d.Tickers[0].Ticker)
	assert.Equal(t, "LLY", d.Tickers[10].Ticker, `member "10" follows "9"`)
	assert.Equal(t, "BRK-A", d.Tickers[11].Ticker)
	goog, ok := d.ByTicker(" goog ")
	require.True(t, ok)
	assert.Equal(t, filings.CIK(1652044), goog.CIK)
	_, ok = d.ByTicker("ZZZZ")
	assert.False(t, ok)
	alphabet := d.ByName("alphabet   INC.")
	require.Len(t, alphabet, 2)
	assert.Equal(t, []string{"GOOGL", "GOOG"}, []string{alphabet[0].Ticker, alphabet[1].Ticker})
	assert.Len(t, d.ByCIK(1067983), 2)
	assert.Empty(t, d.ByCIK(1))
	assert.Empty(t, goog.Exchange)
	assert.Contains(t, string(d.RawJSON()), `"cik_str":320193`)
}

func TestTickersExchange(t *testing.T) {
	c, srv := fake(t)
	d, err := c.TickersExchange(context.Background())
	require.NoError(t, err)
	require.Len(t, d.Tickers, 7)
	brk, ok := d.ByTicker("BRK-B")
	require.True(t, ok)
	assert.Equal(t, filings.Ticker{CIK: 1067983, Ticker: "BRK-B", Title: "BERKSHIRE HATHAWAY INC", Exchange: "NYSE"}, brk)
	r, ok := srv.Last("filings", "TickersExchange")
	require.True(t, ok)
	assert.True(t, strings.HasSuffix(r.Path, "/files/company_tickers_exchange.json"), r.Path)
}

func TestTickersGoToTheWWWBase(t *testing.T) {
	data := testkit.Start(t, testkit.Reply{Body: `{}`})
	www := testkit.Start(t, testkit.Reply{Body: `{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."}}`})
	c := client(t, data, filings.WithWWWURL(www.URL))
	d, err := c.Tickers(context.Background())
	require.NoError(t, err)
	assert.Len(t, d.Tickers, 1)
	assert.Zero(t, data.Hits())
	assert.Equal(t, "/files/company_tickers.json", www.Last(t).Path)
	assert.Equal(t, contact, www.Last(t).Header.Get("User-Agent"), "the www host wants the contact too")
}

func TestTickersExchangeRefusesAFileItCannotRead(t *testing.T) {
	for name, body := range map[string]string{
		"no exchange column": `{"fields":["cik","name","ticker"],"data":[[1,"A","A"]]}`,
		"short row":          `{"fields":["cik","name","ticker","exchange"],"data":[[1,"A","A"]]}`,
		"cik not a number":   `{"fields":["cik","name","ticker","exchange"],"data":[["x","A","A","NYSE"]]}`,
	} {
		t.Run(name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: body})
			_, err := client(t, srv, filings.WithWWWURL(srv.URL)).TickersExchange(context.Background())
			assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
		})
	}
}
