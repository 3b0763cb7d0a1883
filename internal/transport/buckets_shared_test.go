package transport

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// memBuckets is a BucketStore in memory, standing for one several
// processes share.
type memBuckets struct {
	mu      sync.Mutex
	budgets map[string]conduit.BucketState // scope/bucket -> state, ResetAfter as an absolute time below
	resets  map[string]time.Time
	globals map[string]time.Time
	fail    bool
}

func newMemBuckets() *memBuckets {
	return &memBuckets{budgets: map[string]conduit.BucketState{}, resets: map[string]time.Time{}, globals: map[string]time.Time{}}
}

func (m *memBuckets) Reserve(_ context.Context, scope, bucket string) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return 0, errors.New("store down")
	}
	now, k := time.Now(), scope+"/"+bucket
	wait := time.Until(m.globals[scope])
	s, ok := m.budgets[k]
	if ok && s.Remaining == 0 && m.resets[k].Sub(now) > wait {
		wait = m.resets[k].Sub(now)
	}
	if wait > 0 {
		return wait, nil
	}
	if ok && s.Remaining > 0 {
		s.Remaining--
		m.budgets[k] = s
	}
	return 0, nil
}

func (m *memBuckets) Record(_ context.Context, scope, bucket string, s conduit.BucketState) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := scope + "/" + bucket
	if s.Remaining >= 0 {
		m.budgets[k] = s
	}
	if s.ResetAfter > 0 {
		m.resets[k] = time.Now().Add(s.ResetAfter)
	}
	if s.Global > 0 {
		m.globals[scope] = time.Now().Add(s.Global)
	}
	return nil
}

// spentBucket answers the first request with a spent bucket that resets
// after reset, and every later one with budget left.
func spentBucket(t *testing.T, reset string) *recorder {
	first := true
	var mu sync.Mutex
	return newRecorder(t, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		w.Header().Set("X-Ratelimit-Remaining", "4")
		if first {
			first = false
			w.Header().Set("X-Ratelimit-Remaining", "0")
			w.Header().Set("X-Ratelimit-Reset-After", reset)
		}
		w.Write([]byte(`{"ok":true}`))
	})
}

// Two clients on one token and one store wait on one bucket: the second
// waits for the reset the first was told of. A client on another token
// does not.
func TestSharedBucketsHoldEveryClientOfOneToken(t *testing.T) {
	srv := spentBucket(t, "0.3")
	store := newMemBuckets()
	svc := bucketService()
	svc.Auth = Auth{Scheme: Bot, Values: []string{"api_key"}}
	svc.Values = []Value{apiKey}
	bot := func(token string) *Client {
		return newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", token), conduit.WithBucketStore(store))
	}
	op := get("/channels/{channel_id}/messages")
	require.NoError(t, send(bg, bot("token-a"), op, Call{Args: []string{"1"}}))

	other := finishes(t, 5*time.Second, func() { require.NoError(t, send(bg, bot("token-b"), op, Call{Args: []string{"1"}})) })
	assert.Less(t, other, 200*time.Millisecond, "another token has buckets of its own")

	same := finishes(t, 5*time.Second, func() { require.NoError(t, send(bg, bot("token-a"), op, Call{Args: []string{"1"}})) })
	assert.Greater(t, same, 200*time.Millisecond, "the same token waits for the bucket another client spent")
}

// A global 429 stops every client of the token.
func TestSharedBucketsHoldTheGlobalLimit(t *testing.T) {
	var mu sync.Mutex
	first := true
	srv := newRecorder(t, func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if first {
			first = false
			w.Header().Set("X-Ratelimit-Global", "true")
			w.Header().Set("Retry-After", "0.3")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"message":"You are being rate limited.","retry_after":0.3,"global":true}`))
			return
		}
		w.Write([]byte(`{"ok":true}`))
	})
	store := newMemBuckets()
	svc := bucketService()
	one := newClient(t, svc, conduit.WithBaseURL(srv.URL), conduit.WithBucketStore(store), conduit.WithMaxRetries(0))
	two := newClient(t, svc, conduit.WithBaseURL(srv.URL), conduit.WithBucketStore(store))
	assert.Error(t, send(bg, one, get("/channels/{channel_id}/messages"), Call{Args: []string{"1"}}))
	took := finishes(t, 5*time.Second, func() {
		require.NoError(t, send(bg, two, get("/guilds/{guild_id}"), Call{Args: []string{"9"}}))
	})
	assert.Greater(t, took, 200*time.Millisecond, "another route of the same token waited for the global reset")
}

// A store that fails leaves the client's own buckets in charge; a service
// without buckets refuses a store at New.
func TestSharedBucketsFallBackAndApplyOnlyWhereTheyExist(t *testing.T) {
	srv := spentBucket(t, "0.3")
	store := newMemBuckets()
	store.fail = true
	c := newClient(t, bucketService(), conduit.WithBaseURL(srv.URL), conduit.WithBucketStore(store))
	op := get("/channels/{channel_id}/messages")
	require.NoError(t, send(bg, c, op, Call{Args: []string{"1"}}))
	took := finishes(t, 5*time.Second, func() { require.NoError(t, send(bg, c, op, Call{Args: []string{"1"}})) })
	assert.Greater(t, took, 200*time.Millisecond, "the client's own bucket still holds it")

	_, err := New(testService(Auth{}), conduit.WithBucketStore(newMemBuckets()))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}
