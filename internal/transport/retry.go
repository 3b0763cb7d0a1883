package transport

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"time"
)

type retryPolicy struct {
	max                    int
	maxWait                time.Duration
	minBackoff, maxBackoff time.Duration
}

// call is the state of one logical call across its attempts. Each call gets
// its own, so the retry hooks need no shared state.
type call struct {
	policy       *retryPolicy
	req          *Request
	red          *redactor
	credentialed bool // carries a secret: no redirect to another host
	start        time.Time
	write        bool
	retries      int // retries this call may make
	attempts     int
	next         time.Duration // the wait before the next attempt
	retryAfter   time.Duration // the server's last requested wait
}

type callKey struct{}

// callOf returns the state of the call a request belongs to.
func callOf(ctx context.Context) *call {
	cl, _ := ctx.Value(callKey{}).(*call)
	return cl
}

// check is the retry rule. Reads retry on connection errors and on 408, 429,
// 500, 502, 503 and 504. Writes retry only when the request provably never
// reached the server (the dial failed) or the server said 429, since anything
// else may have been acted on. A server-requested wait beyond the cap or past
// the context's deadline ends the call at once with RetryAfter set.
func (c *call) check(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, cerr := c.decide(ctx, resp, err)
	return retry && c.attempts <= c.retries, cerr
}

// decide applies the rule to one attempt's outcome, recording the server's
// wait; check then holds the call to its number of retries.
func (c *call) decide(ctx context.Context, resp *http.Response, err error) (bool, error) {
	c.attempts++
	c.next = 0
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		if errors.Is(err, ErrRedirectRefused) || !retryableNetErr(err) {
			return false, nil
		}
		return !c.write || isDialError(err), nil
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
	case http.StatusRequestTimeout, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		if c.write {
			c.retryAfter = retryAfterHeader(resp.Header, time.Now())
			return false, nil
		}
	default:
		return false, nil
	}
	c.retryAfter = retryAfterHeader(resp.Header, time.Now())
	if c.retryAfter == 0 && resp.StatusCode == http.StatusTooManyRequests {
		c.retryAfter = retryAfterBody(resp)
	}
	if c.retryAfter > 0 {
		if c.retryAfter > c.policy.maxWait {
			return false, nil
		}
		if dl, ok := ctx.Deadline(); ok && time.Now().Add(c.retryAfter).After(dl) {
			return false, nil
		}
		c.next = c.retryAfter
	}
	// retryablehttp drains only 4 KiB before closing, which throws away the
	// connection under any larger error page; drain it here so the retry
	// can reuse it.
	if c.attempts <= c.retries {
		io.CopyN(io.Discard, resp.Body, errBodyCap)
	}
	return true, nil
}

// backoff returns the server's wait when it gave one, else exponential
// backoff with full jitter between the policy's bounds.
func (c *call) backoff(_, _ time.Duration, n int, _ *http.Response) time.Duration {
	if c.next > 0 {
		return c.next
	}
	d := c.policy.minBackoff << min(n, 20)
	if d > c.policy.maxBackoff || d <= 0 {
		d = c.policy.maxBackoff
	}
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d/2+1)
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// retryableNetErr excludes errors that no retry can fix: a cancelled or
// expired context, a refused redirect, a certificate the client rejects.
func retryableNetErr(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var cert *tls.CertificateVerificationError
	return !errors.As(err, &cert)
}

// retryAfterHeader reads Retry-After-Ms, then Retry-After in seconds or as an
// HTTP date, and returns 0 when neither is usable.
func retryAfterHeader(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// retryAfterBody reads a JSON body's retry_after seconds (chat platforms send
// it instead of, or as well as, the header). The body is put back so the
// caller's error still carries it.
func retryAfterBody(resp *http.Response) time.Duration {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, errBodyCap))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(b))
	var v struct {
		RetryAfter json.Number `json:"retry_after"`
	}
	if json.Unmarshal(b, &v) != nil {
		return 0
	}
	s, err := v.RetryAfter.Float64()
	if err != nil || s <= 0 {
		return 0
	}
	return time.Duration(s * float64(time.Second))
}
