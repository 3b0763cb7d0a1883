package heapwatch

import (
	"runtime"
	"testing"
)

var kept []byte

// Peak sees an allocation made while it watches, with the memory live at
// stop; Live sees it too, and not once it is dropped.
func TestPeakAndLiveSeeALargeAllocation(t *testing.T) {
	const size = 64 << 20
	runtime.GC()
	before := Live()
	stop := Peak()
	kept = make([]byte, size)
	alloc, inuse := stop()
	// The spans in use grow by the allocation's own span, less what the
	// background sweeper frees meanwhile of the spans counted at the start
	// (a few pages): inuse may fall short of size by that much, never by
	// a large part of it.
	const sweptMeanwhile = 1 << 20
	if alloc < size || inuse < size-sweptMeanwhile {
		t.Errorf("peak alloc %d, inuse %d; want at least %d", alloc, inuse, size)
	}
	if live := Live(); live < before+size {
		t.Errorf("live %d after keeping %d bytes, %d before", live, size, before)
	}
	kept = nil
	if live := Live(); live > before+size/2 {
		t.Errorf("live %d after dropping them, %d before", live, before)
	}
}
