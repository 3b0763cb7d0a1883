package testkit

import (
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/conduit-sdk/conduit/internal/heapwatch"
)

// LivePeak is the most a listing's reading keeps live: call Probe inside
// the loop every so many elements; Peak is the highest live heap seen
// above Base, which Reset takes before the call.
type LivePeak struct{ Base, Peak uint64 }

// Reset collects garbage and takes the live heap as the base.
func (l *LivePeak) Reset() { l.Base = heapwatch.Live() }

// Probe notes the live heap above the base.
func (l *LivePeak) Probe() {
	if v := heapwatch.Live(); v > l.Base {
		l.Peak = max(l.Peak, v-l.Base)
	}
}

// ServeBody serves body as JSON at every path of a loopback server for the
// test, with its Content-Length when sized, and returns the server's URL.
func ServeBody(tb testing.TB, body []byte, sized bool) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if sized {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		w.Write(body)
	}))
	tb.Cleanup(srv.Close)
	return srv.URL
}

// BenchWhole times call, which decodes body whole into a result and
// returns it with how many records it holds (which must be want), and
// reports the body's size, the most the heap's objects and the spans they
// are in grew above their level before the call (a collection each time,
// outside the timer), with the result still live, and the objects' peak
// as a multiple of the body.
func BenchWhole(b *testing.B, body []byte, want int, call func() (result any, n int, err error)) {
	var peak, inuse uint64
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		stop := heapwatch.Peak()
		b.StartTimer()
		result, n, err := call()
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		alloc, spans := stop()
		peak, inuse = max(peak, alloc), max(inuse, spans)
		runtime.KeepAlive(result)
		if n != want {
			b.Fatalf("decoded %d records, want %d", n, want)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(len(body))/1e6, "body-MB")
	b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
	b.ReportMetric(float64(inuse)/1e6, "peak-inuse-MB")
	b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
}

// BenchEach reads body through the iterator each returns, keeping nothing,
// and reports the most the reading kept live at 20 probes along the
// listing (a collection each: compare the memory, not the time) beside the
// body's size. The iterator must yield want elements.
func BenchEach[T any](b *testing.B, body []byte, want int, each func() iter.Seq2[T, error]) {
	var live LivePeak
	b.ReportAllocs()
	for b.Loop() {
		live.Reset()
		n := 0
		for _, err := range each() {
			if err != nil {
				b.Fatal(err)
			}
			if n++; n%max(1, want/20) == 0 {
				live.Probe()
			}
		}
		if n != want {
			b.Fatalf("read %d elements, want %d", n, want)
		}
	}
	b.ReportMetric(float64(len(body))/1e6, "body-MB")
	b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
	b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
}

// BenchFloor is BenchWhole's reference: the same body, from the same kind
// of server, read as a hand-written client reads it (net/http's default
// transport, io.ReadAll, go-json-experiment into the plain value T, with
// every field the package types and nothing else), measured the same way.
// records counts the records in what it decoded, which must be want.
func BenchFloor[T any](b *testing.B, body []byte, sized bool, want int, records func(*T) int) {
	url := ServeBody(b, body, sized)
	hc := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	BenchWhole(b, body, want, func() (any, int, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return nil, 0, err
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, 0, err
		}
		v := new(T)
		if err := jsonv2.Unmarshal(data, v); err != nil {
			return nil, 0, err
		}
		return v, records(v), nil
	})
}
