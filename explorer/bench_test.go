package explorer_test

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// blocksBody is a list of n blocks, the fixture's repeated.
func blocksBody(b *testing.B, n int) []byte {
	return testkit.RepeatedRecords(b, "explorer", "blocks.json", "", "", 0, n)
}

// txidsBody is a mempool of n transaction ids.
func txidsBody(n int) []byte {
	out := []byte{'['}
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = fmt.Appendf(out, `"%064x"`, i)
	}
	return append(out, ']')
}

// measure runs call against a loopback server answering body, reporting
// time, the body's size and the peak heap the call needed above the live
// heap before it, alone and as a multiple of the body. call returns how
// many records it decoded, which must be want.
func measure(b *testing.B, body []byte, want int, call func(context.Context, *explorer.Client) (any, int, error)) {
	c := benchClient(b, body, true)
	ctx := context.Background()
	testkit.BenchWhole(b, body, want, func() (any, int, error) { return call(ctx, c) })
}

// benchClient is a client of a loopback server that answers body.
func benchClient(b *testing.B, body []byte, sized bool) *explorer.Client {
	c, err := explorer.New(conduit.WithBaseURL(testkit.ServeBody(b, body, sized)))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkBlocksLarge decodes lists of blocks with their statistics, from
// the service's 15 to a thousand.
func BenchmarkBlocksLarge(b *testing.B) {
	for _, n := range []int{15, 150, 1_500} {
		body := blocksBody(b, n)
		b.Run(fmt.Sprintf("blocks=%d", n), func(b *testing.B) {
			measure(b, body, n, func(ctx context.Context, c *explorer.Client) (any, int, error) {
				bs, err := c.Blocks(ctx)
				return bs, len(bs), err
			})
		})
	}
}

// BenchmarkMempoolTxidsLarge decodes the mempool's ids, up to the few
// hundred thousand a congested mempool holds, beside a hand-written
// client reading the same ids (floor-v2).
func BenchmarkMempoolTxidsLarge(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 300_000} {
		body := txidsBody(n)
		b.Run(fmt.Sprintf("txids=%d", n), func(b *testing.B) {
			measure(b, body, n, func(ctx context.Context, c *explorer.Client) (any, int, error) {
				ids, err := c.MempoolTxids(ctx, conduit.WithMaxResponseBytes(64<<20))
				return ids, len(ids), err
			})
		})
		b.Run(fmt.Sprintf("floor-v2/txids=%d", n), func(b *testing.B) {
			testkit.BenchFloor(b, body, true, n, func(v *[]string) int { return len(*v) })
		})
	}
}

// BenchmarkEachListing reads the lists of BenchmarkBlocksLarge and
// BenchmarkMempoolTxidsLarge with EachBlock and EachMempoolTxid: the live
// heap does not grow with the list.
func BenchmarkEachListing(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{150, 1_500} {
		body := blocksBody(b, n)
		b.Run(fmt.Sprintf("blocks=%d", n), func(b *testing.B) {
			c := benchClient(b, body, false)
			testkit.BenchEach(b, body, n, func() iter.Seq2[explorer.Block, error] { return c.EachBlock(ctx) })
		})
	}
	for _, n := range []int{30_000, 300_000} {
		body := txidsBody(n)
		b.Run(fmt.Sprintf("txids=%d", n), func(b *testing.B) {
			c := benchClient(b, body, false)
			testkit.BenchEach(b, body, n, func() iter.Seq2[string, error] { return c.EachMempoolTxid(ctx) })
		})
	}
}
