package peers

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The timed benchmarks. Each runs every contender side by side on the same
// bytes; run.sh runs them in interleaved rounds and cmd/table turns the
// rounds into paired ratios.

// build sets a contender up outside the timing.
func build[R any](b *testing.B, c contender[R], hc *http.Client, base string) call[R] {
	f, err := c.build(hc, base)
	if err != nil {
		b.Fatalf("%s: %v", c.name, err)
	}
	return f
}

func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// cpuNow is the CPU time the process has used, user and system, garbage
// collection and (over loopback) the in-process server included. Unlike the
// wall clock it grows only while the process runs, so a machine shared with
// other work inflates it far less; every timed benchmark reports it beside
// the wall time ("cpu-ns/…").
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timeStream decodes one whole stream of n chunks per iteration and reports
// the time and the allocations per chunk (the whole process's: over
// loopback that includes the in-process server's, the same for everyone).
func timeStream(b *testing.B, f call[chatResult], n int) {
	ctx := context.Background()
	b.ReportAllocs()
	start, cpu := mallocs(), cpuNow()
	for b.Loop() {
		r, err := f(ctx)
		if err != nil || r.Chunks != n {
			b.Fatalf("decoded %d of %d chunks: %v", r.Chunks, n, err)
		}
	}
	total := float64(b.N) * float64(n)
	b.ReportMetric(float64(mallocs()-start)/total, "allocs/chunk")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/chunk")
	b.ReportMetric(float64(cpuNow()-cpu)/total, "cpu-ns/chunk")
}

// BenchmarkStreamMemory streams 10,000 chunks through an in-memory
// transport: request, framing, decoding, the end check, and nothing else.
func BenchmarkStreamMemory(b *testing.B) {
	body, _ := stream10k()
	for _, c := range streamers {
		b.Run(c.name, func(b *testing.B) {
			timeStream(b, build(b, c, memoryClient(body, "text/event-stream", false), memoryBase), streamChunks)
		})
	}
}

// BenchmarkStreamLoopback streams the same chunks from a loopback server
// that flushes after every event.
func BenchmarkStreamLoopback(b *testing.B) {
	_, events := stream10k()
	srv := streamServer(b, events)
	for _, c := range streamers {
		b.Run(c.name, func(b *testing.B) {
			timeStream(b, build(b, c, loopbackClient(b), srv.URL+"/v1"), streamChunks)
		})
	}
}

// timeCalls makes one call per iteration; ok checks its result.
func timeCalls[R any](b *testing.B, f call[R], ok func(R) bool) {
	ctx := context.Background()
	b.ReportAllocs()
	cpu := cpuNow()
	for b.Loop() {
		r, err := f(ctx)
		if err != nil || !ok(r) {
			b.Fatalf("%+v, %v", r, err)
		}
	}
	b.ReportMetric(float64(cpuNow()-cpu)/float64(b.N), "cpu-ns/op")
}

func oneChoice(r chatResult) bool { return r.Chunks == 1 && r.Usage[2] == 66 }

// BenchmarkCompletion creates one chat completion per iteration through an
// in-memory transport.
func BenchmarkCompletion(b *testing.B) {
	body := readFixture(b, "inference/create_chat_completion.json")
	for _, c := range completers {
		b.Run(c.name, func(b *testing.B) {
			timeCalls(b, build(b, c, memoryClient(body, "application/json", true), memoryBase), oneChoice)
		})
	}
}

// BenchmarkSunriseGet gets one day's sun times per iteration through an
// in-memory transport.
func BenchmarkSunriseGet(b *testing.B) {
	body := readFixture(b, "sunrise/get.json")
	for _, c := range sunrisers {
		b.Run(c.name, func(b *testing.B) {
			timeCalls(b, build(b, c, memoryClient(body, "application/json", true), "http://sun.invalid"),
				func(r sunResult) bool { return r.Status == "OK" })
		})
	}
}

// The parallel benchmark's shape: workers goroutines share one client and
// each makes perWorker calls per iteration.
const (
	workers   = 8
	perWorker = 16
)

// BenchmarkParallel creates chat completions from 8 goroutines sharing one
// client, over loopback, and reports the throughput.
func BenchmarkParallel(b *testing.B) {
	srv := jsonServer(b, readFixture(b, "inference/create_chat_completion.json"))
	for _, c := range completers {
		b.Run(c.name, func(b *testing.B) {
			f := build(b, c, loopbackClient(b), srv.URL+"/v1")
			ctx := context.Background()
			b.ReportAllocs()
			start, cpu := mallocs(), cpuNow()
			for b.Loop() {
				errs := make(chan error, workers)
				var wg sync.WaitGroup
				for range workers {
					wg.Go(func() {
						for range perWorker {
							if r, err := f(ctx); err != nil || !oneChoice(r) {
								errs <- fmt.Errorf("%+v, %v", r, err)
								return
							}
						}
					})
				}
				wg.Wait()
				close(errs)
				if err := <-errs; err != nil {
					b.Fatal(err)
				}
			}
			calls := float64(b.N * workers * perWorker)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/calls, "ns/call")
			b.ReportMetric(calls/b.Elapsed().Seconds(), "calls/s")
			b.ReportMetric(float64(mallocs()-start)/calls, "allocs/call")
			b.ReportMetric(float64(cpuNow()-cpu)/calls, "cpu-ns/call")
		})
	}
}
