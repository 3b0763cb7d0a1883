package socket

import (
	"math/rand/v2"
	"time"
)

// Backoff spaces reconnects: each wait doubles from Min up to Max and is
// drawn at random from its upper half, so processes that lost the same
// server do not come back in step. The zero Backoff waits 1 s doubling to
// 60 s.
type Backoff struct {
	Min, Max time.Duration
	n        int
}

// Next returns the wait before the next attempt and counts the attempt.
func (b *Backoff) Next() time.Duration {
	lo, hi := b.Min, b.Max
	if lo <= 0 {
		lo = time.Second
	}
	if hi <= 0 {
		hi = time.Minute
	}
	d := lo
	for i := 0; i < b.n && d < hi; i++ {
		d *= 2
	}
	d = min(d, hi)
	b.n++
	return d/2 + rand.N(d/2+1)
}

// Reset starts over from Min, after a connection that worked.
func (b *Backoff) Reset() { b.n = 0 }
