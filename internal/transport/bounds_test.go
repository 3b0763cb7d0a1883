package transport

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// bucketService is a service that reports Discord-style buckets.
func bucketService() *Service {
	svc := testService(Auth{})
	svc.Errors.Buckets = &limits.Buckets{Major: []string{"channel_id"}, MajorAfter: []string{"channels"}}
	return svc
}

func TestBucketWaitsObeyTheMaxRetryWait(t *testing.T) {
	hostile := map[string]http.Header{
		"a day":             {"X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset-After": {"86400"}},
		"1e300 seconds":     {"X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset-After": {"1e300"}},
		"Inf":               {"X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset-After": {"Inf"}},
		"a far epoch":       {"X-Ratelimit-Remaining": {"0"}, "X-Ratelimit-Reset": {"99999999999"}},
		"a long global 429": {"X-Ratelimit-Global": {"true"}, "Retry-After": {"86400"}},
	}
	for name, h := range hostile {
		t.Run(name, func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if hits.Add(1) == 1 {
					for k, v := range h {
						w.Header()[k] = v
					}
					if h.Get("X-Ratelimit-Global") != "" {
						w.WriteHeader(http.StatusTooManyRequests)
					}
				}
				w.Write([]byte(`{"ok":true}`))
			}))
			defer srv.Close()
			c := newClient(t, bucketService(), conduit.WithBaseURL(srv.URL), conduit.WithMaxRetryWait(time.Second))
			op := get("/channels/{channel_id}/messages")
			_ = send(bg, c, op, Call{Args: []string{"1"}}) // learns the bucket
			var err error
			finishes(t, 5*time.Second, func() { err = send(bg, c, op, Call{Args: []string{"1"}}) })
			require.ErrorIs(t, err, conduit.ErrRateLimited)
			assert.GreaterOrEqual(t, asError(t, err).RetryAfter, time.Second, "RetryAfter tells how long the service asked for")
			assert.Equal(t, int32(1), hits.Load(), "the call past the cap sent nothing")
		})
	}
}

func TestBucketStoreStaysBoundedUnderManyBuckets(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		w.Header().Set("X-Ratelimit-Bucket", "b"+strconv.FormatInt(i, 10))
		w.Header().Set("X-Ratelimit-Remaining", "0")
		w.Header().Set("X-Ratelimit-Reset-After", "600")
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	c := newClient(t, bucketService(), conduit.WithBaseURL(srv.URL), conduit.WithMaxRetryWait(0))
	for i := range 3 * limits.MaxBudgets {
		// Distinct channels and messages through Do: each answer names a
		// new bucket whose budget is spent for ten minutes.
		_ = c.Do(bg, "GET", fmt.Sprintf("/channels/%d/messages/%d", i, i), nil, nil, nil)
	}
	budgets, names := c.buckets.Held()
	assert.Less(t, budgets, limits.MaxBudgets+1)
	assert.Less(t, names, limits.MaxHashes+1)
	route, major := c.buckets.RouteKey("GET", "/channels/42/messages/77/reactions/%F0%9F%91%8D/@me", true, nil)
	assert.Equal(t, "GET /channels/{channels}/messages/{}/reactions/{}/@me", route)
	assert.Equal(t, "channels=42;", major)
}

func TestTricklingBodyEndsAtTheBodyTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"ok":`))
		w.(http.Flusher).Flush()
		for range 500 { // a byte well within each idle period
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
			w.Write([]byte(" "))
			w.(http.Flusher).Flush()
		}
	}))
	defer srv.Close()
	c := newOpen(t, srv.URL, conduit.WithIdleTimeout(200*time.Millisecond), conduit.WithBodyTimeout(300*time.Millisecond), conduit.WithMaxRetries(0))
	var err error
	finishes(t, 5*time.Second, func() { err = into(bg, c, get("/x"), Call{}, &okResult{}) })
	require.ErrorIs(t, err, conduit.ErrStalled)
	assert.Contains(t, err.Error(), "WithBodyTimeout")
}

func TestEmptyPagesWithFreshTokensEndTheIterator(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"items":[],"next":"t%d"}`, hits.Add(1))
	}))
	defer srv.Close()
	c := newOpen(t, srv.URL)
	type page struct {
		Items []int  `json:"items"`
		Next  string `json:"next"`
	}
	e := Declare[page](c.svc, get("/list"), nil)
	var yielded int
	var last error
	finishes(t, 5*time.Second, func() {
		for _, err := range Pages(bg, c, e.Op, "", func(tok string) ([]int, string, error) {
			p, err := e.Do(bg, c, Call{Query: []string{"t", tok}}, nil)
			if err != nil {
				return nil, "", err
			}
			return p.Items, p.Next, nil
		}) {
			yielded++
			last = err
		}
	})
	require.ErrorIs(t, last, conduit.ErrMalformedResponse)
	assert.Equal(t, 1, yielded, "only the error is yielded")
	assert.Equal(t, int32(MaxEmptyPages), hits.Load())
}
