package redislimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
)

// Buckets is a conduit.BucketStore in Redis: the rate-limit buckets and
// the global limit a service reports per credential (Discord's, per bot
// token), shared by every process that sends with that credential, as a
// sharded bot's processes must be. Give it to a client with
// conduit.WithBucketStore:
//
//	b, err := redislimit.NewBuckets(rdb)
//	c, err := chat.New(chat.WithBotToken(token), conduit.WithBucketStore(b))
//
// Each bucket is a Redis hash, "conduit:buckets:{<scope>}:<bucket>", with
// the requests left and the time it resets; the global limit is a key
// beside it. conduit names scope and bucket with hashes, so no token,
// webhook token or channel id is stored. A reservation is one Lua script:
// it reads Redis's clock, waits for the global limit and the bucket, and
// takes a request from the bucket, in one step for every process at once.
// The braces, a Redis Cluster hash tag, keep a credential's keys on one
// node. Keys expire a minute after their bucket resets.
//
// When Redis fails or is slower than WithTimeout, the client's own buckets
// decide for that request, as they do without a store.
type Buckets struct {
	rdb redis.UniversalClient
	cfg config
}

var _ conduit.BucketStore = (*Buckets)(nil)

// NewBuckets returns a bucket store on rdb. WithKeyPrefix (default
// "conduit:buckets:") and WithTimeout (default 250ms) apply; WithReplicas
// and WithFallbackReport do not.
func NewBuckets(rdb redis.UniversalClient, opts ...Option) (*Buckets, error) {
	if rdb == nil {
		return nil, errors.New("redislimit: rdb is nil")
	}
	cfg := config{prefix: "conduit:buckets:", timeout: 250 * time.Millisecond, replicas: 1}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	return &Buckets{rdb: rdb, cfg: cfg}, nil
}

func (b *Buckets) keys(scope, bucket string) []string {
	tag := b.cfg.prefix + "{" + scope + "}:"
	return []string{tag + bucket, tag + "global"}
}

// probeHold is how long the others wait for the answer to the one request
// that goes once a spent bucket has reset, should it never be recorded.
const probeHold = time.Second

// windowSlack is how far apart two answers' resets may be and still
// describe one window: the time between the service computing them and
// Redis storing them.
const windowSlack = 250 * time.Millisecond

// maxMillis bounds what is stored: a wait a hostile header makes absurd is
// a week, which every caller's maximum wait already refuses.
const maxMillis = int64(7 * 24 * time.Hour / time.Millisecond)

func millis(d time.Duration) int64 { return min(d.Milliseconds(), maxMillis) }

// Reserve takes one request from bucket unless it or the scope's global
// limit is spent, and otherwise returns how long until it resets.
func (b *Buckets) Reserve(ctx context.Context, scope, bucket string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, b.cfg.timeout)
	defer cancel()
	ms, err := reserveScript.Run(ctx, b.rdb, b.keys(scope, bucket), probeHold.Milliseconds()).Int64()
	if err != nil {
		return 0, err
	}
	if ms < 0 || ms > maxMillis {
		return 0, fmt.Errorf("redislimit: the bucket script answered %d ms, outside 0..%d", ms, maxMillis)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// Record stores what an answer said about bucket, and a global wait.
func (b *Buckets) Record(ctx context.Context, scope, bucket string, s conduit.BucketState) error {
	ctx, cancel := context.WithTimeout(ctx, b.cfg.timeout)
	defer cancel()
	return recordScript.Run(ctx, b.rdb, b.keys(scope, bucket), s.Remaining, millis(s.ResetAfter), millis(s.Global), windowSlack.Milliseconds()).Err()
}

// reserveScript: KEYS[1] the bucket, KEYS[2] the global limit, ARGV[1]
// the probe hold. It answers 0 after taking a request, or the milliseconds
// until the later of the two resets. Once a bucket's window has ended,
// spent or not (what was left of it says nothing of the next), its new
// budget is unknown until an answer tells it: one request goes, and the
// others wait for that answer (at most the probe hold), instead of all
// going at once.
var reserveScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
local g = tonumber(redis.call('GET', KEYS[2]) or '0')
if g > now then wait = g - now end
local rem = redis.call('HGET', KEYS[1], 'remaining')
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if rem and tonumber(rem) <= 0 and reset - now > wait then wait = reset - now end
if wait > 0 then return wait end
if rem and reset <= now then
  redis.call('HSET', KEYS[1], 'remaining', 0, 'reset', now + tonumber(ARGV[1]), 'probe', now)
elseif rem then
  redis.call('HINCRBY', KEYS[1], 'remaining', -1)
end
return 0
`)

// recordScript: ARGV remaining (-1: not said), reset-after and global wait
// in milliseconds (0: not said), and how far apart two resets may be and
// still be one window. Answers reach Redis out of order, so an answer is
// read against what is stored: one from a window that has ended (its reset
// well before the stored one) is ignored, and within one window the budget
// only falls, since the store took a request for every one in flight. The
// answer to the request that went once the bucket reset (the probe) starts
// the new window whatever it says; while the probe is out, an answer whose
// reset falls before the probe went (a late answer from the window before)
// is ignored, or it would end the wait for the probe and let the others go
// into a window the probe has begun to spend. A global wait only ever moves
// later.
var recordScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local r, ra, g, slack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local cur = redis.call('HMGET', KEYS[1], 'remaining', 'reset', 'probe')
local curRem, curReset, probe = tonumber(cur[1]), tonumber(cur[2] or '0'), tonumber(cur[3])
local newReset = 0
if ra > 0 then newReset = now + ra end
local live = curReset > now and not probe
local stale = (live and newReset > 0 and newReset + slack < curReset)
  or (probe and curReset > now and newReset <= probe + slack)
if not stale then
  if r >= 0 and live and curRem and math.abs(newReset - curReset) <= slack and r > curRem then r = curRem end
  if r >= 0 then redis.call('HSET', KEYS[1], 'remaining', r) end
  if newReset > 0 then redis.call('HSET', KEYS[1], 'reset', newReset) end
  if probe and (r >= 0 or newReset > 0) then redis.call('HDEL', KEYS[1], 'probe') end
  if r >= 0 or ra > 0 then redis.call('PEXPIRE', KEYS[1], ra + 60000) end
end
if g > 0 then
  local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
  if now + g > cur then redis.call('SET', KEYS[2], now + g, 'PX', g) end
end
return 0
`)
