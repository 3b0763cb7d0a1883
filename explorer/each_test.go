package explorer_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// EachMempoolTxid and EachBlock send the requests of MempoolTxids and
// Blocks and yield the same elements.
func TestEachSendsTheListRequest(t *testing.T) {
	ctx := context.Background()
	ids := testkit.Start(t, testkit.Reply{Body: `["aa","bb","cc"]`})
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(ids.URL))
	whole, err := c.MempoolTxids(ctx)
	require.NoError(t, err)
	var each []string
	for id, err := range c.EachMempoolTxid(ctx) {
		require.NoError(t, err)
		each = append(each, id)
	}
	assert.Equal(t, whole, each)
	reqs := ids.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, reqs[0].Method+" "+reqs[0].URI, reqs[1].Method+" "+reqs[1].URI)

	blocks := testkit.Start(t, testkit.Reply{Body: `[{"id":"00ab","height":871420},{"id":"00cd","height":871419}]`})
	c = testkit.Client(t, explorer.New, conduit.WithBaseURL(blocks.URL))
	bs, err := c.Blocks(ctx)
	require.NoError(t, err)
	n := 0
	for b, err := range c.EachBlock(ctx) {
		require.NoError(t, err)
		assert.Equal(t, bs[n].Height, b.Height)
		assert.Equal(t, string(bs[n].RawJSON()), string(b.RawJSON()))
		n++
	}
	assert.Equal(t, 2, n)
	reqs = blocks.Requests()
	assert.Equal(t, reqs[0].URI, reqs[1].URI)
}

// A list cut short ends the iteration with io.ErrUnexpectedEOF, after the
// ids that arrived whole.
func TestEachMempoolTxidCutShort(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `["aa","bb","c`})
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	n := 0
	var last error
	for _, err := range c.EachMempoolTxid(context.Background()) {
		if err != nil {
			last = err
			break
		}
		n++
	}
	e := testkit.Check(t, last, testkit.Shape{Is: io.ErrUnexpectedEOF, Op: "EachMempoolTxid", Service: "explorer", Status: 200})
	assert.Equal(t, 2, n)
	assert.Equal(t, 1, e.Attempts)
}
