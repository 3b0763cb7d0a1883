package transport

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// cachedGet makes one read of /rates and returns what Response said.
func cachedGet(t *testing.T, c *Client, opts ...conduit.Option) conduit.Response {
	t.Helper()
	var it item
	var r conduit.Response
	require.NoError(t, into(bg, c, get("/rates"), Call{}, &it, append(opts, conduit.WithResponse(&r))...))
	require.Equal(t, int64(1), it.ID)
	return r
}

func cacheAnswer(h http.Header, status int) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range h {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status != http.StatusNotModified {
			w.Write([]byte(`{"id":1}`))
		}
	}
}

// A fresh answer (max-age) is served from the store: nothing is sent, so
// a limiter that allows one request an hour does not hold the second call.
func TestCacheServesFreshAnswerWithoutSpendingBudget(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"public, max-age=600"}}, 200))
	c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)), conduit.WithRateLimit(1, time.Hour))
	first := cachedGet(t, c)
	ctx, cancel := context.WithTimeout(bg, time.Second)
	defer cancel()
	var it item
	var second conduit.Response
	require.NoError(t, into(ctx, c, get("/rates"), Call{}, &it, conduit.WithResponse(&second)))
	assert.Equal(t, conduit.CacheFetched, first.Cache)
	assert.Equal(t, 1, first.Attempts)
	assert.Equal(t, conduit.CacheHit, second.Cache)
	assert.Equal(t, 0, second.Attempts)
	assert.Equal(t, 200, second.StatusCode)
	assert.Empty(t, second.Header.Get("X-Httpcache-Status"))
	assert.Equal(t, int32(1), srv.hits.Load())
}

// A stored answer with a validator is revalidated with a conditional
// request; a 304 makes the stored body the result.
func TestCacheRevalidatesWithValidators(t *testing.T) {
	for name, tc := range map[string]struct {
		validator, condition, value string
	}{
		"etag":          {"ETag", "If-None-Match", `"v1"`},
		"last-modified": {"Last-Modified", "If-Modified-Since", "Mon, 25 Nov 2024 16:00:00 GMT"},
	} {
		t.Run(name, func(t *testing.T) {
			srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get(tc.condition) == tc.value {
					cacheAnswer(http.Header{tc.validator: {tc.value}, "Cache-Control": {"no-cache"}}, http.StatusNotModified)(w, r)
					return
				}
				cacheAnswer(http.Header{tc.validator: {tc.value}, "Cache-Control": {"no-cache"}}, 200)(w, r)
			})
			c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
			assert.Equal(t, conduit.CacheFetched, cachedGet(t, c).Cache)
			second := cachedGet(t, c)
			assert.Equal(t, conduit.CacheRevalidated, second.Cache)
			assert.Equal(t, 1, second.Attempts)
			r, _ := srv.last()
			assert.Equal(t, tc.value, r.Header.Get(tc.condition))
			assert.Equal(t, int32(2), srv.hits.Load())
		})
	}
}

// no-store keeps an answer out of the store; writes and clients without a
// store are never served from one.
func TestCacheStoresOnlyWhatItMay(t *testing.T) {
	t.Run("no-store", func(t *testing.T) {
		srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"no-store, max-age=600"}}, 200))
		c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
		cachedGet(t, c)
		assert.Equal(t, conduit.CacheFetched, cachedGet(t, c).Cache)
		assert.Equal(t, int32(2), srv.hits.Load())
	})
	t.Run("off by default", func(t *testing.T) {
		srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"max-age=600"}}, 200))
		c := newOpen(t, srv.URL)
		cachedGet(t, c)
		cachedGet(t, c)
		assert.Equal(t, int32(2), srv.hits.Load())
	})
	t.Run("write", func(t *testing.T) {
		srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"max-age=600"}}, 200))
		c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
		require.NoError(t, send(bg, c, post("/rates"), Call{}))
		require.NoError(t, send(bg, c, post("/rates"), Call{}))
		assert.Equal(t, int32(2), srv.hits.Load())
	})
}

// Vary keeps one entry per value of the headers it names.
func TestCacheHonoursVary(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"max-age=600"}, "Vary": {"Accept-Language"}}, 200))
	c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
	en, fr := conduit.WithHeader("Accept-Language", "en"), conduit.WithHeader("Accept-Language", "fr")
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, c, en).Cache)
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, c, fr).Cache)
	assert.Equal(t, conduit.CacheHit, cachedGet(t, c, en).Cache)
	assert.Equal(t, int32(2), srv.hits.Load())
}

// A credentialed read is cached only where the service allows it, and
// then two credentials never share an entry, even in one store.
func TestCacheKeepsCredentialsApart(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"private, max-age=600"}}, 200))
	store := conduit.NewMemoryCache(1 << 20)
	keyed := func(allow bool, key string) *Client {
		svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
		svc.CacheCredentialed = allow
		return newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", key), conduit.WithCache(store))
	}
	refused := keyed(false, "k-one")
	cachedGet(t, refused)
	assert.Equal(t, conduit.CacheNone, cachedGet(t, refused).Cache, "the service does not allow it: no cache took part")

	one, two, oneAgain := keyed(true, "k-one"), keyed(true, "k-two"), keyed(true, "k-one")
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, one).Cache)
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, two).Cache, "another credential")
	assert.Equal(t, conduit.CacheHit, cachedGet(t, oneAgain).Cache, "the same credential, another client")
	assert.Equal(t, int32(4), srv.hits.Load())
}

// A middleware sees a cached answer as a call that made no attempt.
func TestMiddlewareSeesCacheStatus(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"max-age=600"}}, 200))
	var seen []conduit.CallInfo
	watch := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		resp, err := next(req)
		seen = append(seen, *conduit.CallInfoOf(req.Context()))
		return resp, err
	}
	c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)), conduit.WithMiddleware(watch))
	cachedGet(t, c)
	cachedGet(t, c)
	require.Len(t, seen, 2)
	assert.Equal(t, conduit.CacheFetched, seen[0].Cache)
	assert.Equal(t, 1, seen[0].Attempts)
	assert.Equal(t, conduit.CacheHit, seen[1].Cache)
	assert.Equal(t, 0, seen[1].Attempts)
}

// Response.Cache tells a call no cache took part in (no WithCache, or a
// call that is never cached) from one the cache was asked about and the
// service answered.
func TestCacheStatusTellsOffFromFetched(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"public, max-age=600"}}, 200))
	assert.Equal(t, conduit.CacheNone, cachedGet(t, newOpen(t, srv.URL)).Cache, "no WithCache")

	c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, c).Cache, "asked, not held")
	assert.Equal(t, conduit.CacheHit, cachedGet(t, c).Cache)
	var it item
	var w conduit.Response
	require.NoError(t, into(bg, c, post("/rates"), Call{}, &it, conduit.WithResponse(&w)))
	assert.Equal(t, conduit.CacheNone, w.Cache, "a write is never cached")
	assert.NotEqual(t, conduit.CacheNone, conduit.CacheFetched)
}
