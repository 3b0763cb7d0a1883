package redislimit_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/go-redis/redis_rate/v10"
)

// admitFor runs callers goroutines that each take admissions through
// admit for run, and returns the admission times in order.
func admitFor(t *testing.T, callers int, run time.Duration, admit func(context.Context) (time.Duration, error)) []time.Time {
	ctx, cancel := context.WithTimeout(context.Background(), run)
	defer cancel()
	var mu sync.Mutex
	var ts []time.Time
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			for ctx.Err() == nil {
				retry, err := admit(ctx)
				if err != nil {
					if ctx.Err() == nil && !errors.Is(err, context.DeadlineExceeded) {
						t.Error(err)
					}
					return
				}
				if retry == 0 {
					now := time.Now()
					mu.Lock()
					ts = append(ts, now)
					mu.Unlock()
					continue
				}
				select {
				case <-time.After(retry):
				case <-ctx.Done():
				}
			}
		})
	}
	wg.Wait()
	slices.SortFunc(ts, time.Time.Compare)
	return ts
}

// The measurement behind the package doc's choice: go-redis/redis_rate's
// GCRA, as PerSecond(10) configures it (burst 10), admits far more than 10
// in one sliding second; a burst of 1 stays at 10 by spacing sends 100ms
// apart. This package's sorted-set window, under the same load, stays at
// 10 and admits the 10 at once.
func TestRedisRateWindow(t *testing.T) {
	rdb := sharedRedis(t)
	const callers, run = 4, 1500 * time.Millisecond
	rl := redis_rate.NewLimiter(rdb)
	gcra := func(key string, lim redis_rate.Limit) []time.Time {
		return admitFor(t, callers, run, func(ctx context.Context) (time.Duration, error) {
			res, err := rl.Allow(ctx, key, lim)
			if err != nil || res.Allowed > 0 {
				return 0, err
			}
			return res.RetryAfter, nil
		})
	}
	burst := gcra("burst.example", redis_rate.PerSecond(10))
	paced := gcra("paced.example", redis_rate.Limit{Rate: 10, Period: time.Second, Burst: 1})

	l := newLimiter(t, rdb, 10, time.Second)
	window := admitFor(t, callers, run, func(ctx context.Context) (time.Duration, error) {
		return 0, l.Wait(ctx, "window.example")
	})

	t.Logf("most admissions in one sliding second: redis_rate burst 10: %d; burst 1: %d (first 10 within %v); redislimit: %d (first 10 within %v)",
		busiest(burst, time.Second), busiest(paced, time.Second), paced[9].Sub(paced[0]).Round(time.Millisecond),
		busiest(window, time.Second), window[9].Sub(window[0]).Round(time.Millisecond))
	if b := busiest(burst, time.Second); b < 18 {
		t.Errorf("redis_rate PerSecond(10) admitted at most %d in one second; the package doc says 19", b)
	}
	if b := busiest(window, time.Second); b > 10 {
		t.Errorf("redislimit admitted %d in one second, limit 10", b)
	}
	if d := window[9].Sub(window[0]); d > 100*time.Millisecond {
		t.Errorf("redislimit took %v to admit the first 10, which the budget allows at once", d)
	}
}
