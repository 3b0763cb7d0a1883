package transport

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// X/time/rate gives a cancelled reservation's token
// back only if no later reservation exists, so fifteen callers cancelled
// while queued on a 10/s host made the next call wait about 1.5 s. A
// waiter that gives up now frees its place: the next call goes out one
// interval after the last request that was sent.
func TestCancelledWaitersDoNotDelayTheNextCall(t *testing.T) {
	rec := newRecorder(t, nil)
	svc := testService(Auth{})
	svc.Limit = limits.Limit{N: 10, Per: time.Second} // the published, process-wide limit
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL))
	op := Declare[okResult](svc, get("/"), nil)
	_, err := op.Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	sent := time.Now()

	var wg sync.WaitGroup
	for range 15 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			_, err := op.Do(ctx, c, Call{}, nil)
			assert.ErrorIs(t, err, context.Canceled)
		}()
	}
	wg.Wait()
	_, err = op.Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	interval := time.Second / 10
	// One interval is due; fifteen held places would make it sixteen.
	assert.Less(t, time.Since(sent), 7*interval, "the cancelled waiters held places in the queue")
	assert.Equal(t, int32(2), rec.hits.Load(), "the cancelled calls sent nothing")
}

// hostileWait is a wait header a server may send.
type hostileWait struct{ header, value string }

// Retry-After values such as 1e300, Inf and
// 9223372037 overflowed into negative durations, so the call retried at
// once and Error.RetryAfter was negative. An absurd wait now reads as
// longer than the cap: the call ends at once, RetryAfter set. A value
// that says nothing usable (NaN, negative) is no wait at all: the retry
// waits its backoff, never zero, and RetryAfter is never negative.
func TestHostileRetryAfter(t *testing.T) {
	absurd := []hostileWait{
		{"Retry-After", "1e300"}, {"Retry-After", "Inf"}, {"Retry-After", "+Inf"}, {"Retry-After", "9223372037"},
		{"Retry-After", "1e19"}, {"Retry-After", "Fri, 31 Dec 9999 23:59:59 GMT"},
		{"Retry-After-Ms", "1e300"}, {"Retry-After-Ms", "Inf"}, {"Retry-After-Ms", "9223372037"},
		{"Retry-After-Ms", "9223372036854775807"}, {"Retry-After-Ms", "1e19"},
		{"X-RateLimit-Reset-After", "1e300"}, {"RateLimit-Reset", "9223372037"}, {"X-RateLimit-Reset", "1e300"},
	}
	for _, w := range absurd {
		t.Run(w.header+" "+w.value, func(t *testing.T) {
			h, count := failThen(100, 429, map[string]string{w.header: w.value}, "")
			c := newOpen(t, newRecorder(t, h).URL)
			var err error
			finishes(t, 5*time.Second, func() { err = send(bg, c, get("/"), Call{}) })
			e := asError(t, err)
			assert.ErrorIs(t, err, conduit.ErrRateLimited)
			assert.Equal(t, limits.MaxRetryAfter, e.RetryAfter, "an absurd wait reads as longer than any cap")
			assert.Equal(t, int32(1), count.Load(), "the call ended at once")
			assert.Equal(t, 1, e.Attempts)
		})
	}
	ignored := []hostileWait{
		{"Retry-After", "NaN"}, {"Retry-After", "-1"}, {"Retry-After", "-Inf"}, {"Retry-After", "-9223372037"},
		{"Retry-After", "0x10"}, {"Retry-After-Ms", "NaN"}, {"Retry-After-Ms", "-1"}, {"Retry-After-Ms", "-1e300"},
	}
	const backoff = 100 * time.Millisecond
	for _, w := range ignored {
		t.Run(w.header+" "+w.value, func(t *testing.T) {
			var mu sync.Mutex
			var times []time.Time
			h, _ := failThen(100, 429, map[string]string{w.header: w.value}, "")
			rec := newRecorder(t, func(rw http.ResponseWriter, r *http.Request) {
				mu.Lock()
				times = append(times, time.Now())
				mu.Unlock()
				h(rw, r)
			})
			c := newOpen(t, rec.URL, conduit.WithRetryBackoff(backoff, backoff), conduit.WithMaxRetries(1))
			err := send(bg, c, get("/"), Call{})
			e := asError(t, err)
			assert.ErrorIs(t, err, conduit.ErrRateLimited)
			assert.GreaterOrEqual(t, e.RetryAfter, time.Duration(0), "never a negative wait")
			assert.Less(t, e.RetryAfter, time.Second, "a meaningless value is not a wait")
			require.Len(t, times, 2)
			assert.GreaterOrEqual(t, times[1].Sub(times[0]), backoff/2, "never an immediate retry")
		})
	}
}

// blockingLimiter admits nothing: it waits until the context ends and
// says why, as the Limiter contract asks.
type blockingLimiter struct{ calls atomic.Int32 }

func (l *blockingLimiter) Wait(ctx context.Context, _ string) error {
	l.calls.Add(1)
	<-ctx.Done()
	return ctx.Err()
}

// A rate-limit wait that would pass the deadline
// returned "rate: Wait(n=1) would exceed context deadline", which is not
// context.DeadlineExceeded, and the retry policy retried it. It now
// matches context.DeadlineExceeded, names the operation, and is not
// retried, with conduit's limiter (which fails at once) and with one of
// the caller's that waits for the deadline.
func TestLimiterWaitPastDeadline(t *testing.T) {
	rec := newRecorder(t, nil)
	block := &blockingLimiter{}
	for _, tc := range []struct {
		name string
		opt  conduit.Option
	}{
		{"conduit limiter", conduit.WithRateLimit(1, time.Hour)},
		{"caller's limiter", conduit.WithLimiter(block)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newOpen(t, rec.URL, tc.opt, conduit.WithMaxRetries(5))
			op := Op{Name: "Search", Method: "GET", Path: "/"}
			if tc.name == "conduit limiter" {
				require.NoError(t, send(bg, c, op, Call{}), "the first request takes the hour's budget")
			}
			before := rec.hits.Load()
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			err := send(ctx, c, op, Call{})
			require.ErrorIs(t, err, context.DeadlineExceeded)
			e := asError(t, err)
			assert.Equal(t, "Search", e.Op)
			assert.Contains(t, err.Error(), "testsvc.Search")
			assert.Equal(t, 1, e.Attempts, "a limiter that did not admit the request is not retried")
			assert.Equal(t, before, rec.hits.Load(), "nothing was sent")
		})
	}
	assert.Equal(t, int32(1), block.calls.Load(), "one wait, no retry")
}

// net/http writes a request whose context ended in GotConn all the same;
// a refusal there must still send nothing. Once in a few dozen calls the
// write won that race, so the test makes many.
func TestLimiterRefusalSendsNothing(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL, conduit.WithRateLimit(1, time.Hour))
	require.NoError(t, send(bg, c, get("/"), Call{}), "the first request takes the hour's budget")
	for range 200 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err := send(ctx, c, get("/"), Call{})
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
	}
	time.Sleep(50 * time.Millisecond) // a request written late would arrive by now
	assert.Equal(t, int32(1), rec.hits.Load(), "refused requests reached the server")
}

// A limiter whose store fails (a shared limiter's Redis, say) fails the
// call with its error, unretried.
func TestLimiterFailureNotRetried(t *testing.T) {
	rec := newRecorder(t, nil)
	boom := errors.New("limiter store unreachable")
	c := newOpen(t, rec.URL, conduit.WithLimiter(failingLimiter{boom}), conduit.WithMaxRetries(3))
	err := send(bg, c, get("/"), Call{})
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, 1, asError(t, err).Attempts)
	assert.Zero(t, rec.hits.Load())
}

type failingLimiter struct{ err error }

func (l failingLimiter) Wait(context.Context, string) error { return l.err }
