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

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

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
			op := get("/")
			if tc.write {
				op = post("/")
			}
			err := into(bg, c, op, Call{}, &okResult{})
			assert.Equal(t, tc.wantHits, count.Load())
			if tc.wantOK {
				assert.NoError(t, err)
				return
			}
			e := asError(t, err)
			assert.Equal(t, tc.status, e.StatusCode)
			assert.Equal(t, 1, e.Attempts)
		})
	}
}

func TestGiveUpAfterAttempts(t *testing.T) {
	h, count := failThen(100, 500, nil, `{"error":{"message":"boom","code":"internal"}}`)
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL, conduit.WithMaxRetries(3))
	err := send(bg, c, get("/things"), Call{})
	e := asError(t, err)
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
			c := newOpen(t, rec.URL, conduit.WithMaxRetryWait(tc.cap))
			ctx := context.Background()
			if tc.ctx > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.ctx)
				defer cancel()
			}
			err := send(ctx, c, get("/"), Call{})
			e := asError(t, err)
			assert.ErrorIs(t, err, conduit.ErrRateLimited)
			assert.Equal(t, tc.want, e.RetryAfter)
			assert.Equal(t, int32(1), count.Load())
			assert.NoError(t, ctx.Err(), "returned before the deadline")
		})
	}
}

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	wait := func(v string, u limits.Unit) time.Duration {
		d, _ := limits.ParseWait(v, u, now)
		return d
	}
	assert.Equal(t, 7*time.Second, wait("7", limits.Seconds))
	assert.Equal(t, 1500*time.Millisecond, wait("1.5", limits.Seconds))
	assert.Equal(t, 90*time.Second, wait(now.Add(90*time.Second).Format(http.TimeFormat), limits.HTTPDate))
	assert.Equal(t, 250*time.Millisecond, wait("250", limits.Milliseconds))
	assert.Zero(t, wait(now.Add(-time.Minute).Format(http.TimeFormat), limits.HTTPDate))
	assert.Zero(t, wait("soon", limits.Seconds))
	assert.Zero(t, wait("-3", limits.Seconds))

	p := &Profile{}
	h := func(kv ...string) http.Header {
		out := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			out.Set(kv[i], kv[i+1])
		}
		return out
	}
	assert.Equal(t, 7*time.Second, p.wait(h("Retry-After", "7"), nil, Failed))
	assert.Equal(t, 250*time.Millisecond, p.wait(h("Retry-After-Ms", "250", "Retry-After", "7"), nil, Failed), "the precise form wins")
	d := p.wait(h("Retry-After", time.Now().Add(90*time.Second).Format(http.TimeFormat)), nil, Failed)
	assert.InDelta(t, 90, d.Seconds(), 2, "an HTTP date is told from seconds by its form")
	assert.Zero(t, p.wait(h("Retry-After", "soon"), nil, RateLimited))
}

func TestBackoffHonoursServerWait(t *testing.T) {
	c := newOpen(t, "http://127.0.0.1:1")
	x := &exchange{c: c, op: &Op{Service: c.svc, Name: "X", Method: "GET"}, retries: 2,
		cs: &callSettings{maxWait: time.Minute, minBackoff: 100 * time.Millisecond, maxBackoff: time.Second}}
	resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": []string{"3"}}, Body: http.NoBody}
	wait, retry := x.decide(bg, resp, nil)
	assert.True(t, retry)
	assert.Equal(t, 3*time.Second, wait)
	// Without a server wait: jittered exponential, within bounds.
	resp = &http.Response{StatusCode: 503, Header: http.Header{}, Body: http.NoBody}
	_, retry = x.decide(bg, resp, nil)
	assert.True(t, retry)
	for n := 1; n <= 8; n++ {
		x.attempts = n
		d := x.backoff()
		hi := min(100*time.Millisecond<<(n-1), time.Second)
		assert.True(t, d >= hi/2 && d <= hi, "attempt %d: %v not in [%v,%v]", n, d, hi/2, hi)
	}
	x.attempts = 2
	_, retry = x.decide(bg, resp, nil)
	assert.False(t, retry, "the third attempt passes the call's two retries")
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
	err := send(bg, c, post("/"), Call{Body: map[string]int{"a": 1}})
	require.Error(t, err)
	assert.Equal(t, int32(1), hits.Load())
	hits.Store(0)
	err = send(bg, c, get("/"), Call{})
	require.Error(t, err)
	assert.Equal(t, int32(3), hits.Load())
}

// A dial failure is retried even for a write: nothing reached a server.
func TestDialFailureRetriedForWrites(t *testing.T) {
	c := newOpen(t, closedURL(t))
	err := send(bg, c, post("/"), Call{Body: map[string]int{"a": 1}})
	assert.Equal(t, 3, asError(t, err).Attempts)
	var ne net.Error
	assert.True(t, errors.As(err, &ne), "network errors stay inspectable")
}

func TestContextCancelStopsRetries(t *testing.T) {
	h, _ := failThen(100, 503, nil, "")
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL, conduit.WithRetryBackoff(time.Hour, time.Hour), conduit.WithMaxRetries(5))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := send(ctx, c, get("/"), Call{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestHeadersThatNeverComeEndAtDeadline(t *testing.T) {
	block := make(chan struct{})
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { <-block })
	defer close(block)
	c := newOpen(t, rec.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := send(ctx, c, get("/"), Call{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, 1, asError(t, err).Attempts)
}
