package observability_test

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

// ingest is a loopback ingest server for both of the Sender's paths: one
// event a request (/1/events) and batches (/1/batch). It counts arrivals
// per event id (the event's "id" field) and lets answer decide each reply
// from the request's ids and the arrival's number for its first id (1 for
// the first); stored writes the success answer of either path.
type ingest struct {
	*testkit.Server
	mu       sync.Mutex
	arrivals map[string]int
	batches  [][]string // the ids of each request, in arrival order
}

func ingestServer(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, ids []string, n int)) *ingest {
	t.Helper()
	in := &ingest{arrivals: map[string]int{}}
	in.Server = testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		type fields struct {
			ID string `json:"id"`
		}
		var ids []string
		if strings.Contains(r.URL.Path, "/1/batch/") {
			var batch []struct {
				Data fields `json:"data"`
			}
			json.NewDecoder(r.Body).Decode(&batch)
			for _, e := range batch {
				ids = append(ids, e.Data.ID)
			}
		} else {
			var ev fields
			json.NewDecoder(r.Body).Decode(&ev)
			ids = []string{ev.ID}
		}
		in.mu.Lock()
		for _, id := range ids {
			in.arrivals[id]++
		}
		n := in.arrivals[ids[0]]
		in.batches = append(in.batches, ids)
		in.mu.Unlock()
		answer(w, r, ids, n)
	}))
	return in
}

// stored answers that every event of the request was stored.
func stored(w http.ResponseWriter, r *http.Request, ids []string) {
	if !strings.Contains(r.URL.Path, "/1/batch/") {
		w.Write([]byte(`{}`))
		return
	}
	w.Write([]byte("[" + strings.TrimSuffix(strings.Repeat(`{"status":202},`, len(ids)), ",") + "]"))
}

// mode is one way the Sender sends: its options and whether it batches.
type mode struct {
	name  string
	opts  []observability.SenderOption
	batch bool
}

var (
	oneByOne = mode{"one event a request", []observability.SenderOption{observability.WithOneEventPerRequest()}, false}
	// batchOf1 posts batches but never waits for a second event, so tests
	// of the queue see exactly which events are in flight.
	batchOf1 = mode{"batches of one", []observability.SenderOption{observability.WithBatchSize(1)}, true}
	batches  = mode{"batches", nil, true}
)

// eachMode runs fn once in each of modes.
func eachMode(t *testing.T, modes []mode, fn func(t *testing.T, m mode)) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { fn(t, m) })
	}
}

// received returns the ids of each request so far, read under the lock the
// handlers write it under: the race detector sees no order through a
// socket, even for a request whose answer has arrived.
func (in *ingest) received() [][]string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return slices.Clone(in.batches)
}

func (in *ingest) arrived(id string) int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.arrivals[id]
}

// gated is an ingest server whose every answer waits until the test calls
// open (or ends); each arrival's id is put on the returned channel first,
// so a test knows which events are in flight.
func gated(t *testing.T) (srv *ingest, arrivals <-chan string, open func()) {
	t.Helper()
	ch := make(chan string, 1000)
	gate := make(chan struct{})
	var once sync.Once
	open = func() { once.Do(func() { close(gate) }) }
	srv = ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) {
		for _, id := range ids {
			ch <- id
		}
		select {
		case <-gate:
		case <-r.Context().Done():
		}
		stored(w, r, ids)
	})
	t.Cleanup(open) // runs before the server closes, which waits for handlers
	return srv, ch, open
}

// outcomes collects results by the id each event carries as metadata.
type outcomes struct {
	mu   sync.Mutex
	byID map[string][]observability.Result
}

func newOutcomes() *outcomes { return &outcomes{byID: map[string][]observability.Result{}} }

func (o *outcomes) add(r observability.Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	id := r.Metadata.(string)
	o.byID[id] = append(o.byID[id], r)
}

// one returns the id's only result, failing the test unless there is
// exactly one.
func (o *outcomes) one(t *testing.T, id string) observability.Result {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	rs := o.byID[id]
	require.Len(t, rs, 1, "event %s must have exactly one outcome", id)
	return rs[0]
}

func (o *outcomes) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, rs := range o.byID {
		n += len(rs)
	}
	return n
}

func newSender(t *testing.T, base string, copts []observability.Option, m mode, opts ...observability.SenderOption) *observability.Sender {
	t.Helper()
	s, err := client(t, base, copts...).NewSender("checkout", append(slices.Clone(m.opts), opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close(context.Background()) })
	return s
}

func send(t *testing.T, s *observability.Sender, id string) {
	t.Helper()
	require.NoError(t, s.SendWithMetadata(context.Background(), observability.Event{"id": id, "n": 1}, id))
}

// noSenderGoroutines fails the test if a goroutine of a Sender is still
// running once the ones Close ended have had time to exit.
func noSenderGoroutines(t *testing.T) {
	t.Helper()
	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		stacks := string(buf[:runtime.Stack(buf, true)])
		if !strings.Contains(stacks, "observability.(*worker)") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("a Sender goroutine outlived Close:\n%s", stacks)
		}
	}
}

// faulty answers a request by the class of its first event's id ("e%03d",
// the number modulo 5): a 500 (a write that may have been acted on: never
// retried), a 429 with Retry-After (retried, then stored), a connection
// reset after the request was read (may have been acted on: never
// retried), a slow answer, and a plain success.
func faulty(w http.ResponseWriter, r *http.Request, ids []string, arrival int) {
	switch class(ids[0]) {
	case 0:
		testkit.Reply{Status: 500, Body: `{"error":"boom"}`}.ServeHTTP(w, r)
	case 1:
		if arrival == 1 {
			testkit.Reply{Status: 429, Header: []string{"Retry-After", "0.01"}, Body: `{"error":"slow down"}`}.ServeHTTP(w, r)
			return
		}
		stored(w, r, ids)
	case 2:
		testkit.Reply{Reset: true}.ServeHTTP(w, r)
	case 3:
		time.Sleep(20 * time.Millisecond)
		stored(w, r, ids)
	default:
		stored(w, r, ids)
	}
}

func class(id string) int {
	var i int
	fmt.Sscanf(id, "e%d", &i)
	return i % 5
}

func TestSenderOneOutcomePerEvent(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		const n = 100
		srv := ingestServer(t, faulty)
		got := newOutcomes()
		s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(8), observability.WithQueueSize(16), observability.WithCallback(got.add))
		for i := range n {
			send(t, s, fmt.Sprintf("e%03d", i))
		}
		require.NoError(t, s.Close(context.Background()))

		require.Equal(t, n, got.count(), "one outcome per event, none extra")
		for i := range n {
			id := fmt.Sprintf("e%03d", i)
			r := got.one(t, id)
			switch i % 5 {
			case 0:
				assert.ErrorIs(t, r.Err, conduit.ErrAPI, id)
				assert.Equal(t, 500, r.Status, id)
				assert.Equal(t, 1, r.Attempts, id)
				assert.Equal(t, 1, srv.arrived(id), "%s: a write answered 500 is not sent again", id)
			case 1:
				assert.NoError(t, r.Err, id)
				assert.Equal(t, 2, r.Attempts, id)
				assert.Equal(t, 2, srv.arrived(id), "%s: 429 is retried", id)
			case 2:
				assert.Error(t, r.Err, id)
				assert.Zero(t, r.Status, id)
				assert.Equal(t, 1, r.Attempts, id)
				assert.Equal(t, 1, srv.arrived(id), "%s: a reset after the request arrived is not retried", id)
			default:
				assert.NoError(t, r.Err, id)
				if m.batch {
					assert.Equal(t, http.StatusAccepted, r.Status, "%s: the event's own status in the batch", id)
				} else {
					assert.Equal(t, http.StatusOK, r.Status, id)
				}
				assert.Equal(t, 1, r.Attempts, id)
				assert.Positive(t, r.Duration, id)
				assert.Equal(t, 1, srv.arrived(id), id)
			}
		}
		assert.Equal(t, observability.SenderStats{Accepted: n, Sent: 60, Failed: 40, Retried: 20}, s.Stats())
	})
}

// In real batches the same faults strike whole requests: every event of a
// batch shares its request's fate, and still ends in exactly one outcome
// and reaches the server once (twice only after a 429, which stored
// nothing). Events the service refuses inside a stored batch fail alone.
func TestSenderBatchOneOutcomePerEvent(t *testing.T) {
	const n = 500
	srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, arrival int) {
		if class(ids[0]) != 4 {
			faulty(w, r, ids, arrival)
			return
		}
		// A stored batch whose odd-numbered events the service refuses.
		answers := make([]string, len(ids))
		for i, id := range ids {
			answers[i] = `{"status":202}`
			var k int
			fmt.Sscanf(id, "e%d", &k)
			if k%2 == 1 {
				answers[i] = `{"status":400,"error":"Event has too many columns."}`
			}
		}
		w.Write([]byte("[" + strings.Join(answers, ",") + "]"))
	})
	got := newOutcomes()
	s := newSender(t, srv.URL, nil, batches, observability.WithConcurrency(4), observability.WithBatchSize(7),
		observability.WithBatchTimeout(5*time.Millisecond), observability.WithCallback(got.add))
	for i := range n {
		send(t, s, fmt.Sprintf("e%03d", i))
	}
	require.NoError(t, s.Close(context.Background()))
	require.Equal(t, n, got.count(), "one outcome per event, none extra")

	var sent, failed, retried int64
	seen := map[string]bool{}
	for _, b := range srv.received() {
		assert.LessOrEqual(t, len(b), 7, "a batch holds at most WithBatchSize events")
		key := strings.Join(b, ",")
		if seen[key] {
			continue // the retry of a batch answered 429
		}
		seen[key] = true
		c := class(b[0])
		for _, id := range b {
			r := got.one(t, id)
			switch c {
			case 0:
				assert.ErrorIs(t, r.Err, conduit.ErrAPI, id)
				assert.Equal(t, 500, r.Status, id)
				assert.Equal(t, 1, srv.arrived(id), "%s: a batch answered 500 is not sent again", id)
			case 1:
				assert.NoError(t, r.Err, id)
				assert.Equal(t, 2, r.Attempts, id)
				assert.Equal(t, 2, srv.arrived(id), "%s: a batch answered 429 is sent again", id)
				retried++
			case 2:
				assert.Error(t, r.Err, id)
				assert.Zero(t, r.Status, id)
				assert.Equal(t, 1, srv.arrived(id), "%s: a batch reset after it arrived is not sent again", id)
			case 4:
				var k int
				fmt.Sscanf(id, "e%d", &k)
				if k%2 == 1 {
					assert.ErrorIs(t, r.Err, conduit.ErrAPI, id)
					assert.Equal(t, 400, r.Status, "%s: refused alone, inside a stored batch", id)
				} else {
					assert.NoError(t, r.Err, id)
					assert.Equal(t, 202, r.Status, id)
				}
				assert.Equal(t, 1, srv.arrived(id), id)
			default:
				assert.NoError(t, r.Err, id)
				assert.Equal(t, 1, srv.arrived(id), id)
			}
			if r.Err == nil {
				sent++
			} else {
				failed++
			}
		}
	}
	assert.Len(t, got.byID, n, "every event was in some batch")
	assert.Equal(t, observability.SenderStats{Accepted: n, Sent: sent, Failed: failed, Retried: retried}, s.Stats())
}

func TestSenderRetriesWhatNeverLeft(t *testing.T) {
	// Nothing listens: every attempt fails to dial, so the request provably
	// never left and the write rule allows each retry.
	eachMode(t, []mode{oneByOne, batches}, func(t *testing.T, m mode) {
		got := newOutcomes()
		s := newSender(t, testkit.Closed(t), []observability.Option{conduit.WithMaxRetries(2)}, m, observability.WithCallback(got.add))
		for i := range 5 {
			send(t, s, fmt.Sprint(i))
		}
		require.NoError(t, s.Close(context.Background()))
		for i := range 5 {
			r := got.one(t, fmt.Sprint(i))
			assert.Error(t, r.Err)
			assert.Equal(t, 3, r.Attempts, "the first attempt and two retries")
			assert.Zero(t, r.Status)
		}
		assert.Equal(t, observability.SenderStats{Accepted: 5, Failed: 5, Retried: 10}, s.Stats())
	})
}

func TestSenderDropCountsExactly(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		srv, arrivals, open := gated(t)
		got := newOutcomes()
		s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(2), observability.WithQueueSize(3),
			observability.WithBackpressure(observability.DropWhenFull), observability.WithCallback(got.add))
		send(t, s, "e0")
		send(t, s, "e1")
		<-arrivals
		<-arrivals // both workers are now held by the server: the queue is empty
		for _, id := range []string{"e2", "e3", "e4"} {
			send(t, s, id)
		}
		for _, id := range []string{"e5", "e6", "e7", "e8"} {
			err := s.SendWithMetadata(context.Background(), observability.Event{"id": id}, id)
			assert.ErrorIs(t, err, observability.ErrQueueFull, id)
		}
		assert.Equal(t, observability.SenderStats{Accepted: 5, Dropped: 4}, s.Stats())

		open()
		require.NoError(t, s.Flush(context.Background()))
		assert.Equal(t, 5, got.count())
		for _, id := range []string{"e0", "e1", "e2", "e3", "e4"} {
			assert.NoError(t, got.one(t, id).Err)
			assert.Equal(t, 1, srv.arrived(id), id)
		}
		for _, id := range []string{"e5", "e6", "e7", "e8"} {
			assert.Zero(t, srv.arrived(id), "%s was dropped, never sent", id)
		}
		assert.Equal(t, observability.SenderStats{Accepted: 5, Sent: 5, Dropped: 4}, s.Stats())
	})
}

// full returns a Sender with one worker, held at the gated server with
// event e0, and a queue of one, holding e1: the next Send finds no room.
func full(t *testing.T, m mode) (*ingest, *outcomes, *observability.Sender, func()) {
	t.Helper()
	srv, arrivals, open := gated(t)
	got := newOutcomes()
	s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(1), observability.WithQueueSize(1), observability.WithCallback(got.add))
	send(t, s, "e0")
	<-arrivals
	send(t, s, "e1")
	return srv, got, s, open
}

func TestSenderBlockHonoursContext(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		srv, got, s, open := full(t, m)

		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error)
		go func() { errc <- s.SendWithMetadata(ctx, observability.Event{"id": "e2"}, "e2") }()
		cancel()
		assert.ErrorIs(t, <-errc, context.Canceled)

		short, cancelShort := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancelShort()
		assert.ErrorIs(t, s.SendWithMetadata(short, observability.Event{"id": "e3"}, "e3"), context.DeadlineExceeded)

		// A Send waiting for room goes through once there is some.
		go func() { errc <- s.SendWithMetadata(context.Background(), observability.Event{"id": "e4"}, "e4") }()
		open()
		assert.NoError(t, <-errc)
		require.NoError(t, s.Flush(context.Background()))
		assert.Equal(t, 3, got.count())
		for _, id := range []string{"e0", "e1", "e4"} {
			assert.NoError(t, got.one(t, id).Err)
		}
		assert.Zero(t, srv.arrived("e2"))
		assert.Zero(t, srv.arrived("e3"))
		assert.Equal(t, observability.SenderStats{Accepted: 3, Sent: 3}, s.Stats(), "a Send its context ended is neither accepted nor dropped")
	})
}

func TestSenderFlush(t *testing.T) {
	eachMode(t, []mode{oneByOne, batches}, func(t *testing.T, m mode) {
		srv, arrivals, open := gated(t)
		got := newOutcomes()
		s := newSender(t, srv.URL, nil, m, observability.WithResults(10), observability.WithCallback(got.add))
		require.NoError(t, s.Flush(context.Background()), "nothing to wait for")
		for _, id := range []string{"a", "b", "c"} {
			send(t, s, id)
		}
		<-arrivals
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		assert.ErrorIs(t, s.Flush(ended), context.Canceled, "the events are held at the server")

		open()
		require.NoError(t, s.Flush(context.Background()))
		assert.Equal(t, 3, got.count(), "every callback has returned")
		assert.Len(t, s.Results(), 3, "every result is on the channel")
		assert.Equal(t, observability.SenderStats{Accepted: 3, Sent: 3}, s.Stats())
		assert.Equal(t, 1, srv.arrived("c"))
	})
}

func TestSenderCloseSendsEverything(t *testing.T) {
	eachMode(t, []mode{oneByOne, batches}, func(t *testing.T, m mode) {
		srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) {
			time.Sleep(2 * time.Millisecond)
			stored(w, r, ids)
		})
		s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(4), observability.WithQueueSize(8), observability.WithResults(50))
		for i := range 50 {
			send(t, s, fmt.Sprint(i))
		}
		require.NoError(t, s.Close(context.Background()))
		seen := map[any]int{}
		for r := range s.Results() { // ends: Close closed the channel
			assert.NoError(t, r.Err)
			seen[r.Metadata]++
		}
		assert.Len(t, seen, 50)
		for id, n := range seen {
			assert.Equal(t, 1, n, id)
			assert.Equal(t, 1, srv.arrived(id.(string)), id)
		}
		if m.batch {
			assert.Less(t, srv.Hits(), 50, "events share requests")
		} else {
			assert.Equal(t, 50, srv.Hits())
		}
		assert.ErrorIs(t, s.Send(context.Background(), observability.Event{"a": 1}), observability.ErrClosed)
		require.NoError(t, s.Close(context.Background()), "Close again")
		assert.Equal(t, observability.SenderStats{Accepted: 50, Sent: 50}, s.Stats())
		noSenderGoroutines(t)
	})
}

func TestSenderCloseGivesUp(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		srv, arrivals, _ := gated(t) // held until the test ends
		s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(1), observability.WithResults(10))
		for _, id := range []string{"e0", "e1", "e2", "e3"} {
			send(t, s, id)
		}
		<-arrivals
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		assert.ErrorIs(t, s.Close(ended), context.Canceled)

		got := newOutcomes()
		for r := range s.Results() {
			got.add(r)
		}
		r := got.one(t, "e0")
		assert.ErrorIs(t, r.Err, context.Canceled, "in flight when Close gave up")
		assert.Equal(t, 1, r.Attempts)
		for _, id := range []string{"e1", "e2", "e3"} {
			r := got.one(t, id)
			assert.ErrorIs(t, r.Err, observability.ErrClosed, id)
			assert.Zero(t, r.Attempts, id)
			assert.Zero(t, srv.arrived(id), "%s was queued, never sent", id)
		}
		assert.Equal(t, observability.SenderStats{Accepted: 4, Failed: 4}, s.Stats())
		assert.NoError(t, s.Close(context.Background()), "Close again")
		noSenderGoroutines(t)
	})
}

// A batch still gathering when Close gives up is not sent: its events end
// with ErrClosed, and nothing reaches the server.
func TestSenderCloseGivesUpOnAGatheringBatch(t *testing.T) {
	srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) { stored(w, r, ids) })
	s := newSender(t, srv.URL, nil, batches, observability.WithConcurrency(1), observability.WithBatchTimeout(time.Hour), observability.WithResults(10))
	for _, id := range []string{"e0", "e1"} {
		send(t, s, id)
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, s.Close(ended), context.Canceled)
	for r := range s.Results() {
		assert.ErrorIs(t, r.Err, observability.ErrClosed, r.Metadata)
	}
	assert.Zero(t, srv.Hits())
	assert.Equal(t, observability.SenderStats{Accepted: 2, Failed: 2}, s.Stats())
	noSenderGoroutines(t)
}

func TestSenderCloseWakesBlockedSend(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		srv, got, s, open := full(t, m)
		sendc, closec := make(chan error), make(chan error)
		go func() { sendc <- s.SendWithMetadata(context.Background(), observability.Event{"id": "e2"}, "e2") }()
		go func() { closec <- s.Close(context.Background()) }()
		assert.ErrorIs(t, <-sendc, observability.ErrClosed)
		open()
		require.NoError(t, <-closec)
		assert.Equal(t, 2, got.count())
		assert.NoError(t, got.one(t, "e1").Err)
		assert.Zero(t, srv.arrived("e2"))
		noSenderGoroutines(t)
	})
}

func TestSenderResultsChannelFull(t *testing.T) {
	eachMode(t, []mode{oneByOne, batches}, func(t *testing.T, m mode) {
		srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) { stored(w, r, ids) })
		s := newSender(t, srv.URL, nil, m, observability.WithResults(2))
		for i := range 5 {
			send(t, s, fmt.Sprint(i))
		}
		require.NoError(t, s.Flush(context.Background()), "a full channel does not hold up sending")
		assert.Equal(t, observability.SenderStats{Accepted: 5, Sent: 5, ResultsDropped: 3}, s.Stats())
		require.NoError(t, s.Close(context.Background()))
		n := 0
		for range s.Results() {
			n++
		}
		assert.Equal(t, 2, n)
	})
}

func TestSenderEventTimeout(t *testing.T) {
	// The server never answers on its own; each event gives up at its
	// timeout and, as it may have reached the server, is not sent again.
	eachMode(t, []mode{oneByOne, batches}, func(t *testing.T, m mode) {
		srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, _ []string, _ int) { <-r.Context().Done() })
		got := newOutcomes()
		s := newSender(t, srv.URL, nil, m, observability.WithEventTimeout(20*time.Millisecond), observability.WithCallback(got.add))
		for _, id := range []string{"a", "b", "c"} {
			send(t, s, id)
		}
		require.NoError(t, s.Close(context.Background()))
		for _, id := range []string{"a", "b", "c"} {
			r := got.one(t, id)
			assert.ErrorIs(t, r.Err, context.DeadlineExceeded, id)
			assert.Equal(t, 1, r.Attempts, id)
			assert.LessOrEqual(t, srv.arrived(id), 1, "%s: a timed-out write is not retried", id)
		}
		assert.Equal(t, observability.SenderStats{Accepted: 3, Failed: 3}, s.Stats())
	})
}

func TestSenderReusesConnections(t *testing.T) {
	var conns, hits atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte(`{}`))
	}))
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	const concurrency = 4
	s := newSender(t, srv.URL, nil, oneByOne, observability.WithConcurrency(concurrency))
	for i := range 200 {
		send(t, s, fmt.Sprint(i))
	}
	require.NoError(t, s.Close(context.Background()))
	assert.Equal(t, int64(200), hits.Load())
	// Each worker keeps its connection; a connection dialled while another
	// was being handed back to the pool may add one now and then, but never
	// one per request.
	assert.LessOrEqual(t, conns.Load(), int64(2*concurrency))
}

func TestSenderCopiesEvent(t *testing.T) {
	eachMode(t, []mode{oneByOne, batchOf1}, func(t *testing.T, m mode) {
		srv, arrivals, open := gated(t)
		s := newSender(t, srv.URL, nil, m, observability.WithConcurrency(1))
		send(t, s, "e0")
		<-arrivals
		ev := observability.Event{"id": "e1", "route": "/cart"}
		require.NoError(t, s.Send(context.Background(), ev))
		ev["route"] = "/changed" // after Send: the queued copy is not touched
		open()
		require.NoError(t, s.Close(context.Background()))
		body := string(srv.Last(t).Body)
		if m.batch {
			assert.Contains(t, body, `"data":{"id":"e1","route":"/cart"}`)
		} else {
			assert.JSONEq(t, `{"id":"e1","route":"/cart"}`, body)
		}
	})
}

func TestSenderBadInput(t *testing.T) {
	srv := record(t, 200, `{}`)
	c := client(t, srv.URL)
	newSender := func(dataset string, opts ...observability.SenderOption) func() error {
		return func() error {
			s, err := c.NewSender(dataset, opts...)
			if s != nil {
				s.Close(context.Background())
			}
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "observability", Op: "NewSender"}, []testkit.Input{
		{Field: "dataset", Call: newSender("")},
		{Field: "WithConcurrency", Call: newSender("d", observability.WithConcurrency(0))},
		{Field: "WithQueueSize", Call: newSender("d", observability.WithQueueSize(-1))},
		{Field: "WithBackpressure", Call: newSender("d", observability.WithBackpressure(7))},
		{Field: "WithResults", Call: newSender("d", observability.WithResults(0))},
		{Field: "WithCallback", Call: newSender("d", observability.WithCallback(nil))},
		{Field: "WithEventTimeout", Call: newSender("d", observability.WithEventTimeout(-time.Second))},
	}, key)

	s, err := c.NewSender("d")
	require.NoError(t, err)
	defer s.Close(context.Background())
	sendTo := func(ctx context.Context, event observability.Event) func() error {
		return func() error { return s.Send(ctx, event) }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "observability", Op: "Sender.Send"}, []testkit.Input{
		{Field: "ctx", Call: sendTo(nil, observability.Event{"a": 1})},
		{Field: "event", Call: sendTo(context.Background(), nil)},
		{Field: "cached", Call: sendTo(context.Background(), observability.Event{"cached": true})},
		{Field: "user", Call: sendTo(context.Background(), observability.Event{"ratio": 0.5, "user": []string{"x"}})},
	}, key)
	//lint:ignore SA1012 a nil context is the bad input under test
	testkit.InvalidParam(t, s.Flush(nil), "ctx")
	//lint:ignore SA1012 a nil context is the bad input under test
	testkit.InvalidParam(t, s.Close(nil), "ctx")
	assert.Equal(t, observability.SenderStats{}, s.Stats(), "nothing was accepted")
}

func TestSenderBatchesBySizeThenByTime(t *testing.T) {
	srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) { stored(w, r, ids) })
	// Long enough that a busy machine cannot cut a batch short by
	// descheduling the sends, short enough to measure.
	const wait = 300 * time.Millisecond
	s := newSender(t, srv.URL, nil, batches, observability.WithConcurrency(1), observability.WithBatchSize(10), observability.WithBatchTimeout(wait))
	start := time.Now()
	for i := range 25 {
		send(t, s, fmt.Sprint(i))
	}
	require.NoError(t, s.Flush(context.Background()))
	took := time.Since(start)
	batches := srv.received()
	sizes := make([]int, len(batches))
	for i, b := range batches {
		sizes[i] = len(b)
	}
	assert.Equal(t, []int{10, 10, 5}, sizes, "two full batches, then what the timeout found")
	assert.GreaterOrEqual(t, took, wait, "the last batch waited for more events")
	assert.Less(t, took, 10*wait, "but not much longer")
	assert.Equal(t, "/1/batch/checkout", srv.Last(t).URI)
}

func TestSenderBatchCarriesEachEventsTime(t *testing.T) {
	srv := ingestServer(t, func(w http.ResponseWriter, r *http.Request, ids []string, _ int) { stored(w, r, ids) })
	s := newSender(t, srv.URL, nil, batches)
	before := time.Now()
	send(t, s, "e0")
	require.NoError(t, s.Flush(context.Background()))
	var batch []struct {
		Data       map[string]any `json:"data"`
		Time       time.Time      `json:"time"`
		SampleRate *int           `json:"samplerate"`
	}
	require.NoError(t, json.Unmarshal(srv.Last(t).Body, &batch))
	require.Len(t, batch, 1)
	assert.Equal(t, map[string]any{"id": "e0", "n": 1.0}, batch[0].Data)
	assert.WithinDuration(t, before, batch[0].Time, time.Second, "the time Send was called, not when the batch left")
	assert.Nil(t, batch[0].SampleRate, "unsampled: left to the service's 1")
}

func TestSenderSamplesAndWeights(t *testing.T) {
	var mu sync.Mutex
	rates := map[int]int{}
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var batch []struct {
			SampleRate int `json:"samplerate"`
		}
		json.NewDecoder(r.Body).Decode(&batch)
		mu.Lock()
		for _, e := range batch {
			rates[e.SampleRate]++
		}
		mu.Unlock()
		stored(w, r, make([]string, len(batch)))
	}))
	const n, rate = 4000, 4
	s := newSender(t, srv.URL, nil, batches, observability.WithSampleRate(rate))
	for i := range n {
		send(t, s, fmt.Sprint(i))
	}
	require.NoError(t, s.Close(context.Background()))
	st := s.Stats()
	assert.Equal(t, int64(n), st.Accepted+st.Sampled, "every event is kept or sampled out")
	assert.Equal(t, st.Accepted, st.Sent)
	assert.InDelta(t, n/rate, st.Accepted, 200, "about one event in %d is kept", rate)
	assert.Equal(t, map[int]int{rate: int(st.Sent)}, rates, "every kept event says how many it stands for")
}

func TestSenderBatchOptionsChecked(t *testing.T) {
	srv := record(t, 200, `[]`)
	c := client(t, srv.URL)
	newSender := func(opts ...observability.SenderOption) func() error {
		return func() error {
			s, err := c.NewSender("d", opts...)
			if s != nil {
				s.Close(context.Background())
			}
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "observability", Op: "NewSender"}, []testkit.Input{
		{Field: "WithBatchSize", Call: newSender(observability.WithBatchSize(0))},
		{Field: "WithBatchTimeout", Call: newSender(observability.WithBatchTimeout(0))},
		{Field: "WithSampleRate", Call: newSender(observability.WithSampleRate(0))},
		{Field: "WithSampleRate", Call: newSender(observability.WithSampleRate(10), observability.WithOneEventPerRequest())},
	}, key)
}

func TestSenderGzipsBatches(t *testing.T) {
	var encodings []string
	var mu sync.Mutex
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		encodings = append(encodings, r.Header.Get("Content-Encoding"))
		mu.Unlock()
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			testkit.Reply{Status: 400, Body: `{"error":"Request body is malformed and cannot be read."}`}.ServeHTTP(w, r)
			return
		}
		var batch []json.RawMessage
		json.NewDecoder(zr).Decode(&batch)
		stored(w, r, make([]string, len(batch)))
	}))
	got := newOutcomes()
	s := newSender(t, srv.URL, nil, batches, observability.WithGzip(), observability.WithCallback(got.add))
	for i := range 20 {
		send(t, s, fmt.Sprint(i))
	}
	require.NoError(t, s.Close(context.Background()))
	for i := range 20 {
		assert.NoError(t, got.one(t, fmt.Sprint(i)).Err)
	}
	assert.NotEmpty(t, encodings)
	for _, e := range encodings {
		assert.Equal(t, "gzip", e)
	}
	c := client(t, srv.URL)
	_, err := c.NewSender("d", observability.WithGzip(), observability.WithOneEventPerRequest())
	testkit.InvalidParam(t, err, "WithGzip")
}
