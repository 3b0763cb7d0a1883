package explorer_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func replayClient(t *testing.T) *explorer.Client { return testkit.Replay(t, "explorer", explorer.New) }

func TestRecommendedFees(t *testing.T) {
	f, err := replayClient(t).RecommendedFees(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 14.0, f.FastestFee)
	assert.Equal(t, 11.0, f.HalfHourFee)
	assert.Equal(t, 9.0, f.HourFee)
	assert.Equal(t, 4.0, f.EconomyFee)
	assert.Equal(t, 2.0, f.MinimumFee)
	testkit.Unshown(t, f, "nextBlockMedianFee", 12.71)
	golden.JSON(t, "explorer", "recommended_fees", f)
}

func TestMempool(t *testing.T) {
	m, err := replayClient(t).Mempool(context.Background())
	require.NoError(t, err)
	assert.EqualValues(t, 48213, m.Count)
	assert.EqualValues(t, 31244918, m.VSize)
	assert.EqualValues(t, 12883917, m.TotalFee)
	require.Len(t, m.FeeHistogram, 7)
	assert.Equal(t, explorer.FeeBucket{FeeRate: 153.27, VSize: 50214}, m.FeeHistogram[0])
	assert.Equal(t, explorer.FeeBucket{FeeRate: 4, VSize: 10233004}, m.FeeHistogram[5])
	testkit.Unshown(t, m, "loaded", true)
	golden.JSON(t, "explorer", "mempool", m)
}

func TestBlocks(t *testing.T) {
	blocks, err := replayClient(t).Blocks(context.Background())
	require.NoError(t, err)
	require.Len(t, blocks, 3)
	for i := 1; i < len(blocks); i++ {
		assert.Greater(t, blocks[i-1].Height, blocks[i].Height, "newest first")
		assert.Equal(t, blocks[i].ID, blocks[i-1].PreviousBlockHash)
	}
	tip := blocks[0]
	assert.EqualValues(t, 871420, tip.Height)
	assert.Equal(t, time.Date(2024, 11, 18, 0, 53, 54, 0, time.UTC), tip.Time())
	assert.EqualValues(t, 3714262208, tip.Nonce, "nonces pass 2^31")
	assert.EqualValues(t, 386089497, tip.Bits)
	assert.Equal(t, 102289407543323.8, tip.Difficulty)
	assert.EqualValues(t, 3993042, tip.Weight)
	assert.False(t, tip.Stale)
	x := tip.Extras
	assert.EqualValues(t, 328742612, x.Reward)
	assert.EqualValues(t, -1288, x.UTXOSetChange)
	assert.EqualValues(t, 1874410293315, x.TotalOutputAmt)
	assert.Equal(t, 11.034482758620689, x.MedianFee)
	assert.Equal(t, []float64{4.01, 8, 9.5, 11.034482758620689, 14, 23.96, 512.3}, x.FeeRange)
	assert.Equal(t, 420.96, x.AvgTxSize.Float64())
	assert.JSONEq(t, `[]`, string(x.Orphans))
	testkit.Unshown(t, x, "pool", map[string]any{"id": 44, "name": "AntPool", "slug": "antpool"})
	testkit.Unshown(t, x, "segwitTotalWeight", 3427713)
	assert.Contains(t, string(tip.RawJSON()), `"segwitTotalWeight": 3427713`)

	assert.JSONEq(t, `[{"height": 871419, "hash": "00000000000000000001aa00", "status": "stale"}]`, string(blocks[1].Extras.Orphans))
	assert.EqualValues(t, 4294967295, blocks[2].Nonce)
	assert.EqualValues(t, 329110440, blocks[2].Extras.Reward, "an amount sent as a string")
	assert.EqualValues(t, 16610440, blocks[2].Extras.TotalFees, "an amount sent in exponent form")
	assert.Equal(t, 12.4, blocks[2].Extras.AvgFeeRate.Float64())
	golden.JSON(t, "explorer", "blocks", blocks)
}

func TestRequestShapes(t *testing.T) {
	cases := []struct {
		path string
		call func(*explorer.Client) error
	}{
		{"/api/v1/fees/recommended", func(c *explorer.Client) error { _, err := c.RecommendedFees(context.Background()); return err }},
		{"/api/mempool", func(c *explorer.Client) error { _, err := c.Mempool(context.Background()); return err }},
		{"/api/v1/blocks", func(c *explorer.Client) error { _, err := c.Blocks(context.Background()); return err }},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			body := `{}`
			if tc.path == "/api/v1/blocks" {
				body = `[]`
			}
			srv := testkit.Start(t, testkit.Reply{Body: body})
			require.NoError(t, tc.call(testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL+"/api/"))))
			got := srv.Last(t)
			testkit.OpenGET(t, got)
			assert.Equal(t, tc.path, got.URI, "no query")
		})
	}
}

func TestErrors(t *testing.T) {
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	for op, cases := range map[string][]testkit.Case{
		"Blocks": {
			{Name: "404 plain text", Reply: testkit.Reply{Status: 404, ContentType: "text/plain", Body: `Not Found`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404}},
			{Name: "truncated list", Reply: testkit.Reply{Body: `[{"id":"00`}, Want: malformed},
			{Name: "fraction in an integral extra", Reply: testkit.Reply{Body: `[{"height":1,"extras":{"totalFees":12.5}}]`}, Want: malformed},
			{Name: "nonce past 32 bits", Reply: testkit.Reply{Body: `[{"height":1,"nonce":4294967296}]`}, Want: malformed},
		},
		"Mempool": {
			{Name: "429 plain text", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Body: `Too Many Requests`}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}},
			{Name: "500 json", Reply: testkit.Reply{Status: 500, Body: `{"error":"Internal Server Error"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500}},
			{Name: "empty record", Reply: testkit.Reply{}, Want: malformed},
			{Name: "histogram triple", Reply: testkit.Reply{Body: `{"count":1,"fee_histogram":[[1,2,3]]}`}, Want: malformed},
		},
		"RecommendedFees": {
			{Name: "502 html", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body>502 Bad Gateway</body></html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
			{Name: "null record", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		},
	} {
		testkit.Errors(t, cases, nil, testkit.Op{Service: "explorer", Op: op, Call: func(t *testing.T, url string) error {
			return call(context.Background(), testkit.Client(t, explorer.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(1), testkit.Fast), op)
		}})
	}
}

func call(ctx context.Context, c *explorer.Client, op string) error {
	var err error
	switch op {
	case "RecommendedFees":
		_, err = c.RecommendedFees(ctx)
	case "Mempool":
		_, err = c.Mempool(ctx)
	case "Blocks":
		_, err = c.Blocks(ctx)
	}
	return err
}

// An empty list, an explicit null and a null histogram all mean none.
func TestEmptyResults(t *testing.T) {
	for _, body := range []string{`[]`, `null`} {
		c := testkit.Client(t, explorer.New, conduit.WithBaseURL(testkit.Start(t, testkit.Reply{Body: body}).URL))
		blocks, err := c.Blocks(context.Background())
		require.NoError(t, err, body)
		assert.Empty(t, blocks, body)
	}
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(testkit.Start(t, testkit.Reply{Body: `{"count":0,"vsize":0,"total_fee":0,"fee_histogram":null}`}).URL))
	m, err := c.Mempool(context.Background())
	require.NoError(t, err)
	assert.Empty(t, m.FeeHistogram)
}

// The explorer takes no inputs; the one thing a caller can get wrong is the
// context, and that must fail before any request.
func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	var nilCtx context.Context
	for _, op := range []string{"RecommendedFees", "Mempool", "Blocks"} {
		testkit.BadInput(t, srv, testkit.Shape{Service: "explorer", Op: op}, []testkit.Input{
			{Field: "ctx", Call: func() error { return call(nilCtx, c, op) }},
		})
	}
}

func TestMissingBaseURL(t *testing.T) {
	testkit.DefaultBaseURL(t, "CONDUIT_EXPLORER_URL", "https://mempool.space/api/", explorer.New, func(c *explorer.Client) error { return call(context.Background(), c, "Mempool") })
}

func TestExtrasTolerantNumbers(t *testing.T) {
	var x explorer.Extras
	require.NoError(t, conduit.Unmarshal([]byte(`{"reward":"312500000","totalFees":2.5e3,"avgTxSize":"351.5","avgFeeRate":null,"utxoSetChange":-7,"extra":{"a":1}}`), &x))
	assert.EqualValues(t, 312500000, x.Reward)
	assert.EqualValues(t, 2500, x.TotalFees)
	assert.Equal(t, 351.5, x.AvgTxSize.Float64())
	assert.Zero(t, x.AvgFeeRate)
	assert.EqualValues(t, -7, x.UTXOSetChange)
	assert.Contains(t, string(x.RawJSON()), `"extra":{"a":1}`)
	for _, in := range []string{
		`{"reward":12.5}`, `{"reward":"abc"}`, `{"reward":true}`, `{"avgTxSize":"NaN"}`,
		`{"avgFeeRate":"Inf"}`, `{"totalOutputAmt":1e19}`, `{"avgTxSize":1e400}`, `{"feeRange":"x"}`,
	} {
		var x explorer.Extras
		assert.Error(t, json.Unmarshal([]byte(in), &x), in)
	}
}

func TestBlockStale(t *testing.T) {
	var b explorer.Block
	require.NoError(t, json.Unmarshal([]byte(`{"height":5,"stale":true,"timestamp":0,"extras":null}`), &b))
	assert.True(t, b.Stale)
	assert.Equal(t, time.Unix(0, 0).UTC(), b.Time())
}

func TestFeeBucketJSON(t *testing.T) {
	for in, want := range map[string]explorer.FeeBucket{
		`[53.4,102131]`:          {53.4, 102131},
		`[1, 2]`:                 {1, 2},
		`["1.5","200"]`:          {1.5, 200},
		`[0.000001,1e3]`:         {0.000001, 1000},
		`[0.0000001,0]`:          {1e-7, 0},
		`[-1,-9007199254740993]`: {-1, -9007199254740993},
	} {
		var got explorer.FeeBucket
		require.NoError(t, json.Unmarshal([]byte(in), &got), in)
		assert.Equal(t, want, got, in)
		b, err := json.Marshal(got)
		require.NoError(t, err)
		var back explorer.FeeBucket
		require.NoError(t, json.Unmarshal(b, &back), string(b))
		assert.Equal(t, got, back, string(b))
	}
	b, err := json.Marshal([]explorer.FeeBucket{{53.4, 102131}, {2, 7}})
	require.NoError(t, err)
	assert.Equal(t, `[[53.4,102131],[2,7]]`, string(b), "encodes as the wire pairs")
	for _, in := range []string{`[1]`, `[1,2,3]`, `[]`, `{"rate":1}`, `"1,2"`, `[1,2.5]`, `[true,1]`, `[1,"x"]`} {
		var got explorer.FeeBucket
		assert.Error(t, json.Unmarshal([]byte(in), &got), in)
	}
}

func FuzzFeeBucket(f *testing.F) {
	for _, s := range []string{`[53.4,102131]`, `["1.5","200"]`, `[1e-7,0]`, `[1,2,3]`, `null`, `[1e308,9223372036854775807]`, `["NaN",1]`, `[0.1,1e18]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { testkit.RoundTrip[explorer.FeeBucket](t, []byte(in)) })
}

func FuzzExtras(f *testing.F) {
	for _, s := range []string{`{"reward":"312500000","totalFees":2.5e3}`, `{"avgTxSize":420.96,"orphans":[]}`, `null`, `{"reward":1e19}`, `{"feeRange":[1,2]}`, `{"utxoSetChange":"-5"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { testkit.RoundTrip[explorer.Extras](t, []byte(in)) })
}
