// Package heapwatch measures the heap for the benchmarks of large answers
// and long streams: the most it grew during a call, and what a collection
// leaves live. It reads runtime/metrics, which does not stop the world as
// runtime.ReadMemStats does, and imports nothing of conduit, so that the
// benchmarks of every package, the core's and bench/peers' share it.
package heapwatch

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// The heap's objects, live or not yet collected (MemStats.HeapAlloc), and
// the rest of the spans they are in (HeapInuse is both).
var names = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes"}

// Peak samples the heap every 500 µs until stop is called, which samples
// once more (call it with the result still live) and returns the most the
// heap's objects (alloc) and its spans in use (inuse) grew above their
// level at the start. The caller collects garbage first.
func Peak() (stop func() (alloc, inuse uint64)) {
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	read := func() (alloc, inuse uint64) {
		metrics.Read(s)
		alloc = s[0].Value.Uint64()
		return alloc, alloc + s[1].Value.Uint64()
	}
	baseAlloc, baseInuse := read()
	var peakAlloc, peakInuse uint64
	take := func() {
		alloc, inuse := read()
		if alloc > baseAlloc {
			peakAlloc = max(peakAlloc, alloc-baseAlloc)
		}
		if inuse > baseInuse {
			peakInuse = max(peakInuse, inuse-baseInuse)
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
				take()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(quit)
		<-done
		take()
		return peakAlloc, peakInuse
	}
}

// Live collects garbage and returns the live heap left: what the program
// holds at that point.
func Live() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
