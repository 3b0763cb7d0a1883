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
	return feedWith(t, "public, max-age=300")
}

// feedWith is feed with the Cache-Control given.
func feedWith(t *testing.T, cacheControl string) (string, *atomic.Int32) {
	t.Helper()
	srv := conduittest.Start()
	t.Cleanup(srv.Close)
	target, _ := url.Parse(srv.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		r.Header.Set("Cache-Control", cacheControl)
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

// tokenEnv names the token a child's middleware adds to its requests, as
// a gateway's per-user middleware would.
const tokenEnv = "REDISCACHE_CHILD_TOKEN"

// children runs one child process per token in turn against url and
// returns what each said.
func children(t *testing.T, url string, tokens ...string) []string {
	t.Helper()
	var got []string
	for i, tok := range tokens {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+url, tokenEnv+"="+tok)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child %d: %v\n%s", i, err, out)
		}
		got = append(got, strings.TrimSpace(string(out)))
	}
	return got
}

// Two processes on one Redis, each adding its own user's token in a
// middleware, never get each other's answer, even one the feed calls
// public; and a private answer is never stored in Redis, which every
// process shares (RFC 9111 §3.5, §5.2.2.7).
func TestProcessesNeverShareACredentialedAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, cacheControl string
		tokens             []string
	}{
		{"tokens, public", "public, max-age=300", []string{"tok-1", "tok-2"}},
		{"tokens, private", "private, max-age=300", []string{"tok-1", "tok-2"}},
		{"no token, private", "private, max-age=300", []string{"", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rdb := sharedRedis(t)
			url, hits := feedWith(t, tc.cacheControl)
			got := children(t, url, tc.tokens...)
			if want := []string{"fetched 1", "fetched 1"}; strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("children said %q, want %q", got, want)
			}
			if n := hits.Load(); n != 2 {
				t.Errorf("the feed saw %d requests, want 2", n)
			}
			if keys, err := rdb.Keys(t.Context(), "*").Result(); err != nil || len(keys) != 0 {
				t.Errorf("Redis holds %q (%v), want nothing", keys, err)
			}
		})
	}
}

// runChild is one process: it reads the rates once through the shared
// Redis and prints where the answer came from and the attempts it took.
func runChild() int {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	defer rdb.Close()
	opts := conduittest.Start().OptionsAt("fxref", os.Getenv(childEnv))
	opts = append(opts, conduit.WithCache(rediscache.New(rdb)))
	if tok := os.Getenv(tokenEnv); tok != "" {
		opts = append(opts, conduit.WithMiddleware(func(req *http.Request, next conduit.Next) (*http.Response, error) {
			req.Header.Set("Authorization", "Bearer "+tok)
			return next(req)
		}))
	}
	c, err := fxref.New(opts...)
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
