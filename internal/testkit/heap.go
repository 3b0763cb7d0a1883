package testkit

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// HeapPeak samples the heap in the background until stop is called, which
// returns the highest HeapAlloc and HeapInuse seen above their values at
// the start (the caller runs a GC first), sampling once more with the
// result still live. Benchmarks of large answers report it against the
// body's size.
func HeapPeak() (stop func() (alloc, inuse uint64)) {
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peakAlloc, peakInuse uint64
	sample := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > base.HeapAlloc {
			peakAlloc = max(peakAlloc, ms.HeapAlloc-base.HeapAlloc)
		}
		if ms.HeapInuse > base.HeapInuse {
			peakInuse = max(peakInuse, ms.HeapInuse-base.HeapInuse)
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
	return func() (uint64, uint64) {
		close(quit)
		<-done
		sample()
		return peakAlloc, peakInuse
	}
}

// LiveHeap collects garbage and returns the live heap left: what the
// program holds at that point. Benchmarks of the listing iterators take it
// every so many elements inside the loop, above its value before the call,
// to show what reading a listing keeps live while it runs.
func LiveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// LivePeak is the most a listing's reading keeps live: call Probe inside
// the loop every so many elements; Peak is the highest LiveHeap seen above
// Base, which Reset takes before the call.
type LivePeak struct{ Base, Peak uint64 }

// Reset collects garbage and takes the live heap as the base.
func (l *LivePeak) Reset() { l.Base = LiveHeap() }

// Probe notes the live heap above the base.
func (l *LivePeak) Probe() {
	if v := LiveHeap(); v > l.Base {
		l.Peak = max(l.Peak, v-l.Base)
	}
}
