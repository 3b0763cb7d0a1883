package transport

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/conduit-sdk/conduit"
)

// retryClient is the one retry loop of a Client. Its hooks find the call
// they serve in the request's context; the check decides and waits, so the
// loop's own backoff is zero and its attempt count is the call's.
func (c *Client) retryClient() *retryablehttp.Client {
	return &retryablehttp.Client{
		HTTPClient:   c.hc,
		RetryMax:     1 << 20, // each call holds itself to its own count
		CheckRetry:   c.checkRetry,
		Backoff:      func(time.Duration, time.Duration, int, *http.Response) time.Duration { return 0 },
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
		RequestLogHook: func(_ retryablehttp.Logger, r *http.Request, _ int) {
			if x := exchangeOf(r.Context()); x != nil {
				if x.c.logger != nil { // only the debug line reads it
					x.attemptStart = time.Now()
				}
				if x.mw != nil {
					x.mw.info.Attempts++
				}
			}
		},
	}
}

func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	x := exchangeOf(ctx)
	wait, retry := x.decide(ctx, resp, err)
	x.log(ctx, resp, err, retry)
	if !retry {
		return false, nil
	}
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		defer x.waited(retryWait, time.Now())
		select {
		case <-t.C:
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	return true, nil
}

// decide is the retry rule. Reads retry on connection errors, on 408, 500,
// 502, 503 and 504, and on whatever the service's profile calls retryable
// (429 and its kin, Geocoding's OVER_QUERY_LIMIT under 200). Writes retry
// only when the request provably never reached the server (the dial
// failed) or the server said it is rate limited, since anything else may
// have been acted on. A wait the server names that passes the cap or the
// deadline ends the call at once with RetryAfter set.
func (x *exchange) decide(ctx context.Context, resp *http.Response, err error) (time.Duration, bool) {
	x.attempts++
	if ctx.Err() != nil {
		return 0, false
	}
	if err != nil {
		if !retryableNetErr(err) || (x.write && !isDialError(err)) || x.attempts > x.retries {
			return 0, false
		}
		return x.backoff(), true
	}
	f, ok := x.readAnswer(resp)
	if !ok {
		return 0, false
	}
	x.retryAfter = f.retryAfter
	if !f.meaning.Retry || (x.write && f.meaning.Kind != conduit.ErrRateLimited) || x.attempts > x.retries {
		return 0, false
	}
	if f.retryAfter > 0 {
		if f.retryAfter > x.cs.maxWait {
			return 0, false
		}
		if dl, ok := ctx.Deadline(); ok && time.Now().Add(f.retryAfter).After(dl) {
			return 0, false
		}
		return f.retryAfter, true
	}
	return x.backoff(), true
}

// readAnswer reads a failure answer (or a 2xx whose body may hold a status
// word) for the retry rule, keeping what it read for the error; ok is false
// for an answer that is a success.
func (x *exchange) readAnswer(resp *http.Response) (failure, bool) {
	p := x.op.profile()
	x.ok = okAnswer{}
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		if (p.InBody == nil && len(p.BlockPages) == 0) || x.op.Accept != "" {
			return failure{}, false
		}
		// The body is read once: the result takes it from the exchange.
		body, err := readBody(resp, x.cs.maxBytes)
		resp.Body.Close()
		resp.Body = http.NoBody
		x.ok = okAnswer{read: true, body: body, err: err}
		if err != nil {
			return failure{}, false
		}
		if x.statusDecoded(resp.Header, body) {
			return failure{}, false
		}
		f, failed := p.inBodyFailure(resp.Header, body)
		if failed {
			x.ok.fail = &f
		}
		return f, failed
	}
	body, err := readAll(resp.Body, errBodyCap)
	if err == nil {
		// Read on a little, so that the connection can carry the retry.
		io.CopyN(io.Discard, resp.Body, errBodyCap)
	}
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	f := p.readFailure(resp.StatusCode, resp.Header, body)
	f.readErr = err
	x.fail, x.failResp, x.failBody = &f, resp, body
	return f, true
}

// backoff is exponential with full jitter between the call's bounds.
func (x *exchange) backoff() time.Duration {
	d := x.cs.minBackoff << min(x.attempts-1, 20)
	if d > x.cs.maxBackoff || d <= 0 {
		d = x.cs.maxBackoff
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
// expired context, a refused redirect, a limiter that said no, a
// certificate the client rejects.
func retryableNetErr(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, conduit.ErrRedirectRefused) || errors.Is(err, errLimiter) {
		return false
	}
	var cert *tls.CertificateVerificationError
	return !errors.As(err, &cert)
}

func isTypeError(err error) bool {
	var se *jsonv2.SemanticError
	return errors.As(err, &se)
}

// log writes one debug line per attempt, with the URL's credentials
// removed.
func (x *exchange) log(ctx context.Context, resp *http.Response, err error, retry bool) {
	l := x.c.logger
	if l == nil || !l.Enabled(ctx, slog.LevelDebug) {
		return
	}
	attrs := []slog.Attr{
		slog.String("service", x.c.svc.Name),
		slog.String("op", x.op.Name),
		slog.String("endpoint", x.op.Endpoint()),
		slog.String("url", x.safeURL()),
		slog.Int("attempt", x.attempts),
		slog.Duration("duration", time.Since(x.attemptStart)),
		slog.Bool("retry", retry),
	}
	if resp != nil {
		attrs = append(attrs, slog.Int("status", resp.StatusCode))
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", x.red.Text(err.Error())))
	}
	l.LogAttrs(ctx, slog.LevelDebug, "conduit request", attrs...)
}

// statusReader is a result that can decode a 2xx body and read the
// status word from what it decoded: one pass over the body where a scan
// for the word and the decoding took two.
type statusReader interface {
	statusOf(body []byte) (word string, decoded bool)
}

// statusDecoded reports that the call's result decoded the 2xx body whole
// and found a success word (or none) at the profile's path. Anything else
// (a result without the word's field, a body that did not decode, a
// failure word) leaves the body to the profile's own reading, which
// decides; a body the result decoded is not decoded again.
func (x *exchange) statusDecoded(h http.Header, body []byte) bool {
	p := x.op.profile()
	r, ok := x.res.(statusReader)
	if !ok || p.InBody == nil || (len(p.BlockPages) > 0 && !isJSON(h.Get("Content-Type"), body)) {
		return false
	}
	word, decoded := r.statusOf(body)
	x.ok.decoded = decoded
	return decoded && (word == "" || slices.Contains(p.InBody.OK, word))
}
