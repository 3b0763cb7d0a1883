package redislimit

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/redis/go-redis/v9"
)

// Limiter is a conduit.Limiter whose budget lives in Redis, shared by every
// process that uses the same Redis, key prefix, key and limit.
type Limiter struct {
	rdb    redis.UniversalClient
	n      int
	per    time.Duration
	window time.Duration // per plus the transit spare
	cfg    config
	id     string // this Limiter's part of every member it adds
	seq    atomic.Uint64
	local  conduit.Limiter
	dials  *dialWatch

	mu       sync.Mutex
	down     bool
	quietTil time.Time // the fallback's first send waits for this
	probeAt  time.Time // when one caller may ask Redis again
}

var _ conduit.Limiter = (*Limiter)(nil)

// transitShare matches conduit.NewLimiter: the window is per + per/25.
const transitShare = 25

// probeEvery is how often a limiter on the fallback asks Redis again.
const probeEvery = time.Second

// New returns a Limiter of at most n sends per window of length per for
// each key, kept in rdb. Processes share a budget when they use the same
// Redis, key prefix, key and limit: a different n or per is a different
// budget.
func New(rdb redis.UniversalClient, n int, per time.Duration, opts ...Option) (*Limiter, error) {
	switch {
	case rdb == nil:
		return nil, errors.New("redislimit: rdb is nil")
	case n <= 0:
		return nil, fmt.Errorf("redislimit: n must be positive, got %d", n)
	case per < time.Millisecond:
		return nil, fmt.Errorf("redislimit: per must be at least 1ms, got %v", per)
	}
	cfg := config{prefix: "conduit:limit:", timeout: 250 * time.Millisecond, replicas: 1}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	dials := &dialWatch{}
	rdb.AddHook(dials)
	return &Limiter{
		dials:  dials,
		rdb:    rdb,
		n:      n,
		per:    per,
		window: per + per/transitShare,
		cfg:    cfg,
		id:     rand.Text(),
		local:  conduit.NewLimiter(max(1, n/cfg.replicas), per),
	}, nil
}

// Key is the Redis key that holds the sends under key, e.g.
// "conduit:limit:{data.sec.gov}:10/1s", for an operator who wants to look
// at a budget or clear it.
func (l *Limiter) Key(key string) string {
	return l.cfg.prefix + "{" + key + "}:" + strconv.Itoa(l.n) + "/" + l.per.String()
}

// Wait blocks until one more request under key may be sent now, and counts
// it as sent; see conduit.Limiter for the contract and the package doc for
// what happens when Redis fails.
func (l *Limiter) Wait(ctx context.Context, key string) error {
	for {
		if err := ctx.Err(); err != nil {
			return gaveUp(key, err)
		}
		if !l.useRedis(time.Now()) {
			return l.fallback(ctx, key)
		}
		wait, err := l.ask(ctx, key)
		if err != nil {
			if ctx.Err() != nil {
				return gaveUp(key, ctx.Err())
			}
			l.failed(key, err)
			return l.fallback(ctx, key)
		}
		l.recovered()
		if wait <= 0 {
			return nil
		}
		if err := sleep(ctx, key, wait); err != nil {
			return err
		}
	}
}

// useRedis tells a caller whether to ask Redis: always while it answers,
// and on the fallback one caller per probeEvery.
func (l *Limiter) useRedis(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.down || now.Before(l.probeAt) {
		return !l.down
	}
	l.probeAt = now.Add(probeEvery)
	return true
}

func (l *Limiter) failed(key string, err error) {
	now := time.Now()
	l.mu.Lock()
	if !l.down {
		l.down, l.quietTil = true, now.Add(l.window)
	}
	l.probeAt = now.Add(probeEvery)
	l.mu.Unlock()
	if l.cfg.report != nil {
		l.cfg.report(key, err)
	}
}

func (l *Limiter) recovered() {
	l.mu.Lock()
	l.down = false
	l.mu.Unlock()
}

// fallback admits through the in-process limit, once the window that may
// hold sends admitted through Redis has passed.
func (l *Limiter) fallback(ctx context.Context, key string) error {
	l.mu.Lock()
	quiet := time.Until(l.quietTil)
	l.mu.Unlock()
	if err := sleep(ctx, key, quiet); err != nil {
		return err
	}
	return l.local.Wait(ctx, key)
}

// sleep waits d unless ctx ends first; a d that passes ctx's deadline fails
// at once.
func sleep(ctx context.Context, key string, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		return fmt.Errorf("redislimit: the rate limit for %s needs a wait of %v, past the context's deadline: %w",
			key, d.Round(time.Millisecond), context.DeadlineExceeded)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return gaveUp(key, ctx.Err())
	}
}

func gaveUp(key string, err error) error {
	return fmt.Errorf("redislimit: waiting for the rate limit for %s: %w", key, err)
}
