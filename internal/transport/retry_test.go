package transport

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newOpen(t *testing.T, url string, opts ...Option) *Client {
	t.Helper()
	c, err := New(testService(Auth{}), append([]Option{WithBaseURL(url), fastRetries()}, opts...)...)
	require.NoError(t, err)
	return c
}

// failThen answers status n times, then 200.
func failThen(n int32, status int, hdr map[string]string, body string) (http.HandlerFunc, *atomic.Int32) {
	var count atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		if count.Add(1) <= n {
			for k, v := range hdr {
				w.Header().Set(k, v)
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			w.Write([]byte(body))
			return
		}
		w.Write([]byte(`{"ok":true}`))
	}, &count
}

func TestRetryRules(t *testing.T) {
	cases := []struct {
		name     string
		status   int
		write    bool
		hdr      map[string]string
		body     string
		wantHits int32
		wantOK   bool
	}{
		{"read 500 then ok", 500, false, nil, "", 2, true},
		{"read 502", 502, false, nil, "", 2, true},
		{"read 503", 503, false, nil, "", 2, true},
		{"read 504", 504, false, nil, "", 2, true},
		{"read 408", 408, false, nil, "", 2, true},
		{"read 404 not retried", 404, false, nil, "", 1, false},
		{"read 400 not retried", 400, false, nil, "", 1, false},
		{"write 500 not retried", 500, true, nil, "", 1, false},
		{"write 503 not retried", 503, true, nil, "", 1, false},
		{"write 429 retried", 429, true, nil, "", 2, true},
		{"429 Retry-After seconds", 429, false, map[string]string{"Retry-After": "0.01"}, "", 2, true},
		{"429 Retry-After-Ms", 429, false, map[string]string{"Retry-After-Ms": "5"}, "", 2, true},
		{"429 body retry_after", 429, true, nil, `{"message":"slow down","retry_after":0.005}`, 2, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h, count := failThen(1, tc.status, tc.hdr, tc.body)
			rec := newRecorder(t, h)
			c := newOpen(t, rec.URL)
			method := "GET"
			if tc.write {
				method = "POST"
			}
			err := c.Do(context.Background(), &Request{Op: "X", Method: method, Path: "/", Write: tc.write}, &okResult{})
			assert.Equal(t, tc.wantHits, count.Load())
			if tc.wantOK {
				assert.NoError(t, err)
				return
			}
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tc.status, e.StatusCode)
			assert.Equal(t, 1, e.Attempts)
		})
	}
}

func TestGiveUpAfterAttempts(t *testing.T) {
	h, count := failThen(100, 500, nil, `{"error":{"message":"boom","code":"internal"}}`)
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL, WithMaxRetries(3))
	err := c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/things"}, nil)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 500, e.StatusCode)
	assert.Equal(t, 4, e.Attempts)
	assert.Equal(t, int32(4), count.Load())
	assert.Equal(t, "internal", e.Code)
	assert.Equal(t, "boom", e.Message)
	assert.Contains(t, err.Error(), "after 4 attempts")
	assert.Contains(t, err.Error(), "GET /things")
}

// A server wait longer than the context allows, or than the cap, returns at
// once with RetryAfter set instead of sleeping into the deadline.
func TestRetryAfterBeyondDeadlineOrCap(t *testing.T) {
	for _, tc := range []struct {
		name string
		hdr  string
		ctx  time.Duration
		cap  time.Duration
		want time.Duration
	}{
		{"past deadline", "30", 5 * time.Second, time.Hour, 30 * time.Second},
		{"over cap", "120", 0, time.Minute, 120 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, count := failThen(100, 429, map[string]string{"Retry-After": tc.hdr}, "")
			rec := newRecorder(t, h)
			c := newOpen(t, rec.URL, WithMaxRetryWait(tc.cap))
			ctx := context.Background()
			if tc.ctx > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.ctx)
				defer cancel()
			}
			err := c.Do(ctx, &Request{Op: "X", Method: "GET", Path: "/"}, nil)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, ErrRateLimited)
			assert.Equal(t, tc.want, e.RetryAfter)
			assert.Equal(t, int32(1), count.Load())
			assert.NoError(t, ctx.Err(), "returned before the deadline")
		})
	}
}

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	h := func(k, v string) http.Header { return http.Header{k: []string{v}} }
	assert.Equal(t, 7*time.Second, retryAfterHeader(h("Retry-After", "7"), now))
	assert.Equal(t, 1500*time.Millisecond, retryAfterHeader(h("Retry-After", "1.5"), now))
	assert.Equal(t, 90*time.Second, retryAfterHeader(h("Retry-After", now.Add(90*time.Second).Format(http.TimeFormat)), now))
	assert.Equal(t, 250*time.Millisecond, retryAfterHeader(h("Retry-After-Ms", "250"), now))
	assert.Zero(t, retryAfterHeader(h("Retry-After", now.Add(-time.Minute).Format(http.TimeFormat)), now))
	assert.Zero(t, retryAfterHeader(h("Retry-After", "soon"), now))
	assert.Zero(t, retryAfterHeader(h("Retry-After", "-3"), now))
}

func TestBackoffHonoursServerWait(t *testing.T) {
	cl := &call{retries: 2, policy: &retryPolicy{max: 2, maxWait: time.Minute, minBackoff: 100 * time.Millisecond, maxBackoff: time.Second}}
	resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": []string{"3"}}, Body: http.NoBody}
	retry, err := cl.check(context.Background(), resp, nil)
	require.NoError(t, err)
	assert.True(t, retry)
	assert.Equal(t, 3*time.Second, cl.backoff(0, 0, 0, resp))
	// Without a server wait: jittered exponential, within bounds.
	resp = &http.Response{StatusCode: 503, Header: http.Header{}, Body: http.NoBody}
	retry, _ = cl.check(context.Background(), resp, nil)
	assert.True(t, retry)
	for n := 0; n < 8; n++ {
		d := cl.backoff(0, 0, n, resp)
		hi := min(100*time.Millisecond<<n, time.Second)
		assert.True(t, d >= hi/2 && d <= hi, "attempt %d: %v not in [%v,%v]", n, d, hi/2, hi)
	}
}

// A write whose connection is reset after the server read it is not
// retried; a read is.
func TestResetAfterReadNotRetriedForWrites(t *testing.T) {
	var hits atomic.Int32
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.(*net.TCPConn).SetLinger(0)
			conn.Close()
		}
	})
	c := newOpen(t, rec.URL)
	err := c.Do(context.Background(), &Request{Op: "Create", Method: "POST", Path: "/", Body: map[string]int{"a": 1}, Write: true}, nil)
	require.Error(t, err)
	assert.Equal(t, int32(1), hits.Load())
	hits.Store(0)
	err = c.Do(context.Background(), &Request{Op: "Get", Method: "GET", Path: "/"}, nil)
	require.Error(t, err)
	assert.Equal(t, int32(3), hits.Load())
}

// A dial failure is retried even for a write: nothing reached a server.
func TestDialFailureRetriedForWrites(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	c := newOpen(t, "http://"+addr)
	err = c.Do(context.Background(), &Request{Op: "Create", Method: "POST", Path: "/", Body: map[string]int{"a": 1}, Write: true}, nil)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 3, e.Attempts)
	var ne net.Error
	assert.True(t, errors.As(err, &ne), "network errors stay inspectable")
}

func TestContextCancelStopsRetries(t *testing.T) {
	h, _ := failThen(100, 503, nil, "")
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL, WithRetryBackoff(time.Hour, time.Hour), WithMaxRetries(5))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := c.Do(ctx, &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestHeadersThatNeverComeEndAtDeadline(t *testing.T) {
	block := make(chan struct{})
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { <-block })
	defer close(block)
	c := newOpen(t, rec.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := c.Do(ctx, &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 1, e.Attempts)
}
