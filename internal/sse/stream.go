package sse

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Config says how a Stream ends and whom its errors name.
type Config struct {
	Service, Op, Endpoint string
	// Done is the data that marks the normal end ("[DONE]"). When set, an
	// input that ends before it is an error wrapping io.ErrUnexpectedEOF,
	// never a silently short answer.
	Done string
	// MaxEventBytes caps a line and an event (DefaultMaxEventBytes if 0).
	MaxEventBytes int
	// Redact hides the client's credentials in what an error quotes from
	// the stream (a server may echo the request back); see
	// transport.Client.Redactor.
	Redact func(string) string
}

// Stream decodes each event's JSON data into a T as it arrives.
//
//	for s.Next() {
//		chunk := s.Current()
//	}
//	if err := s.Err(); err != nil { … }
//
// An error object sent inside the stream ({"error": {…}}) ends it with an
// *transport.Error carrying the provider's code and message. Close releases
// the connection; so does reaching the end or cancelling the context.
type Stream[T any] struct {
	body io.ReadCloser
	dec  *Decoder
	cfg  Config
	cur  T
	err  error
	done bool
}

// NewStream reads events from body, which it closes when the stream ends.
func NewStream[T any](body io.ReadCloser, cfg Config) *Stream[T] {
	return &Stream[T]{body: body, dec: NewDecoder(body, cfg.MaxEventBytes), cfg: cfg}
}

var errorKey = []byte(`"error"`)

// Next advances to the next value, reporting false at the end or on error.
func (s *Stream[T]) Next() bool {
	if s.done {
		return false
	}
	for {
		ev, err := s.dec.Next()
		if err != nil {
			if err == io.EOF {
				if s.cfg.Done != "" {
					err = io.ErrUnexpectedEOF
				} else {
					err = nil
				}
			}
			return s.finish(err)
		}
		data := bytes.TrimSpace(ev.Data)
		if s.cfg.Done != "" && string(data) == s.cfg.Done {
			return s.finish(nil)
		}
		if len(data) == 0 {
			continue
		}
		if bytes.Contains(data, errorKey) {
			if err := s.streamError(data); err != nil {
				return s.finish(err)
			}
		}
		var zero T
		s.cur = zero
		if err := s.decode(data); err != nil {
			msg := "decoding a stream event: " + err.Error()
			if r := s.cfg.Redact; r != nil {
				msg = r(msg)
			}
			return s.finish(&transport.Error{Service: s.cfg.Service, Op: s.cfg.Op, Endpoint: s.cfg.Endpoint,
				Message: msg, Err: transport.ErrMalformedResponse})
		}
		return true
	}
}

// decode calls T's own UnmarshalJSON directly when it has one: going
// through json.Unmarshal would scan every chunk once more to validate it,
// and the method validates as it decodes anyway.
func (s *Stream[T]) decode(data []byte) error {
	if u, ok := any(&s.cur).(json.Unmarshaler); ok {
		return u.UnmarshalJSON(data)
	}
	return json.Unmarshal(data, &s.cur)
}

// streamError recognises an event whose top-level "error" member is set.
func (s *Stream[T]) streamError(data []byte) error {
	var probe struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &probe) != nil || len(probe.Error) == 0 || string(probe.Error) == "null" {
		return nil
	}
	code, msg := transport.ProviderError(data)
	if msg == "" {
		msg = "the server ended the stream with an error"
	}
	body := string(data)
	if r := s.cfg.Redact; r != nil {
		code, msg, body = r(code), r(msg), r(body)
	}
	return &transport.Error{Service: s.cfg.Service, Op: s.cfg.Op, Endpoint: s.cfg.Endpoint, Code: code, Message: msg,
		Body: []byte(body), BodyType: "text/event-stream", Err: transport.ErrAPI}
}

func (s *Stream[T]) finish(err error) bool {
	s.done = true
	if err != nil && s.err == nil {
		var te *transport.Error
		if !errors.As(err, &te) {
			err = &transport.Error{Service: s.cfg.Service, Op: s.cfg.Op, Endpoint: s.cfg.Endpoint,
				Message: "reading the stream: " + err.Error(), Err: err}
		}
		s.err = err
	}
	s.body.Close()
	return false
}

// Current returns the value Next decoded.
func (s *Stream[T]) Current() T { return s.cur }

// Err returns the error that ended the stream, or nil after a normal end.
func (s *Stream[T]) Err() error { return s.err }

// Close releases the connection. It is safe to call more than once.
func (s *Stream[T]) Close() error {
	if !s.done {
		s.done = true
		return s.body.Close()
	}
	return nil
}

// All ranges over the remaining values; the last pair carries the error
// that ended the stream, if any. Breaking out of the loop closes the stream.
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
