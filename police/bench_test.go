package police_test

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
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

// crimesBody is a crimes-street answer of n crimes: the fixture's records
// repeated with distinct ids, as a busy month of a city sends them.
func crimesBody(b *testing.B, n int) []byte {
	fixture, err := os.ReadFile("../conduittest/testdata/police/street_crimes.json")
	if err != nil {
		b.Fatal(err)
	}
	var records []json.RawMessage
	if err := json.Unmarshal(fixture, &records); err != nil {
		b.Fatal(err)
	}
	out := []byte{'['}
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		var rec bytes.Buffer
		if err := json.Compact(&rec, records[i%len(records)]); err != nil {
			b.Fatal(err)
		}
		out = append(out, bytes.Replace(rec.Bytes(), []byte(`"id":`), []byte(`"id":`+strconv.Itoa(i+1)), 1)...)
	}
	return append(out, ']')
}

// BenchmarkStreetCrimesLarge decodes crimes-street answers from a loopback
// server, up to the 10,000 crimes past which the service refuses an area,
// and reports time, the body's size and the peak heap the call needed
// above the live heap before it, alone and as a multiple of the body. The
// crimes (whose RawJSON keep the body) are live at the last sample.
func BenchmarkStreetCrimesLarge(b *testing.B) {
	for _, n := range []int{100, 1_000, 10_000} {
		body := crimesBody(b, n)
		b.Run(fmt.Sprintf("crimes=%d", n), func(b *testing.B) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				w.Write(body)
			}))
			b.Cleanup(srv.Close)
			c, err := police.New(conduit.WithBaseURL(srv.URL))
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
				crimes, err := c.StreetCrimes(ctx, 52.629729, -1.131592, nil)
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				alloc, _ := stop()
				peak = max(peak, alloc)
				if len(crimes) != n {
					b.Fatalf("decoded %d crimes, want %d", len(crimes), n)
				}
				runtime.KeepAlive(crimes)
				b.StartTimer()
			}
			const mb = 1e6
			b.ReportMetric(float64(len(body))/mb, "body-MB")
			b.ReportMetric(float64(peak)/mb, "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
	}
}

// BenchmarkEachStreetCrime reads the same answers as
// BenchmarkStreetCrimesLarge with EachStreetCrime, keeping nothing, and
// reports the most the reading kept live at 20 probes along the listing
// (a collection each, outside the timer's concern: compare the memory,
// not the time): it does not grow with the crimes, where StreetCrimes
// peaks at a multiple of the body.
func BenchmarkEachStreetCrime(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		body := crimesBody(b, n)
		b.Run(fmt.Sprintf("crimes=%d", n), func(b *testing.B) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write(body)
			}))
			b.Cleanup(srv.Close)
			c, err := police.New(conduit.WithBaseURL(srv.URL))
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var live testkit.LivePeak
			b.ReportAllocs()
			for b.Loop() {
				live.Reset()
				count := 0
				for _, err := range c.EachStreetCrime(ctx, 52.629729, -1.131592, nil) {
					if err != nil {
						b.Fatal(err)
					}
					if count++; count%(n/20) == 0 {
						live.Probe()
					}
				}
				if count != n {
					b.Fatalf("read %d crimes, want %d", count, n)
				}
			}
			const mb = 1e6
			b.ReportMetric(float64(len(body))/mb, "body-MB")
			b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
			b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
		})
	}
}
