package transport

import (
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// limiters holds one limiter per host for the whole process, so two clients
// talking to the same host share its budget.
var (
	limiters    sync.Map // host -> *rate.Limiter
	anyLimiters atomic.Bool
	limitMu     sync.Mutex
)

// limitFor turns "at most N in any window Per" into a token bucket of burst 1
// whose interval is Per/N stretched by 4%. A burst of N would allow nearly 2N
// requests in a sliding window; evenly spaced requests never exceed N, and the
// stretch absorbs scheduling jitter between our clock and the server's.
func limitFor(l Limit) rate.Limit {
	interval := l.Per / time.Duration(l.N)
	return rate.Every(interval + interval/25)
}

func registerLimit(host string, l Limit) {
	r := limitFor(l)
	limitMu.Lock()
	defer limitMu.Unlock()
	if v, ok := limiters.Load(host); ok {
		if lim := v.(*rate.Limiter); r < lim.Limit() {
			lim.SetLimit(r) // the stricter budget wins
		}
		return
	}
	limiters.Store(host, rate.NewLimiter(r, 1))
	anyLimiters.Store(true)
}

// limiterFor returns the host's limiter, or nil for an unlimited host. The
// common case (no limited host at all) costs one atomic load.
func limiterFor(host string) *rate.Limiter {
	if !anyLimiters.Load() {
		return nil
	}
	if v, ok := limiters.Load(host); ok {
		return v.(*rate.Limiter)
	}
	return nil
}
