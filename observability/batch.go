package observability

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// BatchEvent is one event of a SendBatch request: its fields, and when and
// how heavily it counts.
type BatchEvent struct {
	// Data is the event's fields, checked as SendEvent checks an Event.
	Data Event `json:"data"`
	// Time is when the event happened, sent in RFC 3339 with nanoseconds;
	// the zero Time leaves it to the service, which uses the arrival time.
	Time time.Time `json:"time,omitzero"`
	// SampleRate is n when this event stands for n like it (it was kept
	// with probability 1/n), so the service weights it by n in counts and
	// sums; 0 leaves it out, which the service reads as 1.
	SampleRate int `json:"samplerate,omitzero"`
}

// EventStatus is the service's answer for one event of a batch, at the
// event's index: a batch is taken or refused event by event.
type EventStatus struct {
	raw `json:"-"`
	// Status is the event's own HTTP status: 202 when it was queued for
	// storage, 400 when it was refused.
	Status int `json:"status"`
	// Error is the service's reason for refusing the event ("Event has too
	// many columns."), empty for an accepted one.
	Error string `json:"error"`
	// Err is nil for an accepted event; otherwise an *Error (ErrAPI) with
	// the status as Code, the service's reason alone as Message and an
	// *EventFailure naming the event as Detail, or ErrMalformedResponse
	// when the answer holds no status for the event.
	Err error `json:"-"`
}

// EventFailure is the Detail of a refused event's Err: which event of the
// batch it is, kept apart from the service's reason in Error.Message so a
// caller can match or show the reason as the service wrote it.
// errors.As reaches it from the event's Err.
type EventFailure struct {
	// Index is the event's place in the events passed to SendBatch.
	Index int
}

// Error names the event, "events[2]".
func (f *EventFailure) Error() string { return fmt.Sprintf("events[%d]", f.Index) }

// SendBatch ingests events into dataset with one request (POST
// /1/batch/<dataset>), each event with its own time and sample rate, and
// returns one EventStatus an event, in order. The error is the request's:
// when it is nil the service answered for the batch, and each refused
// event is reported in its own EventStatus.Err — check them, or use
// Failed. Like SendEvent it is a write, retried only when the request
// provably never reached the service or was rate-limited, so no event is
// stored twice by a retry.
func (c *Client) SendBatch(ctx context.Context, dataset string, events []BatchEvent, opts ...Option) ([]EventStatus, error) {
	op := sendBatchOp.Op
	if err := checkDataset(op, dataset); err != nil {
		return nil, err
	}
	if err := checkBatch(op, events); err != nil {
		return nil, err
	}
	return c.postBatch(ctx, dataset, events, false, opts)
}

// postBatch is SendBatch's request, for callers that checked the input;
// gzip compresses the body.
func (c *Client) postBatch(ctx context.Context, dataset string, events []BatchEvent, gzip bool, opts []Option) ([]EventStatus, error) {
	call := transport.Call{Args: []string{dataset}, Body: events, Gzip: gzip}
	sts, err := sendBatchOp.Do(ctx, c.t, call, opts)
	if err != nil {
		return nil, err
	}
	return c.statuses(call, *sts, len(events)), nil
}

// checkBatch reports the first bad event, naming the field at fault and
// the event's index.
func checkBatch(op *transport.Op, events []BatchEvent) error {
	if len(events) == 0 {
		return op.Invalid("events", "the batch is empty")
	}
	for i, e := range events {
		if field, msg := e.Data.check(); msg != "" {
			if field == "event" {
				field = "data"
			}
			return op.Invalid(field, "events[%d]: %s", i, msg)
		}
		if e.SampleRate < 0 {
			return op.Invalid("samplerate", "events[%d]: is %d; want 1 or more (0 to leave it out)", i, e.SampleRate)
		}
	}
	return nil
}

// statuses lays the answer over the n events sent: an event the answer
// has no status for is reported as such, never taken as accepted.
func (c *Client) statuses(call transport.Call, got []EventStatus, n int) []EventStatus {
	out := make([]EventStatus, n)
	copy(out, got)
	for i := range out {
		s := &out[i]
		which := &EventFailure{Index: i}
		switch {
		case i >= len(got):
			s.Err = sendBatchOp.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse, Detail: which,
				Message: fmt.Sprintf("the answer has %d statuses for %d events: none for this one, which may or may not be stored", len(got), n)})
		case s.Status == 0:
			s.Err = sendBatchOp.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse, Detail: which,
				Message: "the event has no status in the answer, so it may or may not be stored", Body: s.RawJSON()})
		case s.Status >= 200 && s.Status <= 299:
		default:
			msg := s.Error
			if msg == "" {
				msg = http.StatusText(s.Status) // "" for a status HTTP does not name
			}
			s.Err = sendBatchOp.Fail(c.t, call, transport.Problem{Code: strconv.Itoa(s.Status), Detail: which,
				Message: msg, Body: s.RawJSON()})
		}
	}
	return out
}

// Failed returns the indexes of the events of a SendBatch answer that
// were not accepted, so a caller can log or re-send exactly those.
func Failed(statuses []EventStatus) []int {
	var out []int
	for i, s := range statuses {
		if s.Err != nil {
			out = append(out, i)
		}
	}
	return out
}
