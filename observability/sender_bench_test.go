package observability_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/observability"
)

var benchEvent = observability.Event{
	"route": "/cart", "status": 200, "duration_ms": 41.5, "service": "checkout", "trace.id": "4bf92f3577b34da6a3ce929d0e0e4736",
}

// BenchmarkIngest measures events per second over loopback: SendEvent one
// after another, against a Sender at several concurrencies, with a server
// that answers at once and one that takes a millisecond (a near service).
// A Sender's time includes Close, so every event has its outcome.
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	for _, delay := range []time.Duration{0, time.Millisecond} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var batch []json.RawMessage
			if strings.HasPrefix(r.URL.Path, "/1/batch/") {
				json.NewDecoder(r.Body).Decode(&batch)
			}
			io.Copy(io.Discard, r.Body)
			time.Sleep(delay)
			w.Header().Set("Content-Type", "application/json")
			if batch == nil {
				io.WriteString(w, `{}`)
				return
			}
			io.WriteString(w, "["+strings.TrimSuffix(strings.Repeat(`{"status":202},`, len(batch)), ",")+"]")
		}))
		c := client(b, srv.URL)
		b.Run(fmt.Sprintf("delay=%v/SendEvent", delay), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := c.SendEvent(ctx, "bench", benchEvent); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
		})
		for _, m := range []mode{oneByOne, batches} {
			for _, n := range []int{1, 10, 50} {
				b.Run(fmt.Sprintf("delay=%v/Sender/%s/concurrency=%d", delay, strings.ReplaceAll(m.name, " ", "_"), n), func(b *testing.B) {
					benchSender(b, c, m, n)
				})
			}
		}
		srv.Close()
	}
}

// benchSender sends b.N events through a Sender and closes it, so every
// event has its outcome within the timing.
func benchSender(b *testing.B, c *observability.Client, m mode, n int) {
	ctx := context.Background()
	b.ReportAllocs()
	var failed atomic.Int64
	s, err := c.NewSender("bench", append(m.opts, observability.WithConcurrency(n), observability.WithCallback(func(r observability.Result) {
		if r.Err != nil {
			failed.Add(1)
		}
	}))...)
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		if err := s.Send(ctx, benchEvent); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Close(ctx); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if f := failed.Load(); f > 0 {
		b.Fatalf("%d of %d events failed", f, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
