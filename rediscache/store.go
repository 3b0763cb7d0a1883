package rediscache

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
)

// Store is a conduit.CacheStore in Redis. It is safe for concurrent use.
type Store struct {
	rdb     redis.UniversalClient
	prefix  string
	ttl     time.Duration
	timeout time.Duration
}

var _ conduit.CacheStore = (*Store)(nil)

// Option configures New.
type Option func(*Store)

// WithKeyPrefix replaces "conduit:cache:", to keep several caches apart in
// one Redis.
func WithKeyPrefix(p string) Option { return func(s *Store) { s.prefix = p } }

// WithTTL sets the Redis expiry of each entry (default 24h; 0 keeps entries
// until Redis evicts them). It bounds how long an entry nobody asks for
// again stays; it never makes an answer fresh longer than the service said.
func WithTTL(d time.Duration) Option { return func(s *Store) { s.ttl = d } }

// WithTimeout bounds each Redis command (default 500ms): a cache that
// answers slower than that is worth less than asking the service.
func WithTimeout(d time.Duration) Option { return func(s *Store) { s.timeout = d } }

// New returns a store on rdb.
func New(rdb redis.UniversalClient, opts ...Option) *Store {
	s := &Store{rdb: rdb, prefix: "conduit:cache:", ttl: 24 * time.Hour, timeout: 500 * time.Millisecond}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

func (s *Store) ctx() (context.Context, context.CancelFunc) {
	if s.timeout <= 0 {
		return context.Background(), func() {}
	}
	return context.WithTimeout(context.Background(), s.timeout)
}

// Get returns the value under key, or conduit.ErrCacheMiss.
func (s *Store) Get(key string) ([]byte, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	v, err := s.rdb.Get(ctx, s.prefix+key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, conduit.ErrCacheMiss
	}
	return v, err
}

// Set stores value under key with the store's expiry.
func (s *Store) Set(key string, value []byte) error {
	ctx, cancel := s.ctx()
	defer cancel()
	return s.rdb.Set(ctx, s.prefix+key, value, s.ttl).Err()
}

// Delete removes key, or returns conduit.ErrCacheMiss if it was not there.
func (s *Store) Delete(key string) error {
	ctx, cancel := s.ctx()
	defer cancel()
	n, err := s.rdb.Del(ctx, s.prefix+key).Result()
	if err == nil && n == 0 {
		return conduit.ErrCacheMiss
	}
	return err
}
