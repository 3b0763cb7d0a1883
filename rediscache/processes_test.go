package rediscache_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/rediscache"
)

// childEnv names the feed a child process reads rates from; set, the test
// binary runs as that child.
const childEnv = "REDISCACHE_CHILD_FEED"

// feed is the fake's Frankfurter behind a front that adds the caching
// headers a feed sends, and counts the requests that reach it.
func feed(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	srv := conduittest.Start()
	t.Cleanup(srv.Close)
	target, _ := url.Parse(srv.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		r.Header.Set("Cache-Control", "public, max-age=300")
		return nil
	}
	var hits atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	return front.URL, &hits
}

// Three processes, one after another, read the same rates through one
// Redis: the first fetches them, the other two are served from the cache,
// and the feed sees one request.
func TestProcessesShareOneCache(t *testing.T) {
	sharedRedis(t)
	url, hits := feed(t)
	var got []string
	for i := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+url)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child %d: %v\n%s", i, err, out)
		}
		got = append(got, strings.TrimSpace(string(out)))
	}
	want := []string{"fetched 1", "hit 0", "hit 0"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("children said %q, want %q", got, want)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("the feed saw %d requests, want 1", n)
	}
}

// runChild is one process: it reads the rates once through the shared
// Redis and prints where the answer came from and the attempts it took.
func runChild() int {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	defer rdb.Close()
	opts := conduittest.Start().OptionsAt("fxref", os.Getenv(childEnv))
	c, err := fxref.New(append(opts, conduit.WithCache(rediscache.New(rdb)))...)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	var r conduit.Response
	if _, err := c.Latest(context.Background(), &fxref.RatesParams{Base: "EUR"}, conduit.WithResponse(&r)); err != nil {
		fmt.Println(err)
		return 1
	}
	status := string(r.Cache)
	if status == "" {
		status = "fetched"
	}
	fmt.Println(status, r.Attempts)
	return 0
}
