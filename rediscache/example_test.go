package rediscache_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/rediscache"
)

// Two clients with their own Redis connections, as two processes would
// have, share one cache: the rates the first fetched are served to the
// second from Redis, without a request. (The stand-in feed adds the
// Cache-Control a feed sends; the service's headers decide what is kept.)
func ExampleNew() {
	srv := conduittest.Start()
	defer srv.Close()
	target, _ := url.Parse(srv.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		r.Header.Set("Cache-Control", "public, max-age=300")
		return nil
	}
	feed := httptest.NewServer(proxy)
	defer feed.Close()

	for range 2 {
		rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
		defer rdb.Close()
		cache := rediscache.New(rdb, rediscache.WithKeyPrefix("example:"+feed.URL+":"))
		c, err := fxref.New(append(srv.OptionsAt("fxref", feed.URL), conduit.WithCache(cache))...)
		if err != nil {
			log.Fatal(err)
		}
		var r conduit.Response
		if _, err := c.Latest(context.Background(), nil, conduit.WithResponse(&r)); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("attempts %d, cache %q\n", r.Attempts, r.Cache)
	}
	// Output:
	// attempts 1, cache "fetched"
	// attempts 0, cache "hit"
}
