package redislimit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// admitScript counts one send in the sorted set KEYS[1] if fewer than
// ARGV[1] sends lie within the last ARGV[2] microseconds, and answers 0;
// otherwise it counts nothing and answers how many milliseconds remain
// until the oldest leaves the window. ARGV[3] names the send (unique per
// call, so that two sends in one microsecond are two members). Time is
// Redis's. The key expires one window after the last send.
var admitScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local n = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < n then
	redis.call('ZADD', KEYS[1], now, ARGV[3])
	redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000))
	return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
`)

type answer struct {
	ms  int64
	err error
}

// ask runs admitScript for key, bounded by the timeout and by ctx, and
// returns how long to wait before asking again (0: admitted). The call runs
// in its own goroutine so that a client which ignores context deadlines
// cannot hold the caller.
func (l *Limiter) ask(ctx context.Context, key string) (time.Duration, error) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, l.cfg.timeout)
	defer cancel()
	member := l.id + ":" + strconv.FormatUint(l.seq.Add(1), 36)
	done := make(chan answer, 1)
	go func() {
		ms, err := admitScript.Run(ctx, l.rdb, []string{l.Key(key)}, l.n, l.window.Microseconds(), member).Int64()
		done <- answer{ms, err}
	}()
	var a answer
	select {
	case a = <-done:
	case <-ctx.Done():
		select {
		case a = <-done: // an answer that came with the deadline still counts
		default:
			if cause := l.dials.since(start); cause != nil {
				// go-redis goes on dialling until the deadline, which then
				// hides why: the connection was refused.
				return 0, fmt.Errorf("redislimit: Redis did not answer within %v: %w (%w)", l.cfg.timeout, ctx.Err(), cause)
			}
			return 0, fmt.Errorf("redislimit: Redis did not answer within %v: %w", l.cfg.timeout, ctx.Err())
		}
	}
	if a.err != nil {
		if cause := l.dials.since(start); cause != nil && errors.Is(a.err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("redislimit: Redis did not answer within %v: %w (%w)", l.cfg.timeout, a.err, cause)
		}
		return 0, fmt.Errorf("redislimit: %w", a.err)
	}
	// The reply decides whether a caller may send, so one out of range (a
	// Redis or proxy that answers -1, or a number that would overflow the
	// wait into a negative duration) is a failure, which falls back to the
	// local limit, and never an admission.
	if a.ms < 0 || a.ms > l.window.Milliseconds()+1 {
		return 0, fmt.Errorf("redislimit: Redis answered %d, not a wait of 0 to %d ms", a.ms, l.window.Milliseconds()+1)
	}
	return time.Duration(a.ms) * time.Millisecond, nil
}

// dialWatch is a go-redis hook that keeps the latest dial error, so that a
// timeout can say what went wrong.
type dialWatch struct {
	mu   sync.Mutex
	err  error
	when time.Time
}

func (w *dialWatch) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := next(ctx, network, addr)
		if err != nil {
			w.mu.Lock()
			w.err, w.when = err, time.Now()
			w.mu.Unlock()
		}
		return conn, err
	}
}

func (w *dialWatch) ProcessHook(next redis.ProcessHook) redis.ProcessHook { return next }

func (w *dialWatch) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// since returns the latest dial error if it came after t.
func (w *dialWatch) since(t time.Time) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil || w.when.Before(t) {
		return nil
	}
	return w.err
}
