package sse

import "io"

// Config says how a stream of JSON events ends and who turns its problems
// into errors. The core fills it for each streamed operation; a stream a
// user builds from a bare reader gets the zero Config.
type Config struct {
	// Done is the data that marks the normal end ("[DONE]"). When set, an
	// input that ends before it is a problem wrapping io.ErrUnexpectedEOF,
	// never a silently short answer.
	Done string
	// Final, when set, reports whether an event's data is the last event
	// of a stream that has no end marker (the Responses API's
	// response.completed). The stream ends after delivering it, and an
	// input that ends before one is a problem wrapping io.ErrUnexpectedEOF.
	Final func(data []byte) bool
	// Failure, when set, reports whether an event's data is an error the
	// service sends in a shape other than {"error": …} (a typed "error"
	// event); it ends the stream as an error event does.
	Failure func(data []byte) bool
	// MaxEventBytes caps a line and an event (DefaultMaxEventBytes if 0).
	MaxEventBytes int
	// Fail turns a problem into the error the stream ends with. The core
	// names the service and operation and removes credentials.
	Fail func(Problem) error
}

// Problem is what ended a stream other than its normal end.
type Problem struct {
	// Event is the data of an event that reported an error ({"error": …})
	// or that did not decode; nil for a read failure.
	Event []byte
	// Cause is the decoding or reading error; nil for an error event.
	Cause error
}

// Body is an event-stream body together with its Config: the core hands it
// to conduit.NewStream, which recognises it.
type Body struct {
	io.ReadCloser
	Config Config
}
