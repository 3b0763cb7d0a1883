package transport

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptrace"
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
	var buckets *bucketStore
	if x != nil {
		buckets = x.c.buckets
	}
	if buckets != nil {
		if err := buckets.wait(req.Context(), x.route, x.major); err != nil {
			if req.Body != nil {
				req.Body.Close()
			}
			return nil, &limiterError{err}
		}
	}
	release := func() {}
	if t.limiter != nil {
		r, cancel, err := t.admit(req, base)
		if err != nil {
			if req.Body != nil {
				req.Body.Close()
			}
			return nil, err
		}
		req, release = r, cancel
	}
	resp, err := base.RoundTrip(req)
	if err != nil {
		cause := context.Cause(req.Context())
		release()
		if cause != nil && errors.Is(cause, errLimiter) {
			return nil, cause
		}
		return nil, err
	}
	if buckets != nil {
		buckets.update(x.route, x.major, resp)
	}
	if x != nil && x.cs.idle > 0 {
		resp.Body = newIdleBody(resp.Body, x.cs.idle)
	}
	if t.limiter != nil {
		resp.Body = &releaseBody{ReadCloser: resp.Body, release: release}
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
// than the limit into one window at the server; a limiter that says no
// then cancels the request. Any other transport waits before it is called.
func (t *attemptTransport) admit(req *http.Request, base http.RoundTripper) (*http.Request, func(), error) {
	key := req.URL.Host
	if _, ok := base.(*http.Transport); !ok {
		if err := t.limiter.Wait(req.Context(), key); err != nil {
			return nil, nil, &limiterError{err}
		}
		return req, func() {}, nil
	}
	ctx, cancel := context.WithCancelCause(req.Context())
	trace := &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) {
		if err := t.limiter.Wait(ctx, key); err != nil {
			cancel(&limiterError{err})
		}
	}}
	return req.WithContext(httptrace.WithClientTrace(ctx, trace)), func() { cancel(nil) }, nil
}
