package conduit

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Limiter decides when a request may be sent, so that a budget a server
// grants per requester ("10 requests in any second") holds however many
// goroutines, clients or processes share it. conduit asks it once per
// attempt, retries included, just before the request goes out.
//
// NewLimiter is the in-process implementation; the redislimit module shares
// a budget between processes through Redis.
type Limiter interface {
	// Wait blocks until one more request under key may be sent now, and
	// counts it as sent. key names what the budget is for (conduit passes
	// the request's host, e.g. "data.sec.gov").
	//
	// Guarantee: at most N sends are admitted in any sliding window of the
	// limiter's length.
	//
	// If ctx ends first, Wait returns an error for which
	// errors.Is(err, ctx.Err()) holds and nothing is counted: a waiter that
	// gives up frees its place for the next. When the wait would already end
	// after ctx's deadline, Wait returns at once, without sleeping, an error
	// matching context.DeadlineExceeded.
	Wait(ctx context.Context, key string) error
}

// transitShare sets the spare for transit: the window is per + per/25.
const transitShare = 25

// NewLimiter returns an in-process Limiter that admits at most n sends under
// each key in any window of length per. The window it keeps is 4% longer
// (the n+1st send leaves per + per/25 after the first), so that a request
// that takes a little longer on its way than the one n places before it
// still reaches the server in a later window. It keeps, per key, the times
// of the sends still inside the window: at most n of them, so memory
// follows the keys (hosts) it has seen.
//
// Waiters of one key are admitted in the order they arrived; one that gives
// up leaves the queue at once and never delays those behind it.
//
// Like time.NewTicker, it panics when n or per is not positive: a limit of
// no requests is a bug, and a client without a limit needs no Limiter.
func NewLimiter(n int, per time.Duration) Limiter {
	if n <= 0 {
		panic(fmt.Sprintf("conduit.NewLimiter: n must be positive, got %d", n))
	}
	if per <= 0 {
		panic(fmt.Sprintf("conduit.NewLimiter: per must be positive, got %v", per))
	}
	return &windowLimiter{n: n, window: per + per/transitShare, keys: map[string]*sendLog{}}
}

// windowLimiter is a sliding-window log per key.
type windowLimiter struct {
	n      int
	window time.Duration // per plus the transit spare

	mu   sync.RWMutex
	keys map[string]*sendLog
}

// sendLog is one key's recent sends and its queue of waiters. A waiter joins
// the queue by sending into turn and leaves it by receiving: Go queues
// blocked senders first come, first served, and a sender whose context
// ends is removed from the queue without a trace.
type sendLog struct {
	turn  chan struct{}
	timer *time.Timer // used only by the waiter holding the turn

	mu    sync.Mutex  // guards the ring, which a waiter without the turn reads
	sent  []time.Time // ring of send times, oldest at head
	head  int
	count int
}

func (l *windowLimiter) log(key string) *sendLog {
	l.mu.RLock()
	s := l.keys[key]
	l.mu.RUnlock()
	if s != nil {
		return s
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s = l.keys[key]; s == nil {
		s = &sendLog{turn: make(chan struct{}, 1)}
		l.keys[key] = s
	}
	return s
}

func (l *windowLimiter) Wait(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return gaveUp(key, err)
	}
	s := l.log(key)
	// However long the queue, no one goes before the oldest send leaves
	// the window: a deadline before that fails now.
	if err := pastDeadline(ctx, key, s.admit(time.Now(), l.n, l.window, false)); err != nil {
		return err
	}
	select {
	case s.turn <- struct{}{}:
	case <-ctx.Done():
		return gaveUp(key, ctx.Err())
	}
	defer func() { <-s.turn }()
	for {
		d := s.admit(time.Now(), l.n, l.window, true)
		if d <= 0 {
			return nil
		}
		if err := pastDeadline(ctx, key, d); err != nil {
			return err
		}
		if s.timer == nil {
			s.timer = time.NewTimer(d)
		} else {
			s.timer.Reset(d)
		}
		select {
		case <-s.timer.C:
		case <-ctx.Done():
			s.timer.Stop()
			return gaveUp(key, ctx.Err())
		}
	}
}

// admit drops the sends that have left the window and returns how long a
// send at now must still wait; when it need not and record is set, it
// counts the send.
func (s *sendLog) admit(now time.Time, n int, window time.Duration, record bool) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.count > 0 && now.Sub(s.sent[s.head]) >= window {
		s.head = (s.head + 1) % len(s.sent)
		s.count--
	}
	if s.count == n {
		return s.sent[s.head].Add(window).Sub(now)
	}
	if record {
		s.push(now, n)
	}
	return 0
}

// push appends t, growing the ring (up to n) only when every slot still
// holds a send inside the window.
func (s *sendLog) push(t time.Time, n int) {
	if s.count == len(s.sent) {
		grown := make([]time.Time, min(max(2*len(s.sent), 4), n))
		for i := range s.count {
			grown[i] = s.sent[(s.head+i)%len(s.sent)]
		}
		s.sent, s.head = grown, 0
	}
	s.sent[(s.head+s.count)%len(s.sent)] = t
	s.count++
}

func pastDeadline(ctx context.Context, key string, wait time.Duration) error {
	if wait <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
		return fmt.Errorf("conduit: the rate limit for %s needs a wait of %v, past the context's deadline: %w",
			key, wait.Round(time.Millisecond), context.DeadlineExceeded)
	}
	return nil
}

func gaveUp(key string, err error) error {
	return fmt.Errorf("conduit: waiting for the rate limit for %s: %w", key, err)
}
