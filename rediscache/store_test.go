package rediscache_test

import (
	"errors"
	"net"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/rediscache"
)

// A value set is read back; a key never set or deleted is ErrCacheMiss;
// every entry carries the store's expiry and prefix.
func TestStoreKeepsBytesUnderKeysWithAnExpiry(t *testing.T) {
	rdb := sharedRedis(t)
	s := rediscache.New(rdb, rediscache.WithTTL(time.Hour), rediscache.WithKeyPrefix("t:"))
	if _, err := s.Get("k"); !errors.Is(err, conduit.ErrCacheMiss) {
		t.Fatalf("Get of a missing key: %v, want ErrCacheMiss", err)
	}
	if err := s.Set("k", []byte("value\x00bytes")); err != nil {
		t.Fatal(err)
	}
	v, err := s.Get("k")
	if err != nil || string(v) != "value\x00bytes" {
		t.Fatalf("Get = %q, %v", v, err)
	}
	ttl := rdb.PTTL(t.Context(), "t:k").Val()
	if ttl <= 59*time.Minute || ttl > time.Hour {
		t.Errorf("expiry %v, want about an hour", ttl)
	}
	if err := s.Delete("k"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("k"); !errors.Is(err, conduit.ErrCacheMiss) {
		t.Errorf("second Delete: %v, want ErrCacheMiss", err)
	}
}

// A Redis that does not answer makes each command fail within the
// timeout, not hang: conduit then asks the service.
func TestStoreGivesUpOnASilentRedis(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0") // accepts, never answers
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	rdb := redis.NewClient(&redis.Options{Addr: ln.Addr().String(), MaxRetries: -1, ContextTimeoutEnabled: true})
	defer rdb.Close()
	s := rediscache.New(rdb, rediscache.WithTimeout(100*time.Millisecond))
	start := time.Now()
	if _, err := s.Get("k"); err == nil || errors.Is(err, conduit.ErrCacheMiss) {
		t.Errorf("Get from a silent Redis: %v, want a failure", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Get took %v", took)
	}
}
