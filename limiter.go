package conduit

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Limiter decides when a request may be sent. conduit calls Wait once per
// attempt, retries included, just before the request goes out on its
// connection, with the request's host as key.
type Limiter interface {
	// Wait blocks until one more request under key may be sent now and
	// counts it as sent, so that at most the limiter's N requests go out
	// in any window of its length. If ctx ends first, or the wait would
	// pass ctx's deadline, Wait returns an error matching ctx's (errors.Is
	// with context.DeadlineExceeded or context.Canceled) and counts
	// nothing: a waiter that gives up leaves its place to the next.
	Wait(ctx context.Context, key string) error
}

// transitMargin stretches each window a little: a request can spend longer
// on its way to the server than the one n places before it, and the server
// counts arrivals, not departures.
const transitMargin = 25 // per = per + per/transitMargin, 4%

// NewLimiter returns an in-process Limiter that admits at most n requests
// per key in any window of length per, measured at the moment each request
// is admitted. It panics if n or per is not positive, as time.NewTicker
// does for a bad interval.
func NewLimiter(n int, per time.Duration) Limiter {
	if n <= 0 || per <= 0 {
		panic(fmt.Sprintf("conduit.NewLimiter: %d per %v is not a limit", n, per))
	}
	return &windowLimiter{n: n, per: per + per/transitMargin, keys: map[string]*window{}}
}

// windowLimiter keeps, per key, the times of the last n admissions: a
// request may go when the oldest of them has left the window. Only an
// admission is recorded, so a waiter that gives up holds nothing.
type windowLimiter struct {
	n    int
	per  time.Duration
	mu   sync.Mutex
	keys map[string]*window
}

type window struct {
	sent []time.Time // ring of admission times
	next int
}

func (l *windowLimiter) Wait(ctx context.Context, key string) error {
	for {
		wait := l.admit(key, time.Now())
		if wait <= 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return context.DeadlineExceeded
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

// admit records a send at now and returns 0, or returns how long to wait
// before asking again.
func (l *windowLimiter) admit(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.keys[key]
	if w == nil {
		w = &window{sent: make([]time.Time, l.n)}
		l.keys[key] = w
	}
	if oldest := w.sent[w.next]; !oldest.IsZero() {
		if wait := oldest.Add(l.per).Sub(now); wait > 0 {
			return wait
		}
	}
	w.sent[w.next] = now
	w.next = (w.next + 1) % l.n
	return 0
}
