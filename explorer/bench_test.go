package explorer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// blocksBody is a list of n blocks, the fixture's repeated.
func blocksBody(b *testing.B, n int) []byte {
	fixture, err := os.ReadFile("../conduittest/testdata/explorer/blocks.json")
	if err != nil {
		b.Fatal(err)
	}
	var blocks []json.RawMessage
	if err := json.Unmarshal(fixture, &blocks); err != nil {
		b.Fatal(err)
	}
	parts := make([][]byte, n)
	for i := range parts {
		var c bytes.Buffer
		if err := json.Compact(&c, blocks[i%len(blocks)]); err != nil {
			b.Fatal(err)
		}
		parts[i] = c.Bytes()
	}
	return append(append([]byte{'['}, bytes.Join(parts, []byte{','})...), ']')
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
func measure(b *testing.B, body []byte, want int, call func(context.Context, *explorer.Client) (int, error)) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := explorer.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var peak uint64
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		stop := testkit.HeapPeak()
		b.StartTimer()
		n, err := call(ctx, c)
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		alloc, _ := stop()
		peak = max(peak, alloc)
		if n != want {
			b.Fatalf("decoded %d records, want %d", n, want)
		}
		b.StartTimer()
	}
	const mb = 1e6
	b.ReportMetric(float64(len(body))/mb, "body-MB")
	b.ReportMetric(float64(peak)/mb, "peak-heap-MB")
	b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
}

// BenchmarkBlocksLarge decodes lists of blocks with their statistics, from
// the service's 15 to a thousand.
func BenchmarkBlocksLarge(b *testing.B) {
	for _, n := range []int{15, 150, 1_500} {
		body := blocksBody(b, n)
		b.Run(fmt.Sprintf("blocks=%d", n), func(b *testing.B) {
			measure(b, body, n, func(ctx context.Context, c *explorer.Client) (int, error) {
				bs, err := c.Blocks(ctx)
				runtime.KeepAlive(bs)
				return len(bs), err
			})
		})
	}
}

// BenchmarkMempoolTxidsLarge decodes the mempool's ids, up to the few
// hundred thousand a congested mempool holds.
func BenchmarkMempoolTxidsLarge(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 300_000} {
		body := txidsBody(n)
		b.Run(fmt.Sprintf("txids=%d", n), func(b *testing.B) {
			measure(b, body, n, func(ctx context.Context, c *explorer.Client) (int, error) {
				ids, err := c.MempoolTxids(ctx, conduit.WithMaxResponseBytes(64<<20))
				runtime.KeepAlive(ids)
				return len(ids), err
			})
		})
	}
}

// measureEach reads body through each, keeping nothing, and reports the
// most the reading kept live at 20 probes along the listing (each a
// collection: compare the memory, not the time), beside the body's size.
func measureEach(b *testing.B, body []byte, want int, each func(context.Context, *explorer.Client) func(func(string, error) bool)) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := explorer.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var live testkit.LivePeak
	b.ReportAllocs()
	for b.Loop() {
		live.Reset()
		n := 0
		for _, err := range each(ctx, c) {
			if err != nil {
				b.Fatal(err)
			}
			if n++; n%max(1, want/20) == 0 {
				live.Probe()
			}
		}
		if n != want {
			b.Fatalf("read %d records, want %d", n, want)
		}
	}
	b.ReportMetric(float64(len(body))/1e6, "body-MB")
	b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
	b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
}

// BenchmarkEachListing reads the lists of BenchmarkBlocksLarge and
// BenchmarkMempoolTxidsLarge with EachBlock and EachMempoolTxid: the live
// heap does not grow with the list.
func BenchmarkEachListing(b *testing.B) {
	for _, n := range []int{150, 1_500} {
		body := blocksBody(b, n)
		b.Run(fmt.Sprintf("blocks=%d", n), func(b *testing.B) {
			measureEach(b, body, n, func(ctx context.Context, c *explorer.Client) func(func(string, error) bool) {
				return func(yield func(string, error) bool) {
					for _, err := range c.EachBlock(ctx) {
						if !yield("", err) {
							return
						}
					}
				}
			})
		})
	}
	for _, n := range []int{30_000, 300_000} {
		body := txidsBody(n)
		b.Run(fmt.Sprintf("txids=%d", n), func(b *testing.B) {
			measureEach(b, body, n, func(ctx context.Context, c *explorer.Client) func(func(string, error) bool) {
				return c.EachMempoolTxid(ctx)
			})
		})
	}
}
