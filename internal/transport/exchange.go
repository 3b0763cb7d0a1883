package transport

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// exchange is one call in flight: the operation, the settings it runs
// with, and its state across attempts. It is itself the context of the
// call's requests, the caller's context with the exchange as one more
// value, so that the retry loop's hooks and the transport find it there
// without a context built per call.
type exchange struct {
	context.Context // the caller's
	c               *Client
	op              *Op
	call            *Call // &callv
	callv           Call  // the call, copied, so that the caller's need not escape
	cs              *callSettings
	red             *redact.Set
	url             string // the URL as sent, credentials included: printed only through safeURL
	credentialed    bool   // carries a secret: the redirect rules are stricter
	write           bool   // retried only when provably unsent or rate limited
	retries         int
	start           time.Time
	attemptStart    time.Time
	attempts        int
	retryAfter      time.Duration // the server's last requested wait
	last            *http.Response
	route, major    string   // the call's bucket, where the service reports buckets
	fail            *failure // the last failure answer, read by the retry check
	failResp        *http.Response
	failBody        []byte
	ok              okAnswer     // the last 2xx body, when the retry check read it
	res             result       // what the call does with a 2xx answer
	mw              *wrapped     // nil unless the call has middleware
	bodyReads       int          // of a replayed body
	firstBody       bytes.Reader // the reader of its length probe and first attempt
}

// replay reads b for the retry loop: the loop reads the length of the
// first reader and closes it, then sends it with the first attempt, so
// those two share the exchange's own reader; any later reader (a retry, a
// redirect, net/http rewinding) is a new one, as net/http may still be
// reading the one before. The readers are plain *bytes.Reader, which the
// loop wraps in io.NopCloser: net/http knows both as a body in memory and
// writes the headers with the body (a reader of conduit's own type made it
// flush the headers first, one more write per request on a socket).
func (x *exchange) replay(b []byte) retryablehttp.ReaderFunc {
	return func() (io.Reader, error) {
		x.bodyReads++
		r := &x.firstBody
		if x.bodyReads > 2 {
			r = new(bytes.Reader)
		}
		r.Reset(b)
		return r, nil
	}
}

// safeURL is the call's URL with its credentials removed, for an error, a
// log line or a Response: redacted when one asks, not on every call.
func (x *exchange) safeURL() string {
	if x.url == "" {
		return ""
	}
	return x.red.Text(x.url)
}

// okAnswer is a 2xx body the retry check read whole to look for a status
// word or a failure page, kept so that the result reads it from here.
type okAnswer struct {
	read bool // the fields below hold an answer
	body []byte
	err  error    // why it could not be read
	fail *failure // the failure its status word or a page reported, if any
	// decoded: the result decoded it whole, to read its status word
	// (statusReader), and need not decode it again.
	decoded bool
}

type exchangeKey struct{}

// Value is the caller's context's value, and the exchange for exchangeKey.
func (x *exchange) Value(key any) any {
	if key == (exchangeKey{}) {
		return x
	}
	return x.Context.Value(key)
}

// Format prints the call's service and operation whatever the verb: the
// exchange is the context a caller's transport and middleware receive, and
// it holds the call's credentials (a webhook token among its arguments).
func (x *exchange) Format(f fmt.State, _ rune) { io.WriteString(f, x.String()) }

// String names the exchange in a context's String.
func (x *exchange) String() string {
	return "transport.exchange{" + x.c.svc.Name + " " + x.op.Name + "}"
}

// LogValue keeps log/slog to the same short form.
func (x *exchange) LogValue() slog.Value { return slog.StringValue(x.String()) }

// exchangeOf returns the exchange a request belongs to, or nil.
func exchangeOf(ctx context.Context) *exchange {
	x, _ := ctx.Value(exchangeKey{}).(*exchange)
	return x
}

// result is what a call does with a 2xx answer; it owns resp.Body.
type result interface {
	accept(x *exchange, resp *http.Response) error
}

// exchange runs one call: settings, request, the retry loop, and the
// answer handed to res or turned into an *Error.
func (c *Client) exchange(ctx context.Context, op *Op, call *Call, opts []conduit.Option, res result) error {
	if ctx == nil {
		return op.Invalid("ctx", "nil context")
	}
	cs, err := c.forCall(op, opts)
	if err != nil {
		return err
	}
	x := &exchange{Context: ctx, c: c, op: op, callv: *call, cs: cs, res: res}
	if len(cs.responses) > 0 { // only the captured Response reads it
		x.start = time.Now()
	}
	x.call = &x.callv
	call = x.call
	req, err := x.request()
	if err != nil {
		x.capture(nil)
		return err
	}
	resp, err := x.send(req)
	if call.Upload != nil {
		// net/http may still be copying the file after the answer came.
		defer call.Upload.Stop(ctx)
	}
	switch {
	case err != nil:
		if resp != nil {
			drainClose(resp.Body)
		}
		err = x.transportError(err)
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		err = x.answerError(resp, res)
	default:
		x.last = resp
		err = res.accept(x, resp)
	}
	x.capture(x.last)
	return err
}

// request builds the first attempt's request: URL, body, headers and
// credentials, every check made before any I/O.
func (x *exchange) request() (*retryablehttp.Request, error) {
	c, op, call := x.c, x.op, x.call
	baseName := op.Base
	if x.cs.base != "" {
		if op.Name != doName {
			return nil, op.Invalid("options", "conduit.WithBase: %s has its own base URL; WithBase chooses one for Do", op.Endpoint())
		}
		baseName = x.cs.base
	}
	base, err := c.base(op, baseName)
	if err != nil {
		return nil, err
	}
	auth := c.auth(op, baseName)
	p, err := c.place(op, auth)
	if err != nil {
		return nil, err
	}
	// Do's query is the caller's own, like WithQuery's.
	callerQuery := x.cs.query
	if op.Name == doName {
		callerQuery = append(call.Query[:len(call.Query):len(call.Query)], x.cs.query...)
	}
	if err := x.refuseSecondCredential(p.query, callerQuery); err != nil {
		return nil, err
	}
	secrets := append(call.Secrets[:len(call.Secrets):len(call.Secrets)], callerSecrets(x.cs.header, callerQuery)...)
	x.red = c.vault().red.With(secrets)
	u, err := buildURL(base, op, call.Args, p.pathKey, call.Query, x.cs.query, p.query)
	if err != nil {
		return nil, err
	}
	x.url = u.raw
	body, contentType, err := x.body(p.body)
	if err != nil {
		return nil, err
	}
	x.credentialed = auth.credentialed() || len(secrets) > 0
	if c.buckets != nil {
		x.route, x.major = c.buckets.RouteKey(op.Method, op.Path, op.Name == doName, call.Args)
	}
	x.write = (op.Write || call.Write) && !(op.Idempotent || call.Idempotent || x.cs.idempotent)
	x.retries = x.cs.maxRetries
	if call.Upload != nil && !call.Upload.Replayable {
		x.retries = 0
	}
	sent := body
	if b, ok := body.([]byte); ok {
		sent = x.replay(b)
	}
	hr, err := newRequest(x, op.Method, u)
	req := &retryablehttp.Request{Request: hr}
	if err == nil {
		err = req.SetBody(sent)
	}
	if err != nil {
		return nil, x.complete(&conduit.Error{Message: x.red.Text(err.Error()), Err: conduit.ErrInvalidParam})
	}
	if err := x.headers(req.Header, contentType, &p); err != nil {
		return nil, err
	}
	ns, use := "", cacheOff
	if c.cache != nil {
		ns, use = x.cacheSpace(auth, &p, secrets)
	}
	if len(x.cs.middleware) > 0 || len(x.cs.attemptMW) > 0 || use != cacheOff {
		x.wrap(body, &p)
		x.mw.cacheNS, x.mw.cacheUse = ns, use
	}
	return req, nil
}

// refuseSecondCredential fails a call that would send the client's
// credential parameter a second time: servers disagree on which of two
// values counts (Google reads the first), so the caller's could replace the
// client's, or the client's key could reach wherever the caller's leads.
func (x *exchange) refuseSecondCredential(placed, caller []string) error {
	for i := 0; i+1 < len(placed); i += 2 {
		for k := 0; k+1 < len(caller); k += 2 {
			if sameParam(placed[i], caller[k]) {
				return x.op.Invalid("options", "the query parameter %q carries %s's credential, which the client sends itself; set it with the package's credential option", placed[i], x.c.svc.Name)
			}
		}
	}
	return nil
}

// body returns the request body and its type: the upload, or the JSON
// body with the caller's extra members and the body credentials. The
// client's extra members go into every JSON object its calls send and
// nowhere else; the call's own are refused where there is no object to
// put them in, except that they give a body-less write one.
func (x *exchange) body(creds []string) (any, string, error) {
	call := x.call
	callFields := len(x.cs.fields) > len(x.c.defaults.fields) // the client's come first
	noObject := call.Body == nil && len(creds) == 0
	if call.Upload != nil {
		if hook, ok := x.Value(partsHookKey{}).(func([]FormPart)); ok {
			hook(call.Upload.parts)
		}
		if err := call.Upload.check(x.op); err != nil {
			return nil, "", err
		}
	}
	switch {
	case call.Upload != nil && callFields:
		return nil, "", x.op.Invalid("options", "conduit.WithBodyField: %s sends a file, not a JSON object", x.op.Endpoint())
	case call.Upload != nil:
		return retryablehttp.ReaderFunc(call.Upload.Body), call.Upload.ContentType, nil
	case call.Text != "" && callFields:
		return nil, "", x.op.Invalid("options", "conduit.WithBodyField: %s sends text, not a JSON object", x.op.Endpoint())
	case call.Text != "":
		return []byte(call.Text), "text/plain", nil
	case noObject && callFields && (x.op.Method == http.MethodGet || x.op.Method == http.MethodHead):
		return nil, "", x.op.Invalid("options", "conduit.WithBodyField: %s sends no body", x.op.Endpoint())
	case noObject && !callFields:
		return nil, "", nil
	}
	for _, f := range x.cs.fields {
		if slices.Contains(x.op.Fixed, f.Name) {
			return nil, "", x.op.Invalid("options", "conduit.WithBodyField(%q): %s decides whether %s may be retried; set it through the operation", f.Name, f.Name, x.op.Endpoint())
		}
	}
	b, err := jsonBody(call.Body, x.cs.fields, creds)
	if err != nil {
		return nil, "", x.op.Invalid("body", "%s", x.red.Text(err.Error()))
	}
	if call.Gzip {
		b = gzipped(b)
	}
	return b, "application/json", nil
}

// gzipped returns b compressed; writing to memory cannot fail.
func gzipped(b []byte) []byte {
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	zw.Close()
	return out.Bytes()
}

var jsonMediaType = []string{"application/json"}

// headers sets what every request carries, the caller's headers, and the
// credentials last so that nothing replaces them.
func (x *exchange) headers(h http.Header, contentType string, p *placed) error {
	h["Accept"] = jsonMediaType
	if x.op.Accept != "" {
		h["Accept"] = []string{x.op.Accept}
	}
	h["User-Agent"] = x.c.ua
	switch contentType {
	case "":
	case "application/json":
		h["Content-Type"] = jsonMediaType
		if x.call.Gzip {
			h["Content-Encoding"] = []string{"gzip"}
		}
	default:
		h["Content-Type"] = []string{contentType}
	}
	for _, list := range [][]string{x.call.Header, x.cs.header} {
		for i := 0; i+1 < len(list); i += 2 {
			name := http.CanonicalHeaderKey(list[i])
			if name == p.header[0] || (name == "User-Agent" && p.ua != "") {
				return x.op.Invalid("options", "the %s header carries %s's credential; set it with the package's credential option", name, x.c.svc.Name)
			}
			h.Set(name, list[i+1])
		}
	}
	p.apply(h)
	if p.basic[0] != "" {
		(&http.Request{Header: h}).SetBasicAuth(p.basic[0], p.basic[1])
	}
	return nil
}

// capture fills the caller's Response values, if the call asked for any.
func (x *exchange) capture(resp *http.Response) {
	if len(x.cs.responses) == 0 {
		return
	}
	r := conduit.Response{URL: x.safeURL(), Attempts: x.attempts, Elapsed: time.Since(x.start)}
	if x.mw != nil {
		r.Cache = x.mw.info.Cache
	}
	if resp != nil {
		r.StatusCode = resp.StatusCode
		r.Header = x.redactHeader(resp.Header)
		r.RequestID = x.red.Text(headerRequestID(x.op.profile(), resp.Header))
		r.RateLimit = x.red.RateLimit(x.op.profile().rateLimit(resp.Header))
	}
	for _, dst := range x.cs.responses {
		*dst = r
	}
}

func (x *exchange) redactHeader(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, vs := range h {
		k = x.red.Name(k) // a server can echo a credential into a name
		for _, v := range vs {
			out[k] = append(out[k], x.red.Text(v))
		}
	}
	return out
}
