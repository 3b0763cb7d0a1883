package testkit

import (
	"runtime"
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
