package redislimit_test

import (
	"context"
	"math"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/conduit-sdk/conduit/redislimit"
)

// forgeReply is a go-redis hook standing in for a Redis or proxy that
// answers the admission script with a number of its own.
type forgeReply struct{ val int64 }

func (f forgeReply) DialHook(next redis.DialHook) redis.DialHook { return next }
func (f forgeReply) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
func (f forgeReply) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		if c, ok := cmd.(*redis.Cmd); ok && strings.HasPrefix(strings.ToLower(cmd.Name()), "eval") {
			c.SetVal(f.val)
			c.SetErr(nil)
			return nil
		}
		return err
	}
}

// A reply outside 0..window never admits: the limiter falls back to its
// local limit of n/replicas, so only that many go at once.
func TestOutOfRangeRepliesFallBackAndNeverAdmit(t *testing.T) {
	srv := redistest.Start(t)
	for _, val := range []int64{-1, math.MinInt64, math.MaxInt64, 1 << 40} {
		rdb := redis.NewClient(&redis.Options{Addr: srv.Addr})
		rdb.AddHook(forgeReply{val})
		var mu sync.Mutex
		var reports []error
		l := newLimiter(t, rdb, 2, time.Hour, redislimit.WithFallbackReport(func(_ string, err error) {
			mu.Lock()
			reports = append(reports, err)
			mu.Unlock()
		}))
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		admitted := 0
		for range 5 {
			if l.Wait(ctx, "forged.example") == nil {
				admitted++
			}
		}
		cancel()
		rdb.Close()
		if admitted != 0 {
			// The first fallback send waits out a window (an hour): none
			// may go within the deadline.
			t.Errorf("reply %d: %d callers admitted, want none before the fallback's window passed", val, admitted)
		}
		mu.Lock()
		if len(reports) == 0 || !strings.Contains(reports[0].Error(), "not a wait") {
			t.Errorf("reply %d: reports = %v, want the reply named", val, reports)
		}
		mu.Unlock()
	}
}

func TestRefusedConnectionIsTheReportedCause(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens: every dial is refused
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { rdb.Close() })
	var got error
	l := newLimiter(t, rdb, 10, time.Millisecond, redislimit.WithFallbackReport(func(_ string, err error) { got = err }))
	if err := l.Wait(bounded(t), "refused.example"); err != nil {
		t.Fatal(err)
	}
	if got == nil || !strings.Contains(got.Error(), "connection refused") {
		t.Errorf("report = %v, want the dial error", got)
	}
}
