package transport

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// wrapped is what a call with middleware keeps for it.
type wrapped struct {
	info       conduit.CallInfo
	sent       []byte // the JSON body
	placedName string // the header carrying the client's credential
	// secretNames are the call's own headers that carry one of its
	// secrets (a user's bearer token given per call): guarded as the
	// client's credential is.
	secretNames []string
	placedUA    bool // User-Agent carries it

	// With a cache: the call's key space, the way to the retry loop the
	// cache sends through, and whether the call has returned.
	cacheNS  string
	cacheUse cacheUse
	last     func(*http.Request) (*http.Response, error)
	ended    atomic.Bool
	// sharedSpace: the key space is the open one, which stores no private
	// answer. noStore: an attempt middleware added a credential the key
	// space does not know of, so no answer of the call may be stored.
	// hiddenCC is the Cache-Control the cache was not shown.
	sharedSpace bool
	noStore     atomic.Bool
	ccHidden    bool
	hiddenCC    []string
}

// wrap prepares a call for its middleware.
func (x *exchange) wrap(body any, p *placed) {
	op := x.op
	x.mw = &wrapped{placedName: p.header[0], placedUA: p.ua != "",
		info: conduit.CallInfo{Service: x.c.svc.Name, Operation: op.Name, Endpoint: op.Endpoint(), Method: op.Method,
			Write: op.Write || x.call.Write, Stream: op.Accept == "text/event-stream"}}
	x.mw.sent, _ = body.([]byte)
	for i := 0; i+1 < len(x.call.Header); i += 2 {
		for _, sec := range x.call.Secrets {
			if sec != "" && strings.Contains(x.call.Header[i+1], sec) {
				x.mw.secretNames = append(x.mw.secretNames, http.CanonicalHeaderKey(x.call.Header[i]))
				break
			}
		}
	}
}

// send runs the call's retry loop, inside the call's middleware when it
// has any. Without middleware it is the loop alone: nothing is built.
func (x *exchange) send(req *retryablehttp.Request) (*http.Response, error) {
	if len(x.cs.middleware) == 0 && (x.mw == nil || x.mw.cacheUse == cacheOff) {
		return x.c.rc.Do(req)
	}
	defer x.mw.ended.Store(true)
	view, was := x.view(req.Request, req.Context())
	if b, ok := x.sentBody(); ok {
		view.Body, view.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		view.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	}
	var got *http.Response
	var gave io.ReadCloser
	last := func(mreq *http.Request) (*http.Response, error) {
		if err := x.merge(was, mreq, req.Request); err != nil {
			return nil, err
		}
		resp, err := x.c.rc.Do(req.WithContext(x.own(mreq.Context())))
		got = resp
		if resp != nil && x.ok.read && x.ok.err == nil {
			// The retry check read the body and the result would read it
			// from x.ok: the middleware gets a copy to read.
			resp.Body = io.NopCloser(bytes.NewReader(x.ok.body))
		}
		if resp != nil {
			gave = resp.Body
		}
		return x.handOver(view, resp, err)
	}
	inner := last
	if x.mw.cacheUse != cacheOff {
		x.mw.last = last
		inner = x.throughCache(last)
	}
	resp, err := chain(x.cs.middleware, inner)(view)
	if h, ok := err.(*hiddenError); ok {
		err = h.err
	}
	if resp != got || (resp != nil && resp.Body != gave) {
		// The middleware answered itself or replaced the answer or its
		// body: what the retry check read belongs to another one.
		x.ok, x.fail = okAnswer{}, nil
		if resp != nil && resp.ContentLength == 0 && resp.Body != nil && resp.Body != http.NoBody {
			resp.ContentLength = -1 // a length left unset, not a promise of none
		}
	}
	return resp, err
}

// attempt sends one request of the call through base, inside the call's
// attempt middleware when it has any.
func (x *exchange) attempt(base http.RoundTripper, req *http.Request) (*http.Response, error) {
	if x == nil || len(x.cs.attemptMW) == 0 {
		return base.RoundTrip(req)
	}
	view, was := x.view(req, req.Context())
	last := func(mreq *http.Request) (*http.Response, error) {
		if err := x.merge(was, mreq, req); err != nil {
			return nil, err
		}
		if x.mw.cacheUse == cacheRead && addedCredential(was.header, mreq.Header) {
			x.mw.noStore.Store(true)
		}
		resp, err := base.RoundTrip(req.WithContext(x.own(mreq.Context())))
		return x.handOver(view, resp, err)
	}
	resp, err := chain(x.cs.attemptMW, last)(view)
	if h, ok := err.(*hiddenError); ok {
		err = h.err
	}
	return resp, err
}

// chain nests mws around last, the first outermost.
func chain(mws []config.Middleware, last func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	next := last
	for _, mw := range slices.Backward(mws) {
		inner := next
		next = func(r *http.Request) (*http.Response, error) { return mw(r, inner) }
	}
	return next
}

// view is req as a middleware may see it: the URL with credentials
// replaced, the placed credential header removed, every other secret
// value replaced, and no body; the context carries the CallInfo. was
// keeps it as handed over, to tell what the middleware changed.
func (x *exchange) view(req *http.Request, ctx context.Context) (*http.Request, handed) {
	v := req.WithContext(context.WithValue(ctx, config.CallKey{}, &x.mw.info))
	u, err := url.Parse(x.red.Text(req.URL.String()))
	if err != nil {
		u = &url.URL{Scheme: req.URL.Scheme, Host: req.URL.Host, Path: "/" + redact.Redacted}
	}
	v.URL, v.Host = u, u.Host
	v.Header = make(http.Header, len(req.Header))
	for k, vs := range req.Header {
		if x.placedHeader(k) {
			continue
		}
		out := make([]string, len(vs))
		for i, s := range vs {
			out[i] = x.red.Text(s)
		}
		v.Header[x.red.Name(k)] = out
	}
	v.Body, v.GetBody, v.ContentLength = nil, nil, 0
	v.Response = nil
	return v, handed{method: v.Method, url: u.String(), header: v.Header.Clone()}
}

// handed is a view as it was handed to the middleware.
type handed struct {
	method, url string
	header      http.Header
}

// placedHeader reports whether name carries the client's credential, or
// one of the call's own secrets.
func (x *exchange) placedHeader(name string) bool {
	return name != "" && (name == x.mw.placedName || (name == "User-Agent" && x.mw.placedUA) || slices.Contains(x.mw.secretNames, name))
}

// merge carries what a middleware changed in its view over to the real
// request: the headers it set or deleted, never the credential's. A
// changed method or URL fails the call, which is a typed operation's.
func (x *exchange) merge(view handed, mreq, real *http.Request) error {
	if mreq.Method != view.method || mreq.URL.String() != view.url {
		return x.op.Invalid("options", "a middleware changed the method or URL of %s; it may change headers and the context only", x.op.Endpoint())
	}
	set := canonical(mreq.Header)
	for k, vs := range set {
		if x.placedHeader(k) || slices.Equal(vs, view.header[k]) {
			continue
		}
		real.Header[k] = vs
	}
	for k := range view.header {
		if _, kept := set[k]; !kept && !x.placedHeader(k) {
			delete(real.Header, k)
		}
	}
	return nil
}

// canonical returns h with every name in its canonical form. net/http
// writes req.Header["authorization"] as a line of its own, which a server
// reads as one more Authorization header, so a name must count as the
// header it names in whatever case a middleware writes it: a name in
// another case sets that header anew, replacing the canonical entry (the
// values of several such names are joined in the order of the names).
func canonical(h http.Header) http.Header {
	out := make(http.Header, len(h))
	var variants http.Header
	for _, k := range slices.Sorted(maps.Keys(h)) {
		ck := http.CanonicalHeaderKey(k)
		if ck == k {
			if _, set := variants[ck]; !set {
				out[ck] = h[k]
			}
			continue
		}
		if variants == nil {
			variants = http.Header{}
		}
		variants[ck] = append(variants[ck], h[k]...)
		out[ck] = variants[ck]
	}
	return out
}

// own keeps the exchange in a context a middleware replaced with one not
// derived from the request's.
func (x *exchange) own(ctx context.Context) context.Context {
	if exchangeOf(ctx) == x {
		return ctx
	}
	return context.WithValue(ctx, exchangeKey{}, x)
}

// handOver gives the middleware the answer with the view as its request,
// and an error that prints no credential.
func (x *exchange) handOver(view *http.Request, resp *http.Response, err error) (*http.Response, error) {
	if resp != nil {
		resp.Request = view
	}
	if err != nil {
		shown := err
		if ue, ok := err.(*url.Error); ok {
			c := *ue
			c.URL = x.red.Text(ue.URL)
			shown = &c
		}
		err = &hiddenError{msg: x.red.Text(err.Error()), shown: shown, err: err}
	}
	return resp, err
}

// sentBody is the JSON body as a middleware may read it.
func (x *exchange) sentBody() ([]byte, bool) {
	if x.mw.sent == nil {
		return nil, false
	}
	return x.red.Bytes(x.mw.sent), true
}

// hiddenError is an error a middleware gets from next: it prints without
// the credentials the real one may quote, and unwraps to it, but for a
// *url.Error, whose URL it redacts in a copy. The exchange takes err back.
type hiddenError struct {
	msg   string
	shown error
	err   error
}

func (e *hiddenError) Error() string { return e.msg }
func (e *hiddenError) Unwrap() error { return e.shown }

// counted is a wait of the call, where a middleware can see it.
type counted uint8

const (
	retryWait counted = iota
	limitWait
)

// waited adds the time since start to one of the call's wait counters.
func (x *exchange) waited(which counted, start time.Time) {
	if x == nil || x.mw == nil {
		return
	}
	d := time.Since(start)
	if which == retryWait {
		x.mw.info.RetryWait += d
	} else {
		x.mw.info.LimitWait += d
	}
}
