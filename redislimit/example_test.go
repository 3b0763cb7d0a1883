package redislimit_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/conduit-sdk/conduit/redislimit"
	"github.com/redis/go-redis/v9"
)

// Two processes (here two limiters) on one Redis share SEC's budget. With
// conduit's WithLimiter the client calls Wait itself before each request.
func ExampleNew() {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
	defer rdb.Close()
	a, err := redislimit.New(rdb, 2, time.Hour, redislimit.WithKeyPrefix("example:"), redislimit.WithReplicas(2))
	if err != nil {
		log.Fatal(err)
	}
	b, err := redislimit.New(rdb, 2, time.Hour, redislimit.WithKeyPrefix("example:"), redislimit.WithReplicas(2))
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Start from a full budget: Key names where it lives.
	if err := rdb.Del(ctx, a.Key("data.sec.gov")).Err(); err != nil {
		log.Fatal(err)
	}
	for _, l := range []*redislimit.Limiter{a, b, a} {
		err := l.Wait(ctx, "data.sec.gov")
		fmt.Println(err == nil, errors.Is(err, context.DeadlineExceeded))
	}
	fmt.Println(a.Key("data.sec.gov"))
	// Output:
	// true false
	// true false
	// false true
	// example:{data.sec.gov}:2/1h0m0s
}
