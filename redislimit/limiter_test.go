package redislimit_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/conduit-sdk/conduit/redislimit"
	"github.com/redis/go-redis/v9"
)

// bounded is a context for a Wait that should be admitted at once or
// nearly: a wrong test or limiter fails it instead of hanging.
func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func newLimiter(t *testing.T, rdb redis.UniversalClient, n int, per time.Duration, opts ...redislimit.Option) *redislimit.Limiter {
	t.Helper()
	l, err := redislimit.New(rdb, n, per, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Two limiters on one Redis (as two processes would be) share one budget:
// of 12 concurrent callers, 5 get through and the other 7 learn at once
// that the hour-long window leaves them no room before their deadline.
func TestLimitersShareTheBudget(t *testing.T) {
	rdb := sharedRedis(t)
	const n, calls = 5, 12
	ls := []*redislimit.Limiter{newLimiter(t, rdb, n, time.Hour), newLimiter(t, rdb, n, time.Hour)}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	errs := make(chan error, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() { errs <- ls[i%2].Wait(ctx, "share.example") })
	}
	wg.Wait()
	close(errs)
	admitted := 0
	for err := range errs {
		switch {
		case err == nil:
			admitted++
		case !errors.Is(err, context.DeadlineExceeded):
			t.Error(err)
		}
	}
	if admitted != n {
		t.Errorf("%d calls admitted, want %d", admitted, n)
	}
	if got := rdb.ZCard(ctx, ls[0].Key("share.example")).Val(); got != n {
		t.Errorf("Redis counted %d sends, want %d", got, n)
	}
	if ctx.Err() != nil {
		t.Error("the refused callers waited for their deadline")
	}
}

// The key names the host and the limit; it lives one window past the last
// send.
func TestKeyNamesHostAndLimit(t *testing.T) {
	rdb := sharedRedis(t)
	l := newLimiter(t, rdb, 10, time.Second, redislimit.WithKeyPrefix("app:"))
	key := l.Key("data.sec.gov")
	if key != "app:{data.sec.gov}:10/1s" {
		t.Fatalf("Key = %q", key)
	}
	if err := l.Wait(bounded(t), "data.sec.gov"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if got := rdb.ZCard(ctx, key).Val(); got != 1 {
		t.Errorf("ZCARD %s = %d, want 1", key, got)
	}
	if ttl := rdb.PTTL(ctx, key).Val(); ttl <= 0 || ttl > 1040*time.Millisecond {
		t.Errorf("PTTL %s = %v, want (0, 1.04s]", key, ttl)
	}
}

// A wait that would pass the deadline fails at once with
// context.DeadlineExceeded, before the deadline.
func TestDeadlineFailsAtOnce(t *testing.T) {
	l := newLimiter(t, sharedRedis(t), 1, time.Hour)
	if err := l.Wait(bounded(t), "deadline.example"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := l.Wait(ctx, "deadline.example")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait = %v, want context.DeadlineExceeded", err)
	}
	if ctx.Err() != nil {
		t.Error("Wait slept until the deadline")
	}
}

// A caller whose context has ended counts nothing in Redis.
func TestCancelledCountsNothing(t *testing.T) {
	rdb := sharedRedis(t)
	l := newLimiter(t, rdb, 1, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Wait(ctx, "cancel.example"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Wait = %v, want context.Canceled", err)
	}
	if n := rdb.Exists(context.Background(), l.Key("cancel.example")).Val(); n != 0 {
		t.Error("a cancelled Wait was counted")
	}
}

func TestNewRefusesBadInput(t *testing.T) {
	rdb := sharedRedis(t)
	for _, c := range []struct {
		name string
		rdb  redis.UniversalClient
		n    int
		per  time.Duration
		opt  redislimit.Option
		want string
	}{
		{"no client", nil, 1, time.Second, nil, "rdb"},
		{"n", rdb, 0, time.Second, nil, "n must be positive"},
		{"per", rdb, 1, time.Microsecond, nil, "per must be at least 1ms"},
		{"timeout", rdb, 1, time.Second, redislimit.WithTimeout(0), "timeout"},
		{"replicas", rdb, 1, time.Second, redislimit.WithReplicas(0), "replicas"},
	} {
		var opts []redislimit.Option
		if c.opt != nil {
			opts = append(opts, c.opt)
		}
		if _, err := redislimit.New(c.rdb, c.n, c.per, opts...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: New = %v, want an error naming %q", c.name, err, c.want)
		}
	}
}

// A Redis that stops answering (SIGSTOP) never holds a caller past its
// context, even through a client that ignores context deadlines; with the
// default timeout the limiter falls back, reports it, and goes back to
// Redis once it answers again.
func TestSlowRedis(t *testing.T) {
	srv := redistest.Start(t)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr}) // ContextTimeoutEnabled off
	t.Cleanup(func() { rdb.Close() })
	var mu sync.Mutex
	var reports []error
	report := redislimit.WithFallbackReport(func(key string, err error) {
		mu.Lock()
		defer mu.Unlock()
		reports = append(reports, err)
	})
	patient := newLimiter(t, rdb, 10, time.Second, redislimit.WithTimeout(time.Hour))
	l := newLimiter(t, rdb, 10, time.Second, redislimit.WithTimeout(100*time.Millisecond), report)
	if err := rdb.Ping(context.Background()).Err(); err != nil { // a pooled connection, ready
		t.Fatal(err)
	}

	if err := srv.Cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer srv.Cmd.Process.Signal(syscall.SIGCONT)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := patient.Wait(ctx, "slow.example")
	if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() == nil {
		t.Fatalf("Wait = %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Wait returned %v after a 300ms deadline", d)
	}

	// Falls back: the first fallback send waits out one window (1.04s).
	start = time.Now()
	if err := l.Wait(bounded(t), "slow.example"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("the fallback sent after %v, before the window that Redis admitted into had passed", d)
	}
	mu.Lock()
	if len(reports) != 1 || !strings.Contains(reports[0].Error(), "did not answer within 100ms") {
		t.Errorf("reports = %v, want one timeout", reports)
	}
	mu.Unlock()

	// Back on Redis: the next probe (a second after the failure, which
	// the window above has outlasted) finds it answering and counts there.
	if err := srv.Cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	if err := l.Wait(bounded(t), "back.example"); err != nil {
		t.Fatal(err)
	}
	if n := rdb.ZCard(context.Background(), l.Key("back.example")).Val(); n != 1 {
		t.Errorf("ZCARD after recovery = %d, want 1", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reports) != 1 {
		t.Errorf("reports = %v, want no more after recovery", reports)
	}
}
