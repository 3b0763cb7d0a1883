package transport

import (
	"context"
	"net/http"
	"sync"
	"time"
)

// WithSendWindow bounds the requests actually sent to each host by a sliding
// window: at most N in any span of Per (stretched by 4%, like the limiter's
// interval), counted at the moment each request leaves rather than when its
// turn was reserved.
//
// It backs up the per-host token bucket of limit.go, whose reservations are
// evenly spaced but whose waiters can wake late under CPU load and then go
// out together: with 25 concurrent calls at 10 per second on a loaded
// machine, 11 to 16 requests reached the server within one second. The
// window holds back any request that would make a burst of more than N.
//
// The limit is the client's WithRateLimit if set (n == 0 disables the window
// too), else def, the package's default. Pass it after the caller's options
// so that it wraps the caller's *http.Client, whose Transport is still read
// at each request.
func WithSendWindow(def Limit) Option {
	return func(c *config) {
		l := def
		if c.limit != nil {
			l = *c.limit
		}
		if l.N <= 0 || l.Per <= 0 {
			return
		}
		user := c.httpClient
		hc := &http.Client{Transport: &windowTransport{user: user, limit: l}}
		if user != nil {
			hc.Jar, hc.Timeout, hc.CheckRedirect = user.Jar, user.Timeout, user.CheckRedirect
		}
		c.httpClient = hc
	}
}

type windowTransport struct {
	user  *http.Client
	limit Limit
}

func (t *windowTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	_, err := windowFor(req.URL.Host, t.limit).wait(req.Context())
	switch {
	case err != nil && req.Body != nil:
		req.Body.Close()
		fallthrough
	case err != nil:
		return nil, err
	case t.user != nil && t.user.Transport != nil:
		return t.user.Transport.RoundTrip(req)
	}
	return sharedTransport.RoundTrip(req)
}

// windows holds one send window per host and limit for the whole process,
// so every client with the same budget for a host shares it.
var windows sync.Map // windowKey -> *sendWindow

type windowKey struct {
	host  string
	limit Limit
}

func windowFor(host string, l Limit) *sendWindow {
	k := windowKey{host, l}
	if v, ok := windows.Load(k); ok {
		return v.(*sendWindow)
	}
	v, _ := windows.LoadOrStore(k, &sendWindow{n: l.N, span: l.Per + l.Per/10})
	return v.(*sendWindow)
}

// sendWindow remembers when the last n requests left.
type sendWindow struct {
	mu   sync.Mutex
	n    int
	span time.Duration
	sent []time.Time // a ring once full; sent[next] is then the oldest
	next int
}

// wait blocks until a request may leave without making n+1 in any span, and
// records that it left. It returns the recorded time.
func (w *sendWindow) wait(ctx context.Context) (time.Time, error) {
	for {
		w.mu.Lock()
		now := time.Now()
		if len(w.sent) < w.n {
			w.sent = append(w.sent, now)
			w.mu.Unlock()
			return now, nil
		}
		d := w.sent[w.next].Add(w.span).Sub(now)
		if d <= 0 {
			w.sent[w.next] = now
			w.next = (w.next + 1) % w.n
			w.mu.Unlock()
			return now, nil
		}
		w.mu.Unlock()
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return time.Time{}, ctx.Err()
		case <-t.C:
		}
	}
}
