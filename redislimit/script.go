package redislimit

import (
	"context"
	"fmt"
	"strconv"
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
			return 0, fmt.Errorf("redislimit: Redis did not answer within %v: %w", l.cfg.timeout, ctx.Err())
		}
	}
	if a.err != nil {
		return 0, fmt.Errorf("redislimit: %w", a.err)
	}
	return time.Duration(a.ms) * time.Millisecond, nil
}
