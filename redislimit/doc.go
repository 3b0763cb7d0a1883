// Package redislimit shares one conduit rate limit between processes through
// Redis, for deployments where several replicas act as one requester: SEC's
// 10 requests in any second per requester, AniList's 90 a minute per
// address. It is a module of its own so that conduit itself needs no Redis
// client.
//
// A *Limiter is a conduit.Limiter. Handed to a client
// (filings.New(conduit.WithLimiter(l))), it holds every process that
// uses the same Redis, key and limit to at most n sends in any window. It can
// also be asked directly:
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379", ContextTimeoutEnabled: true})
//	l, err := redislimit.New(rdb, 10, time.Second, redislimit.WithReplicas(4))
//	if err != nil {
//		return err
//	}
//	if err := l.Wait(ctx, "data.sec.gov"); err != nil {
//		return err // ctx ended first; nothing was counted
//	}
//	// send the request now
//
// # Algorithm
//
// Each limit is a sorted set in Redis, "conduit:limit:{data.sec.gov}:10/1s"
// (the prefix is WithKeyPrefix; the braces, a Redis Cluster hash tag, keep
// every limit of one host on one node), whose members are the sends of the last window scored by their
// time. One Lua script, atomic in Redis, drops the members that have left
// the window, and either adds the caller's send or answers how long until
// the oldest leaves. The time is Redis's own (TIME), so the callers' clocks
// never matter; this needs Redis 5 or newer, which replicates a script by
// its effects and so lets it write after reading the clock. The window is
// per plus 4%, as in conduit.NewLimiter: that spare lets a request take a
// little longer on its way to the server than the one n places before it,
// and the server still sees n or fewer in any window of per. A caller whose
// context ends while it waits has added nothing. A call abandoned while
// Redis was answering may have been counted: the error is always toward
// sending less.
//
// github.com/go-redis/redis_rate (v10.0.1) was measured first and not used
// (TestRedisRateWindow shows it against a real redis-server). Its GCRA is a
// token bucket: with the burst its PerSecond(10) sets, it admitted 19 sends
// in one sliding second, the burst of 10 and then one every 100ms. With a
// burst of 1 it holds 10 in any second, but only by spacing every send
// 100ms apart, so 10 concurrent calls take 0.9s instead of going at once,
// and it has no spare for transit.
//
// # When Redis is down or slow
//
// Each Redis call is bounded by WithTimeout (default 250ms) and by the
// caller's context, so Wait never outlasts the context, however Redis
// fails; the call runs in its own goroutine, which go-redis ends at its own
// read timeout (sooner with ContextTimeoutEnabled).
//
// When a call fails, the limiter reports the error to WithFallbackReport
// and falls back to a limit in the process of n/replicas per window
// (rounded down, at least 1; WithReplicas, default 1). Replicas that all
// fall back then send at most n per window together. Rounding up would let
// them exceed it: 4 replicas at ceil(10/4) = 3 send 12. Since a process
// cannot know what the others sent before Redis failed, its first fallback
// send waits one full window from the failure, so the window that holds the
// last sends through Redis holds none of the fallback's. While on the
// fallback it asks Redis again at most once a second (one caller asks; the
// others keep to the fallback), and returns to Redis when it answers.
//
// Two cases exceed n, and only for about a window: when Redis is slow for
// some processes and not others, those that fell back add their share to
// what Redis admits; and when Redis comes back, it does not know what the
// fallback sent in the last window. With more replicas than n each replica
// keeps 1 per window, and together they can send up to replicas per window.
package redislimit
