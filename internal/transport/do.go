package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Do sends req and decodes a 2xx JSON body into out (a pointer; nil to
// discard). A top-level result that embeds Raw keeps its bytes; so does each
// element of a slice of such results. A non-2xx answer is an *Error.
func (c *Client) Do(ctx context.Context, req *Request, out any) error {
	resp, red, attempts, err := c.send(ctx, req)
	if err != nil {
		return err
	}
	defer drainClose(resp.Body)
	if err := c.decode(req, resp, red, out); err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Attempts = attempts
		}
		return err
	}
	return nil
}

// Stream sends req and hands back the 2xx response body unread, for event
// streams and binary downloads; the caller must close it. Cancelling ctx
// releases the connection.
func (c *Client) Stream(ctx context.Context, req *Request) (io.ReadCloser, http.Header, error) {
	resp, _, _, err := c.send(ctx, req)
	if err != nil {
		return nil, nil, err
	}
	return resp.Body, resp.Header, nil
}

// send runs one logical call: validation of what the core owns, credential
// placement, the retry loop, and the mapping of failures onto *Error. A
// returned response has a 2xx status and an open body.
func (c *Client) send(ctx context.Context, req *Request) (*http.Response, *redactor, int, error) {
	if ctx == nil {
		return nil, nil, 0, &Error{Service: c.svc.Name, Op: req.Op, Field: "ctx", Message: "nil context", Err: ErrInvalidParam}
	}
	baseName := req.Base
	if baseName == "" {
		baseName = c.def
	}
	base, ok := c.bases[baseName]
	if !ok {
		return nil, nil, 0, &Error{Service: c.svc.Name, Op: req.Op, Message: fmt.Sprintf("missing base URL %s: set it with WithBaseURL (or the package's named option) or %s", baseName, EnvName("", baseName)), Err: ErrMissingBaseURL}
	}
	auth := &c.svc.Auth
	if req.Auth != nil {
		auth = req.Auth
	}
	p, err := c.place(req.Op, auth)
	if err != nil {
		return nil, nil, 0, err
	}
	red := c.red.with(req.Secrets)
	fail := func(e *Error) (*http.Response, *redactor, int, error) {
		e.Service, e.Op, e.Endpoint = c.svc.Name, req.Op, req.Endpoint()
		return nil, nil, e.Attempts, e
	}
	u, err := buildURL(base, req, p.pathKey, p.query)
	if err != nil {
		return fail(&Error{Message: err.Error(), Err: ErrInvalidParam})
	}
	var body any
	contentType := ""
	switch {
	case req.Upload != nil:
		body = retryablehttp.ReaderFunc(req.Upload)
		contentType = req.ContentType
	case req.Body != nil || len(p.body) > 0:
		var raw []byte = []byte("{}")
		if req.Body != nil {
			if raw, err = json.Marshal(req.Body); err != nil {
				return fail(&Error{Message: "encoding the request body: " + red.string(err.Error()), Err: ErrInvalidParam})
			}
		}
		if raw, err = mergeBody(raw, p.body); err != nil {
			return fail(&Error{Message: err.Error(), Err: ErrInvalidParam})
		}
		body = raw
		contentType = "application/json"
	}
	cl := &call{policy: &c.retry, write: req.Write, retries: c.retry.max, req: req, red: red,
		credentialed: auth.credentialed() || len(req.Secrets) > 0}
	if req.Upload != nil && !req.Replayable {
		cl.retries = 0
	}
	ctx = context.WithValue(ctx, callKey{}, cl)
	rreq, err := retryablehttp.NewRequestWithContext(ctx, req.Method, u, body)
	if err != nil {
		return fail(&Error{Message: red.string(err.Error()), Err: ErrInvalidParam})
	}
	// Constant header values share one slice per process (or per client)
	// instead of allocating per request; net/http only reads them.
	h := rreq.Header
	h["Accept"] = jsonMediaType
	if req.Accept != "" {
		h["Accept"] = []string{req.Accept}
	}
	h["User-Agent"] = c.uaHeader
	switch contentType {
	case "":
	case "application/json":
		h["Content-Type"] = jsonMediaType
	default:
		h["Content-Type"] = []string{contentType}
	}
	for i := 0; i+1 < len(req.Header); i += 2 {
		h.Set(req.Header[i], req.Header[i+1])
	}
	p.apply(h)
	if p.basic[0] != "" {
		rreq.SetBasicAuth(p.basic[0], p.basic[1])
	}

	resp, err := c.rc.Do(rreq)
	if err != nil {
		if resp != nil {
			drainClose(resp.Body)
		}
		return fail(&Error{Attempts: cl.attempts, RetryAfter: cl.retryAfter, Err: red.error(err)})
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		e := errorFromResponse(resp, red)
		e.Attempts = cl.attempts
		if e.RetryAfter == 0 {
			e.RetryAfter = cl.retryAfter
		}
		return fail(e)
	}
	return resp, red, cl.attempts, nil
}

var jsonMediaType = []string{"application/json"}

// passThrough replaces retryablehttp's "giving up" error, whose text holds the
// full URL, with the last response or error as it was.
func passThrough(resp *http.Response, err error, _ int) (*http.Response, error) {
	return resp, err
}

// retryClient is the one retry loop of a Client. Its hooks find the state of
// the call they serve in the request's context, so nothing is built per call
// but that state.
func (c *Client) retryClient() *retryablehttp.Client {
	rc := &retryablehttp.Client{
		HTTPClient:   c.hc,
		RetryMax:     c.retry.max,
		CheckRetry:   c.checkRetry,
		Backoff:      c.backoff,
		ErrorHandler: passThrough,
	}
	if c.logger != nil {
		rc.RequestLogHook = func(_ retryablehttp.Logger, r *http.Request, _ int) {
			if cl := callOf(r.Context()); cl != nil {
				cl.start = time.Now()
			}
		}
	}
	return rc
}

func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	cl := callOf(ctx)
	retry, cerr := cl.check(ctx, resp, err)
	if c.logger != nil {
		attrs := []slog.Attr{
			slog.String("service", c.svc.Name),
			slog.String("op", cl.req.Op),
			slog.String("endpoint", cl.req.Endpoint()),
			slog.Int("attempt", cl.attempts),
			slog.Duration("duration", time.Since(cl.start)),
			slog.Bool("retry", retry),
		}
		if resp != nil {
			attrs = append(attrs, slog.Int("status", resp.StatusCode))
		}
		if err != nil {
			attrs = append(attrs, slog.String("error", cl.red.string(err.Error())))
		}
		c.logger.LogAttrs(ctx, slog.LevelDebug, "conduit request", attrs...)
	}
	return retry, cerr
}

// backoff uses the server's wait when the last answer named one; a failure
// with no answer (resp nil) gets the policy's jittered exponential backoff.
func (c *Client) backoff(min, max time.Duration, n int, resp *http.Response) time.Duration {
	if resp != nil && resp.Request != nil {
		if cl := callOf(resp.Request.Context()); cl != nil {
			return cl.backoff(min, max, n, resp)
		}
	}
	return (&call{policy: &c.retry}).backoff(min, max, n, resp)
}

// drainClose reads a little of what is left so the connection can be reused,
// then closes.
func drainClose(b io.ReadCloser) {
	io.CopyN(io.Discard, b, 64<<10)
	b.Close()
}
