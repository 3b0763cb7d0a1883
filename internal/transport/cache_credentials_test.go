package transport

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// perToken answers /rates with the id of the token it was sent (0 for
// none), fresh for ten minutes, with the Cache-Control given.
func perToken(cc string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := 0
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer tok-"); ok {
			id, _ = strconv.Atoi(tok)
		}
		if v := r.Header.Get("X-Api-Key"); v != "" {
			id, _ = strconv.Atoi(strings.TrimPrefix(v, "key-"))
		}
		if c, err := r.Cookie("session"); err == nil {
			id, _ = strconv.Atoi(c.Value)
		}
		w.Header().Set("Cache-Control", cc)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":` + strconv.Itoa(id) + `}`))
	}
}

// tokenKey carries the user a call is made for, as a per-user middleware
// reads it.
type tokenKey struct{}

// bearer adds the token of the call's user, as a middleware for a
// gateway in front of an open service would.
func bearer(req *http.Request, next conduit.Next) (*http.Response, error) {
	if u, ok := req.Context().Value(tokenKey{}).(int); ok {
		req.Header.Set("Authorization", "Bearer tok-"+strconv.Itoa(u))
	}
	return next(req)
}

// readAs reads /rates for user and returns the id the answer names and
// where it came from.
func readAs(t *testing.T, c *Client, user int, opts ...conduit.Option) (int64, conduit.CacheStatus) {
	t.Helper()
	var it item
	var r conduit.Response
	ctx := context.WithValue(bg, tokenKey{}, user)
	require.NoError(t, into(ctx, c, get("/rates"), Call{}, &it, append(opts, conduit.WithResponse(&r))...))
	return it.ID, r.Cache
}

// A credential a middleware adds, at either level, makes the request as
// sent a credentialed one: its answer is never served to another token,
// whether two clients share one store or one client serves many users,
// even when the service says public.
func TestCacheNeverServesOneTokensAnswerToAnother(t *testing.T) {
	for _, level := range []string{"call", "attempt"} {
		mw := conduit.WithMiddleware(bearer)
		if level == "attempt" {
			mw = conduit.WithAttemptMiddleware(bearer)
		}
		for _, cc := range []string{"private, max-age=600", "public, max-age=600", "max-age=600"} {
			t.Run(level+"/"+cc+"/two clients", func(t *testing.T) {
				srv := newRecorder(t, perToken(cc))
				store := conduit.NewMemoryCache(1 << 20)
				one := newOpen(t, srv.URL, conduit.WithCache(store), mw)
				two := newOpen(t, srv.URL, conduit.WithCache(store), mw)
				id, _ := readAs(t, one, 1)
				require.Equal(t, int64(1), id)
				id, st := readAs(t, two, 2)
				assert.Equal(t, int64(2), id, "user 2 was served user 1's answer (%s)", st)
			})
			t.Run(level+"/"+cc+"/one client, many users", func(t *testing.T) {
				srv := newRecorder(t, perToken(cc))
				c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)), mw)
				for _, u := range []int{1, 2, 3, 1} {
					id, st := readAs(t, c, u)
					assert.Equal(t, int64(u), id, "user %d was served another's answer (%s)", u, st)
				}
			})
		}
	}
}

// Every credential-bearing header counts, whoever adds it: a cookie, an
// API key under the name a service reads.
func TestCacheKeysEveryCredentialHeader(t *testing.T) {
	for name, set := range map[string]func(*http.Request, int){
		"cookie":  func(r *http.Request, u int) { r.Header.Set("Cookie", "session="+strconv.Itoa(u)) },
		"api key": func(r *http.Request, u int) { r.Header.Set("X-Api-Key", "key-"+strconv.Itoa(u)) },
	} {
		t.Run(name, func(t *testing.T) {
			srv := newRecorder(t, perToken("public, max-age=600"))
			mw := func(req *http.Request, next conduit.Next) (*http.Response, error) {
				set(req, req.Context().Value(tokenKey{}).(int))
				return next(req)
			}
			c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)), conduit.WithMiddleware(mw))
			for _, u := range []int{1, 2} {
				id, _ := readAs(t, c, u)
				assert.Equal(t, int64(u), id)
			}
		})
	}
}

// A store without credentials is shared by every client that has it (and,
// in Redis, every process): a private answer is never stored there, a
// public one is (RFC 9111 §3.5, §5.2.2.7).
func TestCacheKeepsPrivateAnswersOutOfTheSharedSpace(t *testing.T) {
	srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"private, max-age=600"}}, 200))
	store := conduit.NewMemoryCache(1 << 20)
	one, two := newOpen(t, srv.URL, conduit.WithCache(store)), newOpen(t, srv.URL, conduit.WithCache(store))
	first := cachedGet(t, one)
	assert.Equal(t, "private, max-age=600", first.Header.Get("Cache-Control"), "the caller still sees what the service said")
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, two).Cache)
	assert.Equal(t, conduit.CacheFetched, cachedGet(t, one).Cache)
	assert.Equal(t, int32(3), srv.hits.Load())
	n, _ := store.Size()
	assert.Zero(t, n, "nothing stored")
}

// keysOf lists the keys a store holds.
type keysOf struct {
	*conduit.MemoryCache
	keys []string
}

func (k *keysOf) Set(key string, value []byte) error {
	k.keys = append(k.keys, key)
	return k.MemoryCache.Set(key, value)
}

// Where the service lets credentialed answers be cached, a credential a
// middleware adds keys the entry instead: one user's answer is served to
// that user again and to no other, under a key that does not hold the
// token.
func TestCacheKeysAMiddlewaresCredentialByDigest(t *testing.T) {
	srv := newRecorder(t, perToken("private, max-age=600"))
	store := &keysOf{MemoryCache: conduit.NewMemoryCache(1 << 20)}
	svc := testService(Auth{})
	svc.CacheCredentialed = true
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL), conduit.WithCache(store), conduit.WithMiddleware(bearer))
	for _, step := range []struct {
		user int
		want conduit.CacheStatus
	}{{1, conduit.CacheFetched}, {2, conduit.CacheFetched}, {1, conduit.CacheHit}, {2, conduit.CacheHit}} {
		id, st := readAs(t, c, step.user)
		assert.Equal(t, int64(step.user), id)
		assert.Equal(t, step.want, st, "user %d", step.user)
	}
	require.NotEmpty(t, store.keys)
	for _, k := range store.keys {
		assert.NotContains(t, k, "tok-")
		assert.NotContains(t, k, "open", "a credentialed answer in the shared space")
	}
}
