package transport

import (
	"errors"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
)

// Bodies are gathered in chunks that start small and double up to
// maxChunk, so a short answer costs one small buffer and a long one is never
// copied while it grows; sureLength is how long a declared length may be
// and still be trusted with one buffer before any byte arrives, and
// proofShare the share of a longer one that must arrive first.
const (
	firstChunk = 4 << 10
	maxChunk   = 1 << 20
	sureLength = 64 << 10
	proofShare = 16
)

// readBody reads a whole body, failing as soon as it passes max. A declared
// length over max fails unread. A long declared length is not trusted with
// memory before the body proves it: the bytes are gathered in chunks until
// a sixteenth of the declared length has arrived, and only then is one
// buffer of the full length made, so a server that declares gigabytes and
// sends nothing pins nothing, and a long body costs little more than its
// length at its peak (the chunks that proved it, then the buffer).
func readBody(resp *http.Response, max int64) ([]byte, error) {
	if resp.ContentLength > max {
		return nil, conduit.ErrResponseTooLarge
	}
	declared := resp.ContentLength
	body := io.Reader(resp.Body)
	if declared < 0 {
		// Read no further than the byte that proves the cap passed: the
		// rest of an oversized answer stays unread on the wire.
		body = io.LimitReader(resp.Body, max+1)
	}
	var chunks [][]byte
	var total int64
	size := firstChunk
	for {
		if declared >= 0 && (declared <= sureLength || total >= declared/proofShare) {
			return readRest(resp.Body, chunks, total, declared)
		}
		n := size
		if declared >= 0 {
			n = int(min(int64(n), declared/proofShare-total)) // no further than the proof
		}
		chunk := make([]byte, n)
		size = min(2*size, maxChunk)
		n, err := io.ReadFull(body, chunk)
		total += int64(n)
		if total > max {
			return nil, conduit.ErrResponseTooLarge
		}
		if n > 0 {
			chunks = append(chunks, chunk[:n:n])
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return join(chunks, total), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// readRest reads a proven sized body into one buffer of its declared
// length, after what already arrived, then reads on to EOF so the
// connection goes back to the pool at once.
func readRest(r io.Reader, chunks [][]byte, total, declared int64) ([]byte, error) {
	b := make([]byte, declared, declared+1)
	off := 0
	for _, c := range chunks {
		off += copy(b[off:], c)
	}
	if _, err := io.ReadFull(r, b[off:]); err != nil {
		return nil, err
	}
	if n, _ := r.Read(b[declared : declared+1]); n > 0 {
		return nil, errors.New("the body is longer than its Content-Length")
	}
	return b, nil
}

// join makes one slice of the chunks, letting each go once it is copied.
func join(chunks [][]byte, total int64) []byte {
	switch len(chunks) {
	case 0:
		return []byte{}
	case 1:
		return chunks[0]
	}
	out := make([]byte, 0, total)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil
	}
	return out
}

// readAll reads at most max bytes of r, for failure bodies whose excess is
// of no interest.
func readAll(r io.Reader, max int64) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, max))
}

// drainClose reads a little of what is left so the connection can be
// reused, then closes.
func drainClose(b io.ReadCloser) {
	io.CopyN(io.Discard, b, errBodyCap)
	b.Close()
}

// idleBody ends a read that waits longer than d for the server (0: never),
// and the body as a whole once it has taken total (0: never): the wait
// is counted only while a Read is blocked, so a caller that reads slowly is
// never cut, and every Read that returns starts it afresh. A Read only notes
// when it began and when it returned; one timer, set once and then again by
// itself, looks at the note at least every d, so reading costs no timer
// operation. The timer is lent from a pool (see watcher).
type idleBody struct {
	rc      io.ReadCloser
	d       time.Duration
	total   time.Duration
	start   time.Time
	w       *watcher
	waiting atomic.Int64               // since start when the blocked Read began, plus one; 0 while none
	stalled atomic.Pointer[stallError] // why the body was cut
	closed  atomic.Bool
}

// errStalled is the read error of a body whose server went quiet;
// errTooSlow of one that took longer than the body timeout.
var (
	errStalled = &stallError{"no data from the server within the idle timeout"}
	errTooSlow = &stallError{"the body took longer than the body timeout (conduit.WithBodyTimeout) to arrive"}
)

type stallError struct{ msg string }

func (e *stallError) Error() string { return e.msg }
func (*stallError) Unwrap() error   { return conduit.ErrStalled }
func (*stallError) Timeout() bool   { return true }
func (*stallError) Temporary() bool { return true }

func newIdleBody(rc io.ReadCloser, d, total time.Duration) io.ReadCloser {
	b := &idleBody{rc: rc, d: d, total: total, start: time.Now()}
	b.w = watchers.Get().(*watcher)
	// Lent, then armed: the timer's function finds b only once stored.
	b.w.body.Store(b)
	b.w.timer.Reset(b.period(0))
	return b
}

// watcher is a timer that watches the body it is lent to. A timer made
// and dropped for every answer cost three allocations and a fifth of a
// microsecond of a small GET; one taken from the pool costs a Reset.
type watcher struct {
	timer *time.Timer
	body  atomic.Pointer[idleBody]
}

var watchers = sync.Pool{New: func() any {
	w := &watcher{}
	w.timer = time.AfterFunc(time.Hour, w.fire)
	w.timer.Stop()
	return w
}}

func (w *watcher) fire() {
	if b := w.body.Load(); b != nil {
		b.watch()
	}
}

// release stops the timer and, if it stopped before firing (so its
// function is not running and will not run), returns it to the pool.
func (w *watcher) release() {
	if w.timer.Stop() {
		w.body.Store(nil)
		watchers.Put(w)
	}
}

// period is how long the timer may sleep when the blocked Read has waited
// for waited: until the idle timeout or the body timeout, whichever is
// sooner.
func (b *idleBody) period(waited time.Duration) time.Duration {
	next := time.Duration(1<<63 - 1)
	if b.d > 0 {
		next = b.d - waited
	}
	if b.total > 0 {
		next = min(next, b.total-time.Since(b.start))
	}
	return max(next, time.Millisecond)
}

// cut closes the body under the Read for reason.
func (b *idleBody) cut(reason *stallError) {
	b.stalled.Store(reason)
	b.rc.Close()
}

// watch closes the body under a Read that has waited d, and otherwise
// looks again when the Read under way, or the next, could have.
func (b *idleBody) watch() {
	if b.closed.Load() {
		return
	}
	if b.total > 0 && time.Since(b.start) >= b.total {
		b.cut(errTooSlow)
		return
	}
	var waited time.Duration
	if began := b.waiting.Load(); began != 0 {
		waited = time.Since(b.start) - time.Duration(began-1)
		if b.d > 0 && waited >= b.d {
			b.cut(errStalled)
			return
		}
	}
	b.w.timer.Reset(b.period(waited))
}

func (b *idleBody) Read(p []byte) (int, error) {
	if why := b.stalled.Load(); why != nil {
		return 0, why
	}
	b.waiting.Store(int64(time.Since(b.start)) + 1)
	n, err := b.rc.Read(p)
	b.waiting.Store(0)
	if why := b.stalled.Load(); err != nil && why != nil {
		err = why
	}
	return n, err
}

func (b *idleBody) Close() error {
	if !b.closed.Swap(true) {
		b.w.release()
	}
	return b.rc.Close()
}
