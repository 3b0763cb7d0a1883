package transport

import (
	"context"
	"fmt"
	"io"
	"reflect"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/sse"
)

// Op is one operation of a service, declared once as a package-level value
// with Declare, DeclareStream or DeclareDownload: everything about the
// request that does not change from call to call.
type Op struct {
	Service *Service // set by the Declare functions
	Name    string   // the Go method: "Get"
	Method  string   // "GET"
	// Base is the placeholder of the base URL; "" is the service's default.
	Base string
	// Path is a template such as "/products/{id}". Each {name} is replaced
	// by the next of Call.Args, escaped as one path segment; a {name...}
	// parameter keeps its slashes and escapes each segment.
	Path string
	// Accept is the media type asked for; "" means JSON.
	Accept string
	// Write marks an operation that changes something on the server: it is
	// retried only when it provably never arrived, on 429, or when the call
	// is idempotent.
	Write bool
	// Idempotent marks a write the service deduplicates (a Discord message
	// with an enforced nonce), so it is retried like a read.
	Idempotent bool
	// Fixed names the body members how the call is retried rests on (a
	// GraphQL document, a JSON-RPC method and id, a message nonce):
	// conduit.WithBodyField may not replace them, or a write could go out
	// classified as a read.
	Fixed []string
	// Auth overrides the scheme of the base and the service.
	Auth *Auth
	// Status overrides what a status means for this operation's answers
	// alone (a 503 that means the query covers too much, not an outage).
	Status map[int]Meaning
	// HandsOff marks a read the service answers with a redirect to another
	// origin that serves the content without credentials (Google's photo
	// media to its content host): the redirect is followed over https,
	// with every credential header removed, where any other credentialed
	// call refuses it.
	HandsOff bool

	errors *Profile // the service's profile with Status laid over it
}

// profile is the error profile the operation's answers are read with.
func (op *Op) profile() *Profile {
	if op.errors != nil {
		return op.errors
	}
	return &op.Service.Errors
}

// Endpoint returns the redacted description used in errors and logs.
func (op *Op) Endpoint() string {
	if op.Path == "" {
		return op.Method + " /"
	}
	return op.Method + " " + op.Path
}

// Call is what changes from one call of an operation to the next.
type Call struct {
	Args   []string // path template arguments, in order
	Query  []string // name, value pairs, sent in order
	Header []string // name, value pairs
	Body   any      // encoded as JSON when non-nil
	// Upload streams a non-JSON body (multipart) instead of Body.
	Upload *Multipart
	// Gzip sends the JSON body gzip-compressed, with Content-Encoding: gzip,
	// for a service that reads it so (an ingest path).
	Gzip bool
	// Text is sent as a text/plain body instead of Body, when not empty (a
	// raw transaction's hex).
	Text string
	// Secrets are per-call credentials (a webhook token) to keep out of
	// errors and logs, and to keep from other hosts.
	Secrets []string
	// Write and Idempotent refine the operation's for this call: a JSON-RPC
	// method that may change state, a GraphQL mutation, a message sent with
	// an enforced nonce.
	Write      bool
	Idempotent bool
}

// Invalid is the error for bad input to op, returned before any I/O. The
// message says what is wrong; it never quotes a credential.
func (op *Op) Invalid(field, format string, args ...any) error {
	return &conduit.Error{Service: op.Service.Name, Op: op.Name, Field: field,
		Message: fmt.Sprintf(format, args...), Err: conduit.ErrInvalidParam}
}

// Problem is what a package's result check found wrong with an answer the
// core decoded: a JSON-RPC error object, GraphQL errors, an envelope's
// failure flag or status word. The core turns it into the *Error.
type Problem struct {
	// Code and Message are the service's words for it.
	Code, Message string
	// Kind is the sentinel the problem means when the service's profile
	// does not already say (ErrMalformedResponse for an answer that breaks
	// the protocol); nil means the profile classifies Code (ErrAPI by
	// default).
	Kind error
	// Detail carries typed details (the RPC error, the GraphQL error list).
	Detail error
	// Body is the part of the answer at fault, quoted in Error.Body; nil
	// means the whole body.
	Body []byte
}

// Endpoint is an operation whose 2xx answer decodes into a T.
type Endpoint[T any] struct {
	*Op
	check func(*T) *Problem
	text  func(*T, []byte)
	word  int // T's field holding the profile's status word, -1 for none
}

// Declare binds an operation answered with a JSON T to svc. check, if not
// nil, inspects every decoded answer (and any failure body that decodes as
// a T): a non-nil Problem makes the call fail with it.
func Declare[T any](svc *Service, op Op, check func(*T) *Problem) *Endpoint[T] {
	e := &Endpoint[T]{Op: &op, check: check, word: -1}
	svc.declare(e.Op)
	if in := e.Op.profile().InBody; in != nil {
		e.word = wordField(reflect.TypeFor[T](), in.Path)
	}
	return e
}

// ReadsText makes the endpoint take a text/plain answer too, handed to
// read, for a service that answers in plain text when asked to (a
// transcript); any other answer is still JSON. It returns e.
func (e *Endpoint[T]) ReadsText(read func(out *T, body []byte)) *Endpoint[T] {
	e.text = read
	return e
}

// Do sends one call and returns the decoded answer. On error the result is
// nil, never a zero record.
func (e *Endpoint[T]) Do(ctx context.Context, c *Client, call Call, opts []conduit.Option) (*T, error) {
	// The result and the way it is decoded share one allocation.
	box := &struct {
		out T
		res jsonResult[T]
	}{}
	box.res = jsonResult[T]{out: &box.out, check: e.check, text: e.text, word: e.word, fresh: true}
	if err := c.exchange(ctx, e.Op, &call, opts, &box.res); err != nil {
		return nil, err
	}
	return &box.out, nil
}

// Into is Do decoding into out, which keeps what a 2xx answer held even when
// the check failed it: GraphQL's partial data beside its errors.
func (e *Endpoint[T]) Into(ctx context.Context, c *Client, call Call, opts []conduit.Option, out *T) error {
	return c.exchange(ctx, e.Op, &call, opts, jsonResult[T]{out: out, check: e.check, text: e.text, word: -1})
}

// Send sends one call whose answer has nothing to decode (a 204, an
// acknowledgement the package does not type).
func (e *Endpoint[T]) Send(ctx context.Context, c *Client, call Call, opts []conduit.Option) error {
	return c.exchange(ctx, e.Op, &call, opts, discard{})
}

// Fail builds the error for a problem a package finds in an answer after
// Do returned it (one failed element of a batch), named and redacted as
// the core's own.
func (e *Endpoint[T]) Fail(c *Client, call Call, p Problem) error {
	return c.problemError(e.Op, &call, p)
}

// StreamEndpoint is an operation answered with a stream of JSON events.
type StreamEndpoint[T any] struct {
	*Op
	done           string
	final, failure func(data []byte) bool
}

// DeclareStream binds a streamed operation to svc; done is the data that
// marks its normal end ("[DONE]"), or "" when the end of the body is the
// end of the stream.
func DeclareStream[T any](svc *Service, op Op, done string) *StreamEndpoint[T] {
	if op.Accept == "" {
		op.Accept = "text/event-stream"
	}
	e := &StreamEndpoint[T]{Op: &op, done: done}
	svc.declare(e.Op)
	return e
}

// EndsWith declares how a stream without an end marker ends: final reports
// its last event, after which the stream ends (a body cut before one is an
// *Error wrapping io.ErrUnexpectedEOF), and failure, which may be nil, an
// error event in a shape other than {"error": …}, which ends it with an
// *Error read with the service's profile. It returns e, for declarations.
func (e *StreamEndpoint[T]) EndsWith(final, failure func(data []byte) bool) *StreamEndpoint[T] {
	e.final, e.failure = final, failure
	return e
}

// Open sends one call and returns its stream; the caller drains or closes
// it.
func (e *StreamEndpoint[T]) Open(ctx context.Context, c *Client, call Call, opts []conduit.Option) (*conduit.Stream[T], error) {
	var body streamBody
	if err := c.exchange(ctx, e.Op, &call, opts, &body); err != nil {
		return nil, err
	}
	return conduit.NewStream[T](e.body(c, &call, body.ReadCloser)), nil
}

// Reader returns the stream a test double builds from r, ended and failed
// exactly as Open's.
func (e *StreamEndpoint[T]) Reader(c *Client, r io.Reader) *conduit.Stream[T] {
	return conduit.NewStream[T](e.body(c, &Call{}, io.NopCloser(r)))
}

func (e *StreamEndpoint[T]) body(c *Client, call *Call, r io.ReadCloser) *sse.Body {
	b := c.sseBody(e.Op, call, r, e.done)
	b.Config.Final, b.Config.Failure = e.final, e.failure
	return b
}

// DownloadEndpoint is an operation answered with a file.
type DownloadEndpoint struct {
	*Op
	want []string
}

// DeclareDownload binds an operation answered with a file of one of the
// media types in want ("image/*" matches every image type) to svc.
func DeclareDownload(svc *Service, op Op, want ...string) *DownloadEndpoint {
	e := &DownloadEndpoint{Op: &op, want: want}
	svc.declare(e.Op)
	return e
}

// Open sends one call and returns the file's body, which the caller must
// close, and its Content-Type. A 2xx answer of another type (a JSON error
// page under status 200) is an *Error.
func (e *DownloadEndpoint) Open(ctx context.Context, c *Client, call Call, opts []conduit.Option) (io.ReadCloser, string, error) {
	d, err := e.open(ctx, c, call, opts)
	if err != nil {
		return nil, "", err
	}
	return d.body, d.contentType, nil
}

// open is Open keeping the answered call, for the errors of its body.
func (e *DownloadEndpoint) open(ctx context.Context, c *Client, call Call, opts []conduit.Option) (*download, error) {
	d := &download{want: e.want}
	if err := c.exchange(ctx, e.Op, &call, opts, d); err != nil {
		return nil, err
	}
	return d, nil
}

// Fail builds the error for a problem a package finds in a body Open
// handed over (a stream of JSON values cut short or broken), named and
// redacted as the core's own.
func (e *DownloadEndpoint) Fail(c *Client, call Call, p Problem) error {
	return c.problemError(e.Op, &call, p)
}
