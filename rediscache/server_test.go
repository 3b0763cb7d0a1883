package rediscache_test

import (
	"os"
	"testing"

	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// TestMain runs a child process of the multi-process test when asked to,
// and otherwise starts the redis-server the tests share (REDIS_ADDR).
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	os.Exit(redistest.Main(m, "rediscache"))
}

// sharedRedis connects to the tests' server, emptied first.
func sharedRedis(t *testing.T) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.FlushDB(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	return rdb
}
