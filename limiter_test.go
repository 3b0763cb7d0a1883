package conduit_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
)

// interval is the spacing NewLimiter(n, per) keeps: per/n, plus its 4%.
func interval(n int, per time.Duration) time.Duration {
	i := per / time.Duration(n)
	return i + i/25
}

// Admissions under one key are spaced evenly, so no window of length per
// holds more than n of them; another key is not slowed.
func TestLimiterSpacesEvenly(t *testing.T) {
	const n, per = 5, 100 * time.Millisecond
	l := conduit.NewLimiter(n, per)
	ctx := context.Background()
	var times []time.Time
	for range 2*n + 1 {
		if err := l.Wait(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		times = append(times, time.Now())
	}
	gap := interval(n, per)
	for i := 1; i < len(times); i++ {
		if d := times[i].Sub(times[i-1]); d < gap-2*time.Millisecond {
			t.Errorf("admission %d came %v after the one before, want at least %v", i, d, gap)
		}
	}
	for i := range times {
		in := 0
		for _, u := range times[i:] {
			if u.Sub(times[i]) < per {
				in++
			}
		}
		if in > n {
			t.Errorf("%d admissions in the window starting at %d", in, i)
		}
	}
	// A cancelled context gets an admission only if none needs waiting.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := l.Wait(cancelled, "b"); err != nil {
		t.Errorf("a fresh key had to wait: %v", err)
	}
	if err := l.Wait(cancelled, "a"); !errors.Is(err, context.Canceled) {
		t.Errorf("the spent key admitted at once: %v", err)
	}
}

// Waiters that give up leave nothing behind: after fifteen cancelled
// waiters, the next caller waits one interval, not sixteen.
func TestLimiterCancelledWaitersHoldNothing(t *testing.T) {
	const n, per = 10, time.Second
	l := conduit.NewLimiter(n, per)
	if err := l.Wait(context.Background(), "h"); err != nil {
		t.Fatal(err)
	}
	first := time.Now()
	var wg sync.WaitGroup
	for range 15 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Cancelled while queued (no deadline: the limiter cannot
			// tell in advance that this waiter will give up).
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(20*time.Millisecond, cancel)
			if err := l.Wait(ctx, "h"); !errors.Is(err, context.Canceled) {
				t.Errorf("a waiter whose context ends gets %v", err)
			}
		}()
	}
	wg.Wait()
	if err := l.Wait(context.Background(), "h"); err != nil {
		t.Fatal(err)
	}
	// One interval is due; fifteen held places would make it sixteen.
	if d := time.Since(first); d > 5*interval(n, per) {
		t.Errorf("the next caller was admitted %v after the last admission; the cancelled waiters held places", d)
	}
}

// A wait that would pass the deadline fails at once with an error that is
// context.DeadlineExceeded, and counts nothing.
func TestLimiterDeadlineFailsAtOnce(t *testing.T) {
	l := conduit.NewLimiter(1, time.Hour)
	if err := l.Wait(context.Background(), "k"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	err := l.Wait(ctx, "k")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want context.DeadlineExceeded", err)
	}
	if time.Since(start) > time.Second {
		t.Error("the limiter slept toward a deadline it could not meet")
	}
	cancelled, stop := context.WithCancel(context.Background())
	stop()
	if err := l.Wait(cancelled, "k"); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled context gets %v", err)
	}
}

func TestNewLimiterRefusesNoLimit(t *testing.T) {
	for _, tc := range []struct {
		n   int
		per time.Duration
	}{{0, time.Second}, {1, 0}, {-1, time.Second}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewLimiter(%d, %v) did not panic", tc.n, tc.per)
				}
			}()
			conduit.NewLimiter(tc.n, tc.per)
		}()
	}
}
