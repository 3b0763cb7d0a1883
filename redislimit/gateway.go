package redislimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// GatewayLimits keeps a chat bot's gateway limits in Redis, shared by every
// process that runs shards of the bot: it is both a chat.IdentifyGate (at
// most max_concurrency IDENTIFYs per 5 s, one slot per bucket
// shard_id % max_concurrency) and a chat.SessionStarts (never more session
// starts than session_start_limit.remaining, however many processes read
// it at once). Give it to each gateway:
//
//	lim, err := redislimit.NewGatewayLimits(rdb)
//	gw, err := c.Gateway(&chat.GatewayParams{ShardID: id, ShardCount: n, Identify: lim, Starts: lim})
//
// Both are one Lua script each, on Redis's clock, so every process sees
// one order. chat names the keys with a hash of the token, never the token.
// When Redis fails or is slower than WithTimeout, the gateway gets the
// error and tries again after its reconnect wait: it never identifies
// without a slot.
type GatewayLimits struct {
	rdb redis.UniversalClient
	cfg config
}

// NewGatewayLimits returns the gateway limits on rdb. WithKeyPrefix
// (default "conduit:gateway:") and WithTimeout (default 250ms) apply.
func NewGatewayLimits(rdb redis.UniversalClient, opts ...Option) (*GatewayLimits, error) {
	if rdb == nil {
		return nil, errors.New("redislimit: rdb is nil")
	}
	cfg := config{prefix: "conduit:gateway:", timeout: 250 * time.Millisecond, replicas: 1}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	return &GatewayLimits{rdb: rdb, cfg: cfg}, nil
}

func (g *GatewayLimits) key(k string) []string { return []string{g.cfg.prefix + "{" + k + "}"} }

// Reserve claims the next slot of key, at least every after the slot
// before it, and returns how long until it comes; the caller identifies
// then. Slots are handed out in the order the calls reach Redis.
func (g *GatewayLimits) Reserve(ctx context.Context, key string, every time.Duration) (time.Duration, error) {
	if every <= 0 {
		return 0, fmt.Errorf("redislimit: the identify spacing must be positive, got %v", every)
	}
	return g.run(ctx, slotScript, key, every.Microseconds())
}

// Start takes one session start from key's budget (remaining until
// resetAfter has passed, as GatewayBot said) and returns 0, or how long
// until the budget resets once it is spent. Within a window the budget only
// falls: the lower of what is stored and remaining.
func (g *GatewayLimits) Start(ctx context.Context, key string, remaining int, resetAfter time.Duration) (time.Duration, error) {
	return g.run(ctx, startScript, key, remaining, max(resetAfter.Microseconds(), 1))
}

func (g *GatewayLimits) run(ctx context.Context, s *redis.Script, key string, args ...any) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, g.cfg.timeout)
	defer cancel()
	us, err := s.Run(ctx, g.rdb, g.key(key), args...).Int64()
	if err != nil {
		return 0, fmt.Errorf("redislimit: %w", err)
	}
	if us < 0 || us > maxMillis*1000 {
		return 0, fmt.Errorf("redislimit: the gateway script answered %d µs, outside 0..%d", us, maxMillis*1000)
	}
	return time.Duration(us) * time.Microsecond, nil
}

// slotScript: KEYS[1] holds the time of key's next free slot; ARGV[1] the
// spacing in microseconds. It answers the microseconds until the slot it
// claims.
var slotScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local every = tonumber(ARGV[1])
local at = tonumber(redis.call('GET', KEYS[1]) or '0')
if at < now then at = now end
redis.call('SET', KEYS[1], at + every, 'PX', math.ceil((at + every - now) / 1000) + 1000)
return at - now
`)

// startScript: KEYS[1] a hash of the starts left and when they reset;
// ARGV[1] the starts the platform says are left, ARGV[2] microseconds until
// they reset. A window that has ended starts over from ARGV. It answers 0
// after taking a start, or the microseconds until the reset.
var startScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local said, after = tonumber(ARGV[1]), tonumber(ARGV[2])
local cur = redis.call('HMGET', KEYS[1], 'left', 'reset')
local left, reset = tonumber(cur[1]), tonumber(cur[2])
if not left or not reset or reset <= now then
  left, reset = said, now + after
end
if said < left then left = said end
local wait = 0
if left <= 0 then
  left, wait = 0, math.max(reset - now, 1)
else
  left = left - 1
end
redis.call('HSET', KEYS[1], 'left', left, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], math.ceil((reset - now) / 1000) + 1000)
return wait
`)
