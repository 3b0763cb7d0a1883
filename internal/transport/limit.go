package transport

import (
	"context"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// hostLimit is the budget of one host, shared by every client of the
// process: a token bucket that spaces requests evenly before they look for a
// connection, and a log of the last N send times that holds a request back
// once it has its connection, so that dial and handshake delays, which differ
// from one request to the next, can never bunch N+1 sends into one window.
type hostLimit struct {
	bucket *rate.Limiter
	mu     sync.Mutex
	n      int
	per    time.Duration
	sent   []time.Time // ring of the last n send times
	next   int
}

var (
	limiters    sync.Map // host -> *hostLimit
	anyLimiters atomic.Bool
	limitMu     sync.Mutex
)

// limitFor turns "at most N in any window Per" into a token bucket of burst 1
// whose interval is Per/N stretched by 4%: a burst of N would allow nearly 2N
// requests in a sliding window, and the stretch leaves the send-time log
// little to correct.
func limitFor(l Limit) rate.Limit {
	interval := l.Per / time.Duration(l.N)
	return rate.Every(interval + interval/25)
}

func registerLimit(host string, l Limit) {
	limitMu.Lock()
	defer limitMu.Unlock()
	if v, ok := limiters.Load(host); ok {
		h := v.(*hostLimit)
		if r := limitFor(l); r < h.bucket.Limit() {
			h.mu.Lock() // the stricter budget wins
			h.bucket.SetLimit(r)
			h.n, h.per, h.sent, h.next = l.N, l.Per, make([]time.Time, l.N), 0
			h.mu.Unlock()
		}
		return
	}
	limiters.Store(host, &hostLimit{bucket: rate.NewLimiter(limitFor(l), 1), n: l.N, per: l.Per, sent: make([]time.Time, l.N)})
	anyLimiters.Store(true)
}

// limiterFor returns the host's limit, or nil for an unlimited host. The
// common case (no limited host at all) costs one atomic load.
func limiterFor(host string) *hostLimit {
	if !anyLimiters.Load() {
		return nil
	}
	if v, ok := limiters.Load(host); ok {
		return v.(*hostLimit)
	}
	return nil
}

// admit waits until sending now keeps every window of length per at n
// sends or fewer (with 4% to spare: a request can spend longer in transit
// than the one n places before it), and records the send.
func (h *hostLimit) admit(ctx context.Context) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if oldest := h.sent[h.next]; !oldest.IsZero() {
		if wait := time.Until(oldest.Add(h.per + h.per/25)); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return
			}
		}
	}
	h.sent[h.next] = time.Now()
	h.next = (h.next + 1) % len(h.sent)
}

// trace attaches admit to the moment the request has its connection.
func (h *hostLimit) trace(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) { h.admit(ctx) },
	})
}
