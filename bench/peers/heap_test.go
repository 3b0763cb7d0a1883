package peers

import (
	"bytes"
	"context"
	"net/http"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit/internal/heapwatch"
)

// The memory benchmarks: their time is not compared (the sampling slows
// them); run.sh runs them once per round.

// probedBody is a response body that, each time the client has read another
// every bytes, collects garbage and notes the live heap. It runs on the
// client's goroutine in the middle of its read loop, so what is live is
// exactly what the client keeps at that point of the stream.
type probedBody struct {
	r          *bytes.Reader
	every, due int
	read       int
	peak, base uint64
}

func (p *probedBody) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if p.read += n; p.read >= p.due {
		p.due += p.every
		if v := heapwatch.Live(); v > p.base {
			p.peak = max(p.peak, v-p.base)
		}
	}
	return n, err
}

func (p *probedBody) Close() error { return nil }

// probedTransport serves body through a probedBody that takes probes
// samples over the stream, measured from base, and keeps the last body for
// its peak.
type probedTransport struct {
	body   []byte
	probes int
	base   uint64
	last   *probedBody
}

func (t *probedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := (&memoryTransport{body: t.body, contentType: "text/event-stream"}).RoundTrip(r)
	if err != nil {
		return nil, err
	}
	every := len(t.body) / t.probes
	t.last = &probedBody{r: bytes.NewReader(t.body), every: every, due: every, base: t.base}
	resp.Body = t.last
	return resp, nil
}

// BenchmarkStreamHeap streams 10,000 and 100,000 chunks through the
// in-memory transport and reports the most live heap the call kept above
// its start (the body is allocated before), probed at 100 points along the
// stream: flat in stream length means the two are alike.
func BenchmarkStreamHeap(b *testing.B) {
	ctx := context.Background()
	for _, c := range streamers {
		for _, n := range []int{streamChunks, memoryChunks} {
			b.Run(c.name+"/chunks="+strconv.Itoa(n), func(b *testing.B) {
				body, _ := stream10k()
				if n == memoryChunks {
					body, _ = stream100k()
				}
				tr := &probedTransport{body: body, probes: 100}
				f := build(b, c, &http.Client{Transport: tr}, memoryBase)
				if _, err := f(ctx); err != nil { // fill the one-time caches first
					b.Fatal(err)
				}
				var peak uint64
				for b.Loop() {
					tr.base = heapwatch.Live()
					r, err := f(ctx)
					if err != nil || r.Chunks != n {
						b.Fatalf("decoded %d of %d chunks: %v", r.Chunks, n, err)
					}
					peak = max(peak, tr.last.peak)
				}
				b.ReportMetric(float64(peak)/1e3, "peak-live-kB")
			})
		}
	}
}

// largeBody is the size of the submissions body of BenchmarkSubmissionsHeap.
const largeBody = 20 << 20

// BenchmarkSubmissionsHeap decodes a 20 MB filings submissions body, served
// in memory with and without its length, and reports the peak heap the
// call needed (the result, which keeps the body, still live at the last
// sample) as a multiple of the body.
func BenchmarkSubmissionsHeap(b *testing.B) {
	body := submissionsBody(b, largeBody)
	ctx := context.Background()
	for _, sized := range []bool{false, true} {
		name := "unsized"
		if sized {
			name = "sized"
		}
		b.Run(name, func(b *testing.B) {
			f, err := submissions(memoryClient(body, "application/json", sized), "http://filings.invalid")
			if err != nil {
				b.Fatal(err)
			}
			var peak uint64
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				runtime.GC()
				stop := heapwatch.Peak()
				b.StartTimer()
				s, err := f(ctx)
				b.StopTimer()
				alloc, _ := stop()
				peak = max(peak, alloc)
				if err != nil || s.name != "Apple Inc." || s.kept != len(body) {
					b.Fatalf("%q, kept %d of %d bytes: %v", s.name, s.kept, len(body), err)
				}
				runtime.KeepAlive(s.keep)
				b.StartTimer()
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
	}
}
