// Package sse decodes server-sent events (the WHATWG event-stream format)
// and turns a stream of JSON events into a typed iterator, Stream[T].
package sse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"
)

// DefaultMaxEventBytes caps one line and one event's data.
const DefaultMaxEventBytes = 1 << 20

// ErrTooLarge reports a line or an event's data over the cap.
var ErrTooLarge = errors.New("sse: event over the size cap")

// Event is one dispatched event. Data is only valid until the next call to
// Decoder.Next; copy it to keep it.
type Event struct {
	Type  string        // the event field; "" means "message"
	ID    string        // the last id seen, as the spec carries it forward
	Data  []byte        // data lines joined with "\n"
	Retry time.Duration // the last valid retry field, 0 if none
}

// Decoder reads events from r. It reads only what the server has sent: an
// event is returned as soon as its terminating blank line arrives, never
// held back to fill a buffer.
type Decoder struct {
	r      io.Reader
	max    int
	buf    []byte
	start  int
	end    int
	skipLF bool // the last line ended in CR; a following LF belongs to it
	eof    error
	data   []byte
	ev     Event
	bom    bool
}

// NewDecoder returns a decoder reading from r with a cap of max bytes per
// line and per event (DefaultMaxEventBytes when max <= 0).
func NewDecoder(r io.Reader, max int) *Decoder {
	if max <= 0 {
		max = DefaultMaxEventBytes
	}
	return &Decoder{r: r, max: max, buf: make([]byte, 0, min(max, 16<<10))}
}

// Next returns the next event. At the end of the input it returns io.EOF; an
// event left without its blank line when the input ends is dropped, as the
// spec says, and the caller decides whether that end was expected.
func (d *Decoder) Next() (Event, error) {
	d.data = d.data[:0]
	d.ev.Type = ""
	hasData := false
	for {
		line, err := d.line()
		if err != nil {
			return Event{}, err
		}
		if len(line) == 0 {
			if !hasData {
				d.ev.Type = ""
				continue
			}
			ev := d.ev
			ev.Data = d.data
			return ev, nil
		}
		if line[0] == ':' {
			continue
		}
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], line[i+1:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
		}
		switch string(field) {
		case "data":
			if hasData {
				d.data = append(d.data, '\n')
			}
			hasData = true
			if len(d.data)+len(value) > d.max {
				return Event{}, fmt.Errorf("%w: event data passes %d bytes", ErrTooLarge, d.max)
			}
			d.data = append(d.data, value...)
		case "event":
			d.ev.Type = string(value)
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				d.ev.ID = string(value)
			}
		case "retry":
			if isDigits(value) {
				d.ev.Retry = retryDuration(value)
			}
		}
	}
}

// maxRetry is the longest retry a Duration can hold, which any larger
// value is clamped to instead of wrapping negative.
const maxRetry = time.Duration(math.MaxInt64)

// retryDuration reads a retry field's digits as milliseconds.
func retryDuration(digits []byte) time.Duration {
	n, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil || n > uint64(maxRetry/time.Millisecond) {
		return maxRetry
	}
	return time.Duration(n) * time.Millisecond
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

var byteOrderMark = []byte("\xEF\xBB\xBF")

// line returns the next line without its terminator (LF, CRLF or CR).
func (d *Decoder) line() ([]byte, error) {
	for {
		if d.skipLF && d.start < d.end {
			if d.buf[d.start] == '\n' {
				d.start++
			}
			d.skipLF = false
		}
		if !d.bom {
			// A byte-order mark is skipped at offset 0 of the stream only,
			// so the decision waits for three bytes (or the end), however
			// small the first reads are.
			head := d.buf[d.start:d.end]
			if len(head) < len(byteOrderMark) && d.eof == nil && bytes.HasPrefix(byteOrderMark, head) {
				d.fill()
				continue
			}
			d.bom = true
			if bytes.HasPrefix(head, byteOrderMark) {
				d.start += len(byteOrderMark)
			}
		}
		chunk := d.buf[d.start:d.end]
		if i := lineEnd(chunk); i >= 0 {
			line := chunk[:i]
			d.start += i + 1
			if chunk[i] == '\r' {
				d.skipLF = true
			}
			return line, nil
		}
		if len(chunk) > d.max {
			return nil, fmt.Errorf("%w: line passes %d bytes", ErrTooLarge, d.max)
		}
		if d.eof != nil {
			if len(chunk) > 0 {
				// A last line without a terminator never completes an event.
				d.start = d.end
			}
			return nil, d.eof
		}
		d.fill()
	}
}

// lineEnd returns the index of the first CR or LF in b, or -1. Two
// single-byte searches (vectorised) take a fraction of the time of
// bytes.IndexAny's set lookup per byte, which a stream pays on every line.
func lineEnd(b []byte) int {
	n := bytes.IndexByte(b, '\n')
	head := b
	if n >= 0 {
		head = b[:n]
	}
	if r := bytes.IndexByte(head, '\r'); r >= 0 {
		return r
	}
	return n
}

// fill reads whatever the server has sent so far, compacting or growing the
// buffer as needed.
func (d *Decoder) fill() {
	if d.start > 0 {
		n := copy(d.buf[:cap(d.buf)], d.buf[d.start:d.end])
		d.buf = d.buf[:n]
		d.start, d.end = 0, n
	}
	if d.end == cap(d.buf) {
		grown := make([]byte, d.end, min(2*cap(d.buf), d.max+1))
		copy(grown, d.buf[:d.end])
		d.buf = grown
	}
	n, err := d.r.Read(d.buf[d.end:cap(d.buf)])
	d.end += n
	d.buf = d.buf[:d.end]
	if err != nil {
		d.eof = err
	}
}
