package explorer_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const (
	addr  = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
	txid  = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
	block = "000000000000000015dc777b3ff2611091336355d3f0ee9766a2cf3be8e4b1ce"
)

func discard[T any](_ T, err error) error { return err }

// Each JSON method sends the path and query mempool.space documents, with
// nothing but conduit's own headers.
func TestJSONMethodsRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	obj := testkit.Start(t, testkit.Reply{Body: `{}`})
	list := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL+"/api"))
	one := testkit.Client(t, explorer.New, conduit.WithBaseURL(obj.URL+"/api/v1")) // a pasted /v1 is dropped
	ctx := context.Background()
	for _, tc := range []struct {
		on          *testkit.Server
		call        func() error
		path, query string
	}{
		{obj, func() error { return discard(one.Address(ctx, addr)) }, "/address/" + addr, ""},
		{srv, func() error { return discard(list.AddressTransactions(ctx, addr, nil)) }, "/address/" + addr + "/txs", ""},
		{srv, func() error {
			return discard(list.AddressTransactions(ctx, addr, &explorer.AddressTransactionsParams{AfterTxID: txid}))
		}, "/address/" + addr + "/txs", "after_txid=" + txid},
		{srv, func() error { return discard(list.AddressMempoolTransactions(ctx, addr)) }, "/address/" + addr + "/txs/mempool", ""},
		{srv, func() error { return discard(list.AddressUTXOs(ctx, addr)) }, "/address/" + addr + "/utxo", ""},
		{obj, func() error { return discard(one.Transaction(ctx, txid)) }, "/tx/" + txid, ""},
		{obj, func() error { return discard(one.TransactionStatus(ctx, txid)) }, "/tx/" + txid + "/status", ""},
		{srv, func() error { return discard(list.TransactionOutspends(ctx, txid)) }, "/tx/" + txid + "/outspends", ""},
		{obj, func() error { return discard(one.TransactionMerkleProof(ctx, txid)) }, "/tx/" + txid + "/merkle-proof", ""},
		{obj, func() error { return discard(one.Block(ctx, block)) }, "/block/" + block, ""},
		{obj, func() error { return discard(one.BlockStatus(ctx, block)) }, "/block/" + block + "/status", ""},
		{srv, func() error { return discard(list.BlockTransactions(ctx, block, 50)) }, "/block/" + block + "/txs/50", ""},
		{srv, func() error { return discard(list.MempoolRecent(ctx)) }, "/mempool/recent", ""},
		{srv, func() error { return discard(list.MempoolTxids(ctx)) }, "/mempool/txids", ""},
		{srv, func() error { return discard(list.MempoolBlocks(ctx)) }, "/v1/fees/mempool-blocks", ""},
		{obj, func() error { return discard(one.DifficultyAdjustment(ctx)) }, "/v1/difficulty-adjustment", ""},
		{obj, func() error { return discard(one.Prices(ctx)) }, "/v1/prices", ""},
		{obj, func() error { return discard(one.HistoricalPrice(ctx, nil)) }, "/v1/historical-price", ""},
		{obj, func() error {
			return discard(one.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "EUR", At: time.Unix(1500000000, 0)}))
		}, "/v1/historical-price", "currency=EUR&timestamp=1500000000"},
		{obj, func() error { return discard(one.Hashrate(ctx, "1y")) }, "/v1/mining/hashrate/1y", ""},
		{obj, func() error { return discard(one.MiningPools(ctx, "24h")) }, "/v1/mining/pools/24h", ""},
	} {
		require.NoError(t, tc.call(), tc.path)
		last := tc.on.Last(t)
		testkit.OpenGET(t, last)
		assert.Equal(t, "/api"+tc.path, last.Path)
		assert.Equal(t, tc.query, last.Query, tc.path)
	}
}

// The text methods ask for text, read it trimmed, and refuse an answer
// that is not what they return.
func TestTextMethods(t *testing.T) {
	ctx := context.Background()
	hash := strings.Repeat("0", 20) + block[20:]
	for _, tc := range []struct {
		body, path string
		call       func(c *explorer.Client) (any, error)
		want       any
	}{
		{"871420", "/blocks/tip/height", func(c *explorer.Client) (any, error) { return c.TipHeight(ctx) }, int64(871420)},
		{hash + "\n", "/blocks/tip/hash", func(c *explorer.Client) (any, error) { return c.TipHash(ctx) }, hash},
		{block, "/block-height/363366", func(c *explorer.Client) (any, error) { return c.BlockHash(ctx, 363366) }, block},
		{strings.Repeat("ab", 80), "/block/" + block + "/header", func(c *explorer.Client) (any, error) { return c.BlockHeader(ctx, block) }, strings.Repeat("ab", 80)},
		{"0200cafe", "/tx/" + txid + "/hex", func(c *explorer.Client) (any, error) { return c.TransactionHex(ctx, txid) }, "0200cafe"},
	} {
		srv := testkit.Start(t, testkit.Reply{ContentType: "text/plain", Body: tc.body}, testkit.Reply{ContentType: "text/plain", Body: "<html>busy</html>"})
		c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
		got, err := tc.call(c)
		require.NoError(t, err, tc.path)
		assert.Equal(t, tc.want, got)
		assert.Equal(t, tc.path, srv.Last(t).Path)
		assert.Equal(t, "text/plain", srv.Last(t).Header.Get("Accept"))
		_, err = tc.call(c)
		assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "%s: a page is not the answer", tc.path)
	}
}

// A broadcast posts the hex as text, once: a reset after sending is not
// retried, and the service's refusal comes back with its words.
func TestBroadcastTransaction(t *testing.T) {
	raw := "0100000001" + strings.Repeat("ab", 60)
	srv := testkit.Start(t, testkit.Reply{ContentType: "text/plain", Body: txid})
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	got, err := c.BroadcastTransaction(context.Background(), " "+raw+"\n")
	require.NoError(t, err)
	assert.Equal(t, txid, got)
	last := srv.Last(t)
	assert.Equal(t, "POST", last.Method)
	assert.Equal(t, "/tx", last.Path)
	assert.Equal(t, "text/plain", last.Header.Get("Content-Type"))
	assert.Equal(t, raw, string(last.Body), "sent trimmed, as is")

	srv = testkit.Start(t, testkit.Reply{Reset: true})
	c = testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	_, err = c.BroadcastTransaction(context.Background(), raw)
	assert.Error(t, err)
	assert.Equal(t, 1, srv.Hits(), "a broadcast that may have arrived is not sent again")

	refusal := `sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}`
	srv = testkit.Start(t, testkit.Reply{Status: 400, ContentType: "text/plain", Body: refusal})
	c = testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	_, err = c.BroadcastTransaction(context.Background(), raw)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "explorer", Op: "BroadcastTransaction", Status: 400})
	assert.Contains(t, e.Message, "already in block chain")
}

// pagedServer answers an address's history: pages of 25 confirmed
// transactions named t00…, after whichever after_txid asks, then a short
// page; loop makes every page the first again.
func pagedServer(t *testing.T, pages int, loop bool) (*testkit.Server, *atomic.Int32) {
	var calls atomic.Int32
	tx := func(i int) string {
		return fmt.Sprintf(`{"txid":"%064d","status":{"confirmed":true}}`, i)
	}
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		start := 0
		if after := r.URL.Query().Get("after_txid"); after != "" && !loop {
			fmt.Sscan(strings.TrimLeft(after, "0"), &start)
			start++
		}
		n := 25
		if start/25 == pages-1 {
			n = 7
		}
		var b strings.Builder
		b.WriteString("[")
		if start == 0 {
			b.WriteString(`{"txid":"` + strings.Repeat("f", 64) + `","status":{"confirmed":false}},`)
		}
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(tx(start + i))
		}
		b.WriteString("]")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(b.String()))
	}))
	return srv, &calls
}

// AllAddressTransactions follows the history by the last transaction of
// each page until a short page, and stops on a page it has seen.
func TestAllAddressTransactions(t *testing.T) {
	srv, calls := pagedServer(t, 3, false)
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	var ids []string
	for tx, err := range c.AllAddressTransactions(context.Background(), addr) {
		require.NoError(t, err)
		ids = append(ids, tx.TxID)
	}
	assert.Len(t, ids, 1+25+25+7, "the unconfirmed one, then every confirmed page")
	assert.EqualValues(t, 3, calls.Load())
	assert.Equal(t, fmt.Sprintf("after_txid=%064d", 49), srv.Last(t).Query)

	srv, _ = pagedServer(t, 3, true)
	c = testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	var err error
	n := 0
	for _, err = range c.AllAddressTransactions(context.Background(), addr) {
		if err != nil {
			break
		}
		n++
	}
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "a history that repeats would never end")
	assert.Less(t, n, 200)
}

// AllBlockTransactions asks for pages at 0, 25, 50, … until a short one;
// stopping the range sends nothing more.
func TestAllBlockTransactions(t *testing.T) {
	var starts []string
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(r.URL.Path, "/")
		starts = append(starts, parts[len(parts)-1])
		n := 25
		if len(starts) == 3 {
			n = 1
		}
		var txs []string
		for i := range n {
			txs = append(txs, fmt.Sprintf(`{"txid":"%d-%d"}`, len(starts), i))
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("[" + strings.Join(txs, ",") + "]"))
	}))
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	n := 0
	for _, err := range c.AllBlockTransactions(context.Background(), block) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 51, n)
	assert.Equal(t, []string{"0", "25", "50"}, starts)

	starts = nil
	for range c.AllBlockTransactions(context.Background(), block) {
		break
	}
	assert.Equal(t, []string{"0"}, starts)
}

// Prices keeps its time apart from the prices, each exact.
func TestPricesDecode(t *testing.T) {
	c := replayClient(t)
	p, err := c.Prices(context.Background())
	require.NoError(t, err)
	assert.EqualValues(t, 1703252411, p.Time)
	assert.Len(t, p.ByCurrency, 7)
	assert.Equal(t, "6218915", p.ByCurrency["JPY"].String())
	assert.Contains(t, string(p.RawJSON()), `"USD": 43753`, "the raw answer is kept")

	h, err := c.HistoricalPrice(context.Background(), &explorer.HistoricalPriceParams{Currency: "EUR"})
	require.NoError(t, err)
	assert.Equal(t, "1964", h.Prices[0].ByCurrency["EUR"].String())
	assert.Equal(t, "0.92", h.ExchangeRates["USDEUR"].String())
}
