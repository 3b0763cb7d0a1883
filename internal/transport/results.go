package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/sse"
)

// jsonResult decodes a 2xx JSON body into out and checks it.
type jsonResult[T any] struct {
	out   *T
	check func(*T) *Problem
	text  func(*T, []byte) // reads a text/plain answer; nil: JSON only
	// fresh: out is the call's own, zero until decoded, so that a status
	// word may be read from it (statusOf) and it emptied again; a caller's
	// value (Into) is decoded once, onto what it holds.
	fresh bool
	word  int // the field holding the status word, -1 for none (wordField)
}

func (r jsonResult[T]) accept(x *exchange, resp *http.Response) error {
	body, err := x.readJSON(resp)
	if err != nil {
		return err
	}
	var derr error
	if !x.ok.decoded {
		derr = r.decode(body, resp)
	}
	if derr != nil && !isTypeError(derr) {
		return x.decodeError(body, resp, derr)
	}
	// A failure body often changes a member's type ("results": ""), so the
	// check also reads a body that decoded only in part.
	if r.check != nil {
		if p := r.check(r.out); p != nil {
			return x.bodyFailure(resp, body, failure{}, r.redactedProblem(x, body, p))
		}
	}
	if derr != nil {
		return x.decodeError(body, resp, derr)
	}
	return nil
}

// decode decodes a 2xx body into r.out: with the endpoint's text reader
// when it has one and the body is text/plain, else as JSON.
func (r jsonResult[T]) decode(body []byte, resp *http.Response) error {
	if r.text != nil && mediaTypeMatches(resp.Header.Get("Content-Type"), "text/plain") {
		r.text(r.out, body)
		return nil
	}
	return decodeInto(body, r.out)
}

// statusOf decodes a 2xx body into r.out and returns the status word at
// path (a member of the top object) as decoded, where T holds the word as
// a string field of its own: the retry rule reads it there instead of
// scanning the body before it is decoded. decoded is false, and r.out left
// empty, for any other T, a text reader, a caller's value, or a body that
// does not decode.
func (r jsonResult[T]) statusOf(body []byte) (word string, decoded bool) {
	if r.word < 0 || r.text != nil || !r.fresh {
		return "", false
	}
	var zero T
	*r.out = zero // an attempt before may have filled it
	if decodeInto(body, r.out) != nil {
		*r.out = zero
		return "", false
	}
	return reflect.ValueOf(r.out).Elem().Field(r.word).String(), true
}

// wordField returns the index of t's own field that decodes the member
// path of the top object: a string, named path exactly in its JSON tag;
// -1 for none. A type that decodes itself from bytes (UnmarshalJSON) has
// none: what its fields hold is its own choice. Declare finds it once per
// endpoint.
func wordField(t reflect.Type, path string) int {
	i := -1
	if t.Kind() == reflect.Struct && !strings.Contains(path, ".") && !reflect.PointerTo(t).Implements(v1Unmarshaler) {
		for k := range t.NumField() {
			f := t.Field(k)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.IsExported() && name == path && f.Type.Kind() == reflect.String {
				i = k
				break
			}
		}
	}
	return i
}

var v1Unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// readJSON reads a 2xx JSON body whole, capped, and turns a failure its
// status word reports into the error.
func (x *exchange) readJSON(resp *http.Response) ([]byte, error) {
	if ok := &x.ok; ok.read {
		switch {
		case ok.err != nil:
			return nil, x.readError(ok.err)
		case ok.fail != nil:
			return nil, x.bodyFailure(resp, ok.body, *ok.fail, nil)
		}
		return ok.body, nil
	}
	var body []byte
	var err error
	if resp.StatusCode != http.StatusNoContent {
		body, err = readBody(resp, x.cs.maxBytes)
	}
	resp.Body.Close()
	if err != nil {
		return nil, x.readError(err)
	}
	if f, failed := x.op.profile().inBodyFailure(resp.Header, body); failed {
		return nil, x.bodyFailure(resp, body, f, nil)
	}
	return body, nil
}

// readError is the error of a 2xx body that could not be read whole.
func (x *exchange) readError(err error) error {
	if err == conduit.ErrResponseTooLarge {
		return x.complete(&conduit.Error{Message: fmt.Sprintf("response body over the %d-byte cap", x.cs.maxBytes), Err: err})
	}
	return x.complete(&conduit.Error{Message: "reading the response body: " + err.Error(), Err: err})
}

// redactedProblem returns p as the check finds it in the body with every
// credential removed, so that its typed details hold no secret.
func (r jsonResult[T]) redactedProblem(x *exchange, body []byte, p *Problem) *Problem {
	if red := x.red.Bytes(body); !bytes.Equal(red, body) {
		if q := r.detail(red); q != nil {
			return q
		}
	}
	return p
}

// detail decodes a failure body as a T and runs the check on it.
func (r jsonResult[T]) detail(body []byte) *Problem {
	if r.check == nil {
		return nil
	}
	var v T
	if err := decodeInto(body, &v); err != nil && !isTypeError(err) {
		return nil
	}
	return r.check(&v)
}

// bodyFailure is the error of a 2xx answer whose body reports a failure:
// a status word the profile reads, or a problem the package's check found.
func (x *exchange) bodyFailure(resp *http.Response, body []byte, f failure, p *Problem) error {
	e := x.failureError(resp, body, f)
	if p != nil {
		if p.Body != nil {
			e.Body = p.Body
		}
		x.addProblem(e, p)
	}
	if e.Err == nil {
		e.Err = conduit.ErrAPI
	}
	return x.complete(e)
}

// errEmptyRecord is the decoding error of an empty or null answer where a
// record was expected.
var errEmptyRecord = errors.New("empty or null body where a record was expected")

// decodeInto decodes an answer: an empty body or null is none for a list,
// a map or a pointer (an operation declared with a *T result, whose check
// says what a missing record means) and an error for a record.
func decodeInto(b []byte, out any) error {
	t := bytes.TrimSpace(b)
	if len(t) == 0 || string(t) == "null" {
		switch reflect.TypeOf(out).Elem().Kind() {
		case reflect.Slice, reflect.Map, reflect.Interface, reflect.Pointer:
			return nil
		}
		return errEmptyRecord
	}
	return conduit.Unmarshal(b, out)
}

// discard accepts any 2xx answer and reads nothing of it.
type discard struct{}

func (discard) accept(_ *exchange, resp *http.Response) error {
	drainClose(resp.Body)
	return nil
}

// streamBody keeps the open body for a stream.
type streamBody struct{ io.ReadCloser }

func (s *streamBody) accept(_ *exchange, resp *http.Response) error {
	s.ReadCloser = resp.Body
	return nil
}

// sseBody wraps an event-stream body with what the stream needs from the
// core: its end marker and the errors of its problems.
func (c *Client) sseBody(op *Op, call *Call, body io.ReadCloser, done string) *sse.Body {
	x := &exchange{c: c, op: op, call: call, red: c.vault().red.With(call.Secrets)}
	return &sse.Body{ReadCloser: body, Config: sse.Config{Done: done, Fail: x.streamProblem}}
}

// streamProblem turns what ended a stream early into an *Error: an error
// event read with the service's profile, an event that does not decode, a
// read failure.
func (x *exchange) streamProblem(p sse.Problem) error {
	e := &conduit.Error{BodyType: "text/event-stream", Body: p.Event}
	switch {
	case p.Cause == nil:
		f := x.op.profile().readFailure(0, http.Header{"Content-Type": jsonMediaType}, p.Event)
		e.Code, e.Reason, e.Message = f.code, f.reason, f.message
		if e.Message == "" {
			e.Message = "the server ended the stream with an error"
		}
		e.Err = conduit.ErrAPI
		if f.meaning.Kind != conduit.ErrAPI && f.meaning.Kind != nil {
			e.Err = f.meaning.Kind
		}
	case p.Event != nil:
		e.Message, e.Err = "decoding a stream event: "+p.Cause.Error(), fmt.Errorf("%w: %w", conduit.ErrMalformedResponse, p.Cause)
	default:
		e.Message, e.Err = "reading the stream: "+p.Cause.Error(), p.Cause
	}
	return x.complete(e)
}

// download keeps the open body of a file, after checking its type.
type download struct {
	want        []string
	body        io.ReadCloser
	contentType string
	// x is the call that answered, for the error of a body read later
	// (a listing cut short): its attempts, URL and status.
	x      *exchange
	status int
}

// accept passes a body of a wanted type (or of no declared type: nothing
// says it is not the file) and turns any other into an *Error, since some
// services answer a bad request with status 200 and a JSON or HTML page.
func (d *download) accept(x *exchange, resp *http.Response) error {
	ct := resp.Header.Get("Content-Type")
	if ct == "" || mediaTypeMatches(ct, d.want...) {
		d.body, d.contentType = resp.Body, ct
		d.x, d.status = x, resp.StatusCode
		return nil
	}
	body, _ := readAll(resp.Body, errBodyCap)
	drainClose(resp.Body)
	f := x.op.profile().readFailure(resp.StatusCode, resp.Header, body)
	e := &conduit.Error{StatusCode: resp.StatusCode, Code: f.code, Reason: f.reason, Message: f.message,
		RequestID: f.requestID, Body: body, BodyType: ct, Err: conduit.ErrMalformedResponse}
	if f.code != "" || (f.message != "" && isJSON(ct, body)) {
		e.Err = conduit.ErrAPI
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("expected %s, got %s", strings.Join(d.want, " or "), ct)
	}
	return x.complete(e)
}

// mediaTypeMatches reports whether the Content-Type ct is one of patterns,
// each a media type ("image/png") or a type wildcard ("image/*"), compared
// without parameters or case.
func mediaTypeMatches(ct string, patterns ...string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	for _, p := range patterns {
		p = strings.ToLower(p)
		if mt == p || (strings.HasSuffix(p, "/*") && strings.HasPrefix(mt, p[:len(p)-1])) {
			return true
		}
	}
	return false
}

// DecodeRecord decodes a part of an answer a package unwraps itself (a
// GraphQL data member) the way the core decodes a whole answer: every
// conduit.Raw filled, and an empty or null part an error where a record is
// expected. b must not change afterwards.
func DecodeRecord(b []byte, out any) error { return decodeInto(b, out) }
