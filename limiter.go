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
// is admitted. It spaces them evenly, one every per/n (and 4% more: a
// request can spend longer on its way than the one before it, and a server
// counts arrivals), so bursts never meet a server that counts in shorter
// windows than it publishes. It panics if n or per is not positive, as
// time.NewTicker does for a bad interval.
func NewLimiter(n int, per time.Duration) Limiter {
	if n <= 0 || per <= 0 {
		panic(fmt.Sprintf("conduit.NewLimiter: %d per %v is not a limit", n, per))
	}
	interval := per / time.Duration(n)
	return &spacedLimiter{interval: interval + interval/transitMargin, next: map[string]time.Time{}}
}

// spacedLimiter keeps, per key, the earliest time the next request may go.
// Only an admission moves it, so a waiter that gives up holds nothing.
type spacedLimiter struct {
	interval time.Duration
	mu       sync.Mutex
	next     map[string]time.Time
}

func (l *spacedLimiter) Wait(ctx context.Context, key string) error {
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
func (l *spacedLimiter) admit(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if wait := l.next[key].Sub(now); wait > 0 {
		return wait
	}
	l.next[key] = now.Add(l.interval)
	return 0
}
