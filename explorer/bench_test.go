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
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
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

// heapPeak samples the heap until stop is called, which returns the highest
// HeapAlloc seen above its value at the start (the caller runs a GC first).
func heapPeak() (stop func() uint64) {
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak uint64
	sample := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > base.HeapAlloc {
			peak = max(peak, ms.HeapAlloc-base.HeapAlloc)
		}
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				sample()
			}
		}
	}()
	return func() uint64 {
		close(quit)
		<-done
		sample() // once more with the result still live
		return peak
	}
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
		stop := heapPeak()
		b.StartTimer()
		n, err := call(ctx, c)
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, stop())
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
