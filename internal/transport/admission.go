package transport

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit/internal/limits"
)

// attemptTransport sits under the retry loop, so that every attempt,
// retries included, waits for the client's limiter and gets the idle-read
// timeout on its body.
type attemptTransport struct {
	user    *http.Client // read at each request so test doubles can swap its Transport
	limiter interface {
		Wait(ctx context.Context, key string) error
	}
}

// errLimiter marks the error of a limiter that would not admit a request:
// its context ended first, or (a shared limiter) its store failed.
var errLimiter = errors.New("conduit: the rate limiter did not admit the request")

type limiterError struct{ err error }

func (e *limiterError) Error() string   { return "rate limit: " + e.err.Error() }
func (e *limiterError) Unwrap() []error { return []error{errLimiter, e.err} }

func (t *attemptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := http.RoundTripper(sharedTransport)
	if t.user != nil && t.user.Transport != nil {
		base = t.user.Transport
	}
	x := exchangeOf(req.Context())
	var buckets *limits.BucketSet
	if x != nil {
		buckets = x.c.buckets
	}
	if buckets != nil {
		start := time.Now()
		err := buckets.Wait(req.Context(), x.route, x.major, x.cs.maxWait)
		x.waited(limitWait, start)
		if err != nil {
			if req.Body != nil {
				req.Body.Close()
			}
			var long *limits.BucketWaitError
			if errors.As(err, &long) {
				x.retryAfter = long.Wait
			}
			return nil, &limiterError{err}
		}
	}
	a := admission{req: req, release: func() {}}
	if t.limiter != nil {
		var err error
		if a, err = t.admit(req, base, x); err != nil {
			if req.Body != nil {
				req.Body.Close()
			}
			return nil, err
		}
	}
	resp, err := x.attempt(base, a.req)
	if err != nil {
		a.release()
		if denied := a.refusal(); denied != nil {
			return nil, denied
		}
		return nil, err
	}
	if buckets != nil {
		buckets.Update(x.route, x.major, resp)
	}
	if x != nil && x.c.tuned != nil {
		x.c.tuned.Observe(x.op.profile().rateLimit(resp.Header))
	}
	if x != nil && (x.cs.idle > 0 || x.cs.bodyTime > 0) {
		var total time.Duration
		if _, bounded := req.Context().Deadline(); !bounded && x.op.Accept != "text/event-stream" {
			total = x.cs.bodyTime
		}
		if x.cs.idle > 0 || total > 0 {
			resp.Body = newIdleBody(resp.Body, x.cs.idle, total)
		}
	}
	if t.limiter != nil {
		resp.Body = &releaseBody{ReadCloser: resp.Body, release: a.release}
	}
	return resp, nil
}

// releaseBody cancels the attempt's own context once its body is closed.
type releaseBody struct {
	io.ReadCloser
	release func()
}

func (b *releaseBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

// admit waits for the limiter. With net/http's transport it waits once the
// request has its connection, right before it is written, so that dial and
// handshake times, which differ from request to request, cannot bunch more
// than the limit into one window at the server. A limiter that says no
// cancels the request and, on HTTP/1, closes its connection: net/http
// writes a request whose context ended at GotConn all the same, and only a
// closed connection is sure to send nothing. Any other transport waits
// before it is called.
func (t *attemptTransport) admit(req *http.Request, base http.RoundTripper, x *exchange) (admission, error) {
	key := req.URL.Host
	if _, ok := base.(*http.Transport); !ok {
		start := time.Now()
		err := t.limiter.Wait(req.Context(), key)
		x.waited(limitWait, start)
		if err != nil {
			return admission{}, &limiterError{err}
		}
		return admission{req: req, release: func() {}}, nil
	}
	ctx, cancel := context.WithCancelCause(req.Context())
	a := admission{release: func() { cancel(nil) }, denied: new(atomic.Pointer[limiterError])}
	trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
		start := time.Now()
		err := t.limiter.Wait(ctx, key)
		x.waited(limitWait, start)
		if err != nil {
			denied := &limiterError{err}
			a.denied.Store(denied)
			cancel(denied)
			if !sharedConn(info.Conn) {
				info.Conn.Close()
			}
		}
	}}
	a.req = req.WithContext(httptrace.WithClientTrace(ctx, trace))
	return a, nil
}

// admission is one attempt as the limiter let it go: its request, what
// ends the attempt's own context, and the limiter's refusal, if it refused
// once the connection was there.
type admission struct {
	req     *http.Request
	release func()
	denied  *atomic.Pointer[limiterError]
}

func (a admission) refusal() error {
	if a.denied == nil {
		return nil
	}
	if d := a.denied.Load(); d != nil {
		return d
	}
	return nil
}

// sharedConn reports whether c carries HTTP/2, whose streams share it: it
// is not this request's to close, and the ended context is all that stops
// the stream.
func sharedConn(c net.Conn) bool {
	tc, ok := c.(*tls.Conn)
	return ok && tc.ConnectionState().NegotiatedProtocol == "h2"
}
