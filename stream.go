package conduit

import (
	"bytes"
	"io"
	"iter"
	"reflect"
	"sync/atomic"

	"github.com/conduit-sdk/conduit/internal/sse"
)

// Stream hands over the events of a server-sent-event stream one by one, as
// soon as each arrives, each decoded from its JSON data into a T:
//
//	for s.Next() {
//		chunk := s.Current()
//	}
//	if err := s.Err(); err != nil { … }
//
// or, with range:
//
//	for chunk, err := range s.All() { … }
//
// The stream ends at its end marker (OpenAI-style "[DONE]"), at the end of
// the body, on an error the service sends inside the stream ({"error": …},
// an *Error wrapping ErrAPI), or on a read or decode failure. Methods that
// stream document where their stream must end; one that ends early fails
// with an *Error wrapping io.ErrUnexpectedEOF, never silently short.
//
// Close releases the connection. It may be called from another goroutine
// while Next waits for data, which makes that Next return false.
type Stream[T any] struct {
	body io.Reader
	dec  *sse.Decoder
	cfg  sse.Config
	cur  T
	// optional holds the paths of the records that may follow the top
	// one, when they are the only ones (see decode).
	optional [][]int
	err      error
	done     bool
	final    bool // the last event arrived (sse.Config.Final)
	closed   atomic.Bool
}

// NewStream reads a stream of JSON events from r: what a package's
// streaming method returns, built from any reader, for test doubles of
// code that consumes streams. An event whose data is [DONE] ends it
// normally, as does the end of r. If r is an io.Closer, Close and the end
// of the stream close it.
func NewStream[T any](r io.Reader) *Stream[T] {
	s := &Stream[T]{body: r}
	if b, ok := r.(*sse.Body); ok {
		s.cfg = b.Config
	}
	s.dec = sse.NewDecoder(r, s.cfg.MaxEventBytes)
	s.optional = optionalPaths(reflect.TypeFor[*T]())
	return s
}

var errorMember = []byte(`"error"`)

// Next advances to the next value and reports whether there is one; it
// returns false at the end of the stream, after an error (see Err), and
// once Close has been called.
func (s *Stream[T]) Next() bool {
	if s.done || s.closed.Load() || s.dec == nil {
		return false // a zero Stream is empty
	}
	if s.final {
		return s.end(nil)
	}
	for {
		ev, err := s.dec.Next()
		switch {
		case s.closed.Load():
			return s.end(nil) // the caller closed it: no failure to report
		case err == io.EOF && (s.cfg.Done != "" || s.cfg.Final != nil):
			return s.end(s.fail(sse.Problem{Cause: io.ErrUnexpectedEOF}))
		case err == io.EOF:
			return s.end(nil)
		case err != nil:
			return s.end(s.fail(sse.Problem{Cause: err}))
		}
		data := bytes.TrimSpace(ev.Data)
		if s.isDone(data) {
			return s.end(nil)
		}
		if len(data) == 0 {
			continue
		}
		// The decoder reuses its buffer; the value keeps slices of this
		// copy (its raw JSON).
		data = bytes.Clone(data)
		if bytes.Contains(data, errorMember) && isErrorEvent(data) || s.cfg.Failure != nil && s.cfg.Failure(data) {
			return s.end(s.fail(sse.Problem{Event: data}))
		}
		if err := s.decode(data); err != nil {
			return s.end(s.fail(sse.Problem{Event: data, Cause: err}))
		}
		s.final = s.cfg.Final != nil && s.cfg.Final(data)
		return true
	}
}

// decode decodes one event's data into s.cur. An event type whose only
// records below the top are optional ones (a chunk's usage, on the last
// chunk alone) is decoded as plainly as the decoder can, marking nothing
// below the top, and again by conduit's own decoder, which marks them,
// only when one of them arrived.
func (s *Stream[T]) decode(data []byte) error {
	var zero T
	s.cur = zero
	if s.optional != nil {
		if err := decodeUnmarked(data, &s.cur); err == nil && !anySet(&s.cur, s.optional) {
			return nil
		}
		s.cur = zero
	}
	return decodeJSON(data, &s.cur)
}

func (s *Stream[T]) isDone(data []byte) bool {
	if s.cfg.Done != "" {
		return string(data) == s.cfg.Done
	}
	return string(data) == "[DONE]"
}

// isErrorEvent reports whether data is an object whose "error" member is
// set: what OpenAI-compatible servers send when generation fails midway.
func isErrorEvent(data []byte) bool {
	var probe struct {
		Error jsonValue `json:"error"`
	}
	return decodeJSON(data, &probe) == nil && len(probe.Error) > 0 && string(probe.Error) != "null"
}

func (s *Stream[T]) fail(p sse.Problem) error {
	if s.cfg.Fail != nil {
		return s.cfg.Fail(p)
	}
	e := &Error{Err: p.Cause, Body: p.Event}
	switch {
	case p.Cause == nil:
		e.Err, e.Message = ErrAPI, "the server ended the stream with an error"
	case p.Event != nil:
		e.Err, e.Message = ErrMalformedResponse, "decoding a stream event: "+p.Cause.Error()
	}
	return e
}

func (s *Stream[T]) end(err error) bool {
	s.done, s.err = true, err
	s.close()
	return false
}

func (s *Stream[T]) close() error {
	if s.closed.Swap(true) {
		return nil
	}
	if c, ok := s.body.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Current returns the value the last successful Next decoded.
func (s *Stream[T]) Current() T { return s.cur }

// Err returns the error that ended the stream, or nil after a normal end
// or a Close.
func (s *Stream[T]) Err() error { return s.err }

// Close releases the stream's connection. It is safe to call more than
// once and concurrently with Next.
func (s *Stream[T]) Close() error { return s.close() }

// All ranges over the remaining values. If the stream fails, the last pair
// carries the error with a zero value. Breaking out of the loop closes the
// stream.
func (s *Stream[T]) All() iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		defer s.Close()
		for s.Next() {
			if !yield(s.cur, nil) {
				return
			}
		}
		if s.err != nil {
			var zero T
			yield(zero, s.err)
		}
	}
}
