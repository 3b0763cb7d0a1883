package redislimit_test

import (
	"os"
	"testing"

	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// TestMain runs a child process of the multi-process tests when asked to,
// and otherwise starts the redis-server that the tests and the example
// share (REDIS_ADDR); tests that stop or kill Redis start their own
// (redistest.Start).
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	if os.Getenv(bucketChildEnv) != "" {
		os.Exit(runBucketChild())
	}
	os.Exit(redistest.Main(m, "redislimit"))
}

// sharedRedis connects to the package's shared server, emptied first so
// that no earlier test (or -count run) has used the budgets this one needs.
func sharedRedis(t *testing.T) *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.FlushDB(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	return rdb
}
