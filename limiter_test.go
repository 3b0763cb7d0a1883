package conduit

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Concurrent callers never get more than n admissions in any window of
// length per; admission times are taken as each Wait returns.
func TestLimiterHoldsAnyWindow(t *testing.T) {
	const n, per, callers = 10, time.Second, 25
	l := NewLimiter(n, per)
	var mu sync.Mutex
	var admitted []time.Time
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			if assert.NoError(t, l.Wait(context.Background(), "data.sec.gov")) {
				now := time.Now()
				mu.Lock()
				admitted = append(admitted, now)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	require.Len(t, admitted, callers)
	slices.SortFunc(admitted, time.Time.Compare)
	for i := range callers - n {
		assert.GreaterOrEqual(t, admitted[i+n].Sub(admitted[i]), per, "sends %d to %d fall in one window", i, i+n)
	}
}

// Keys are separate budgets: a full one does not hold back another.
func TestLimiterKeysAreSeparate(t *testing.T) {
	l := NewLimiter(1, time.Hour)
	require.NoError(t, l.Wait(context.Background(), "a.example"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, l.Wait(ctx, "b.example"))
	assert.ErrorIs(t, l.Wait(ctx, "a.example"), context.DeadlineExceeded)
}

// A wait that would end after the deadline fails at once, before the
// deadline, with an error matching context.DeadlineExceeded.
func TestLimiterDeadlineFailsAtOnce(t *testing.T) {
	l := NewLimiter(1, time.Hour)
	require.NoError(t, l.Wait(context.Background(), "data.sec.gov"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := l.Wait(ctx, "data.sec.gov")
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NoError(t, ctx.Err(), "Wait slept until the deadline")
	assert.Contains(t, err.Error(), "data.sec.gov")
}

// A caller whose context has ended is refused and counted nowhere.
func TestLimiterCancelledCountsNothing(t *testing.T) {
	l := NewLimiter(1, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := l.Wait(ctx, "k")
	require.ErrorIs(t, err, ctx.Err())
	require.ErrorIs(t, err, context.Canceled)
	// The one slot is still free: a counted refusal would make this wait an
	// hour, which the deadline turns into an immediate error.
	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	assert.NoError(t, l.Wait(ctx, "k"))
}

// queued is a context that reports when Wait first asks for its Done
// channel, which it does only to block on it.
type queued struct {
	context.Context
	once    sync.Once
	waiting chan<- struct{}
}

func (q *queued) Done() <-chan struct{} {
	q.once.Do(func() { q.waiting <- struct{}{} })
	return q.Context.Done()
}

// Regression (issue 10, defect 9): with a token bucket, each cancelled
// reservation kept its tokens, so 15 callers that gave up while queued on a
// 10-per-second limit pushed the next caller back by 1.5 s. Here they leave
// no trace: the log still holds exactly the 10 real sends, and the next
// caller goes as soon as the first of them leaves the window.
func TestLimiterCancelledWaitersFreeTheirPlace(t *testing.T) {
	const n, per = 10, time.Second
	l := NewLimiter(n, per).(*windowLimiter)
	first := time.Now()
	for range n {
		require.NoError(t, l.Wait(context.Background(), "data.sec.gov"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	waiting := make(chan struct{})
	errs := make(chan error)
	for range 15 {
		go func() { errs <- l.Wait(&queued{Context: ctx, waiting: waiting}, "data.sec.gov") }()
	}
	for range 15 {
		<-waiting
	}
	cancel()
	for range 15 {
		assert.ErrorIs(t, <-errs, context.Canceled)
	}
	s := l.log("data.sec.gov")
	s.mu.Lock()
	assert.Equal(t, n, s.count, "sends counted")
	s.mu.Unlock()

	require.NoError(t, l.Wait(context.Background(), "data.sec.gov"))
	waited := time.Since(first)
	assert.GreaterOrEqual(t, waited, l.window)
	assert.Less(t, waited, l.window+per/2, "the cancelled waiters delayed the next caller")
}

func TestNewLimiterRefusesEmptyBudget(t *testing.T) {
	assert.PanicsWithValue(t, "conduit.NewLimiter: n must be positive, got 0", func() { NewLimiter(0, time.Second) })
	assert.PanicsWithValue(t, "conduit.NewLimiter: per must be positive, got -1s", func() { NewLimiter(1, -time.Second) })
}

// BenchmarkLimiterWait is the cost of a Wait that never has to wait: the
// price every request pays under a limit it is far from reaching.
func BenchmarkLimiterWait(b *testing.B) {
	l := NewLimiter(1<<20, time.Millisecond)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := l.Wait(ctx, "data.sec.gov"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLimiterWaitParallel is the same with every CPU on one key.
func BenchmarkLimiterWaitParallel(b *testing.B) {
	l := NewLimiter(1<<20, time.Millisecond)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := l.Wait(context.Background(), "data.sec.gov"); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
