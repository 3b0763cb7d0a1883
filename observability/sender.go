package observability

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Sender defaults, chosen so that a service that answers in tens of
// milliseconds takes hundreds of events a second without tuning, and a
// burst of a few seconds fits in the queue.
const (
	DefaultConcurrency = 10
	DefaultQueueSize   = 10000
	// DefaultBatchSize and DefaultBatchTimeout are libhoney's: a batch
	// goes out when it holds 50 events or its first has waited 100 ms.
	DefaultBatchSize    = 50
	DefaultBatchTimeout = 100 * time.Millisecond
)

// Errors of Send, and the error of an event Close gave up on before it was
// sent. Both mean the event never left the process.
var (
	// ErrQueueFull is Send's answer in DropWhenFull mode when the queue has
	// no room; the event is counted in SenderStats.Dropped.
	ErrQueueFull = errors.New("observability: the sender's queue is full; event dropped")
	// ErrClosed is Send's answer once Close has begun, and the Result.Err of
	// a queued event that Close, its context ended, did not send.
	ErrClosed = errors.New("observability: the sender is closed; event not sent")
)

// Backpressure is what Send does when the queue is full.
type Backpressure int

const (
	// BlockWhenFull makes Send wait for room, or for its context to end.
	// Nothing is lost; a slow service slows the caller. The default.
	BlockWhenFull Backpressure = iota
	// DropWhenFull makes Send return ErrQueueFull at once and count the
	// drop; the caller never waits on the service.
	DropWhenFull
)

// Result is the one outcome of one event that Send accepted.
type Result struct {
	// Metadata is what the caller passed to SendWithMetadata, handed back
	// untouched so the caller can tell which event this was (or re-send it).
	Metadata any
	// Err is nil when the service acknowledged the event (any 2xx). Otherwise
	// it is the *Error SendEvent would return, or ErrClosed for an event
	// Close gave up on before sending it. An event that was in flight when
	// Close gave up ends with an error matching context.Canceled: it may or
	// may not have been stored.
	Err error
	// Status is the event's own status: in a batch's answer (202 when
	// stored, 400 when refused) or, when the request as a whole failed or
	// the event went alone (WithOneEventPerRequest), the HTTP status of the
	// last answer; 0 when no answer came.
	Status int
	// Attempts counts the requests made for the event (for its batch),
	// retries included: 0 when none could start (a missing credential, or
	// ErrClosed).
	Attempts int
	// Duration is the time from the first attempt to the outcome, retry
	// waits included; the time spent queued is not part of it.
	Duration time.Duration
}

// SenderStats are the Sender's counters since NewSender. Once Flush has
// returned, Accepted == Sent + Failed; while events are in flight the
// difference is what is queued or being sent. Each counter is exact, but
// read during sending they are not one snapshot.
type SenderStats struct {
	Accepted int64 // events Send took into the queue
	Sent     int64 // events the service acknowledged
	Failed   int64 // accepted events that ended with an error
	Dropped  int64 // events Send refused with ErrQueueFull
	// Sampled counts the events WithSampleRate left out: not accepted, no
	// Result, stood for by the kept ones.
	Sampled int64
	Retried int64 // retries made, over all events (Attempts beyond the first)
	// ResultsDropped counts results not put on the Results channel because
	// its buffer was full. Their events still count in Sent or Failed.
	ResultsDropped int64
}

// SenderOption configures a Sender.
type SenderOption func(*senderConfig)

type senderConfig struct {
	concurrency  int
	queueSize    int
	backpressure Backpressure
	results      bool
	resultsSize  int
	callback     func(Result)
	callbackSet  bool
	timeout      time.Duration
	single       bool // one event a request, to /1/events
	batchSize    int
	batchTimeout time.Duration
	sampleRate   int
	gzip         bool
}

// WithConcurrency bounds how many requests the Sender has in flight at once
// (default DefaultConcurrency). Each holds one connection; up to 64 stay
// open for reuse with conduit's default transport, so more than that means
// new connections under load.
func WithConcurrency(n int) SenderOption { return func(c *senderConfig) { c.concurrency = n } }

// WithQueueSize bounds how many accepted events may wait for a request
// (default DefaultQueueSize); it is the memory the Sender may hold.
func WithQueueSize(n int) SenderOption { return func(c *senderConfig) { c.queueSize = n } }

// WithBackpressure chooses what Send does when the queue is full (default
// BlockWhenFull).
func WithBackpressure(b Backpressure) SenderOption {
	return func(c *senderConfig) { c.backpressure = b }
}

// WithResults makes Results a channel with room for buffer results. A result
// that finds it full is dropped and counted in SenderStats.ResultsDropped,
// so a caller that reads slowly or not at all never stalls sending; size the
// buffer to the queue, or use WithCallback, when every result matters.
func WithResults(buffer int) SenderOption {
	return func(c *senderConfig) { c.results, c.resultsSize = true, buffer }
}

// WithCallback calls fn with every event's result, on the goroutine that
// sent the event, before Flush counts the event done. Nothing is dropped: a
// slow fn slows sending instead. fn must not call Flush or Close, nor Send
// in BlockWhenFull mode: each could wait for fn itself.
func WithCallback(fn func(Result)) SenderOption {
	return func(c *senderConfig) { c.callback, c.callbackSet = fn, true }
}

// WithEventTimeout bounds each event's sending — its batch's request in
// batches — retries and their waits included (default none: the client's
// own timeouts apply). A server that asks for a wait past it ends the event
// at once, as SendEvent does with a deadline.
func WithEventTimeout(d time.Duration) SenderOption {
	return func(c *senderConfig) { c.timeout = d }
}

// WithBatchSize sets the most events one batch request carries (default
// DefaultBatchSize): a goroutine sends its batch as soon as it is full.
func WithBatchSize(n int) SenderOption { return func(c *senderConfig) { c.batchSize = n } }

// WithBatchTimeout sets how long a batch's first event waits for others to
// join it (default DefaultBatchTimeout): the most batching adds to an
// event's delay when events are few.
func WithBatchTimeout(d time.Duration) SenderOption {
	return func(c *senderConfig) { c.batchTimeout = d }
}

// WithOneEventPerRequest makes the Sender post each event alone with
// SendEvent's request (POST /1/events/<dataset>), the interface's own path,
// instead of in batches (POST /1/batch/<dataset>). Each event then costs a
// request; choose it where only the events path is open.
func WithOneEventPerRequest() SenderOption { return func(c *senderConfig) { c.single = true } }

// WithSampleRate keeps one event in n, chosen at random as Send is called,
// and sends each kept one with samplerate n, so the service counts it n
// times and totals stay right while n times fewer events are sent. A left
// out event is not accepted: Send returns nil for it, it has no Result,
// and it counts in SenderStats.Sampled. n = 1 (the default) keeps every
// event. Batches only: the events path carries no sample rate.
func WithSampleRate(n int) SenderOption { return func(c *senderConfig) { c.sampleRate = n } }

// WithGzip compresses each batch's body with gzip (Content-Encoding: gzip),
// which the service reads: fewer bytes on the wire for some CPU time.
// Batches only.
func WithGzip() SenderOption { return func(c *senderConfig) { c.gzip = true } }

// Sender ingests events into one dataset in the background: Send queues an
// event and returns, and a fixed set of goroutines gathers the queued events
// into batches and posts each with SendBatch's request (or each event alone,
// WithOneEventPerRequest) over the Client's connections. Retries follow the
// write rule, so no retry stores an event twice. Every accepted event ends
// in exactly one Result — a refused event of a stored batch with its own
// error — reported through WithCallback and WithResults and counted in
// Stats. Close must be called to release the goroutines. A Sender is safe
// for concurrent use.
type Sender struct {
	c       *Client
	dataset string
	cfg     senderConfig
	queue   chan queued
	results chan Result

	// ctx ends when Close gives up waiting: in-flight requests stop and
	// queued events end with ErrClosed instead of being sent.
	ctx    context.Context
	cancel context.CancelFunc

	mu         sync.Mutex
	closed     bool
	gen        *flushGen // the events accepted since the last Flush
	lastSealed *flushGen
	// sends counts Send calls past the closed check that may still put an
	// event on the queue; Close waits for them before closing it.
	sends     sync.WaitGroup
	closing   chan struct{} // closed when Close begins: wakes blocked Sends
	closeOnce sync.Once
	live      atomic.Int64  // workers still running
	done      chan struct{} // closed when the last worker has ended

	accepted, sent, failed, dropped, sampled, retried, resultsDropped atomic.Int64
}

type queued struct {
	event    Event
	metadata any
	gen      *flushGen
	at       time.Time // when Send took it: the event's time in a batch
}

// flushGen counts the outcomes still owed to the events accepted between
// two Flush calls. Flush seals the current one and waits for it to finish:
// its own count at zero and every earlier one finished, since a Flush that
// gave up leaves its events owed. All fields are guarded by Sender.mu.
type flushGen struct {
	pending    int
	sealed     bool
	finished   bool
	prev, next *flushGen // the unfinished sealed one before, and the one after
	done       chan struct{}
}

// finish closes g and then each later one its finishing frees.
func (g *flushGen) finish() {
	for g != nil && g.sealed && g.pending == 0 && g.prev == nil && !g.finished {
		g.finished = true
		close(g.done)
		next := g.next
		g.next = nil
		if next != nil {
			next.prev = nil
		}
		g = next
	}
}

// The Sender's methods send nothing themselves; these name them in errors.
var (
	newSenderOp   = &transport.Op{Service: service, Name: "NewSender"}
	senderSendOp  = &transport.Op{Service: service, Name: "Sender.Send"}
	senderFlushOp = &transport.Op{Service: service, Name: "Sender.Flush"}
	senderCloseOp = &transport.Op{Service: service, Name: "Sender.Close"}
)

// NewSender starts a Sender for dataset. Options are checked here, each bad
// one an ErrInvalidParam naming it.
func (c *Client) NewSender(dataset string, opts ...SenderOption) (*Sender, error) {
	op := newSenderOp
	if err := checkDataset(op, dataset); err != nil {
		return nil, err
	}
	cfg := senderConfig{concurrency: DefaultConcurrency, queueSize: DefaultQueueSize,
		batchSize: DefaultBatchSize, batchTimeout: DefaultBatchTimeout, sampleRate: 1}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	switch {
	case cfg.concurrency < 1:
		return nil, op.Invalid("WithConcurrency", "is %d; want at least 1", cfg.concurrency)
	case cfg.queueSize < 1:
		return nil, op.Invalid("WithQueueSize", "is %d; want at least 1", cfg.queueSize)
	case cfg.backpressure != BlockWhenFull && cfg.backpressure != DropWhenFull:
		return nil, op.Invalid("WithBackpressure", "%d is neither BlockWhenFull nor DropWhenFull", cfg.backpressure)
	case cfg.results && cfg.resultsSize < 1:
		return nil, op.Invalid("WithResults", "buffer is %d; want at least 1", cfg.resultsSize)
	case cfg.callbackSet && cfg.callback == nil:
		return nil, op.Invalid("WithCallback", "is nil")
	case cfg.timeout < 0:
		return nil, op.Invalid("WithEventTimeout", "is %v; want 0 (none) or more", cfg.timeout)
	case cfg.batchSize < 1:
		return nil, op.Invalid("WithBatchSize", "is %d; want at least 1", cfg.batchSize)
	case cfg.batchTimeout <= 0:
		return nil, op.Invalid("WithBatchTimeout", "is %v; want more than 0", cfg.batchTimeout)
	case cfg.sampleRate < 1:
		return nil, op.Invalid("WithSampleRate", "is %d; want 1 (every event) or more", cfg.sampleRate)
	case cfg.single && cfg.sampleRate > 1:
		return nil, op.Invalid("WithSampleRate", "needs batches: WithOneEventPerRequest sends no sample rate")
	case cfg.single && cfg.gzip:
		return nil, op.Invalid("WithGzip", "needs batches: WithOneEventPerRequest sends each event plain")
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sender{
		c: c, dataset: dataset, cfg: cfg,
		queue:   make(chan queued, cfg.queueSize),
		ctx:     ctx,
		cancel:  cancel,
		gen:     &flushGen{done: make(chan struct{})},
		closing: make(chan struct{}),
		done:    make(chan struct{}),
	}
	if cfg.results {
		s.results = make(chan Result, cfg.resultsSize)
	}
	s.live.Store(int64(cfg.concurrency))
	for range cfg.concurrency {
		w := &worker{s: s}
		go w.run()
	}
	return s, nil
}

// Send queues event for sending and returns without waiting for the
// network. It is SendWithMetadata with no metadata.
func (s *Sender) Send(ctx context.Context, event Event) error {
	return s.SendWithMetadata(ctx, event, nil)
}

// SendWithMetadata queues event, whose Result will carry metadata. The
// event is checked as SendEvent checks it, and copied, so the caller may
// reuse the map once Send returns; its time is when Send was called. A nil
// error means the event was accepted and will have exactly one Result, or
// WithSampleRate left it out (counted in SenderStats.Sampled, no Result).
// Otherwise it was not accepted and has no Result: the error is its outcome
// — an *Error for bad input, ErrQueueFull (DropWhenFull), ctx's error if it
// ended while Send waited for room (BlockWhenFull), or ErrClosed.
func (s *Sender) SendWithMetadata(ctx context.Context, event Event, metadata any) error {
	if ctx == nil {
		return senderSendOp.Invalid("ctx", "is nil")
	}
	if err := checkEvent(senderSendOp, event); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if n := s.cfg.sampleRate; n > 1 && rand.IntN(n) != 0 {
		s.sampled.Add(1)
		return nil
	}
	q := queued{event: maps.Clone(event), metadata: metadata, at: time.Now()}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.sends.Add(1)
	q.gen = s.gen
	q.gen.pending++
	s.mu.Unlock()
	defer s.sends.Done()

	// Counted before the event can reach a worker, so Sent + Failed never
	// exceeds Accepted; taken back if the event is refused.
	s.accepted.Add(1)
	var err error
	if s.cfg.backpressure == DropWhenFull {
		select {
		case s.queue <- q:
			return nil
		default:
			s.dropped.Add(1)
			err = ErrQueueFull
		}
	} else {
		select {
		case s.queue <- q:
			return nil
		case <-ctx.Done():
			err = ctx.Err()
		case <-s.closing:
			err = ErrClosed
		}
	}
	s.accepted.Add(-1)
	s.settle(q.gen)
	return err
}

// Results is the channel of per-event results set up by WithResults, closed
// by Close after the last result. Without WithResults it is nil.
func (s *Sender) Results() <-chan Result { return s.results }

// Stats reports the Sender's counters.
func (s *Sender) Stats() SenderStats {
	return SenderStats{
		Accepted:       s.accepted.Load(),
		Sent:           s.sent.Load(),
		Failed:         s.failed.Load(),
		Dropped:        s.dropped.Load(),
		Sampled:        s.sampled.Load(),
		Retried:        s.retried.Load(),
		ResultsDropped: s.resultsDropped.Load(),
	}
}

// Flush waits until every event accepted before it was called has its
// Result reported, or ctx ends (then it returns ctx's error and sending goes
// on). Events accepted meanwhile are not waited for.
func (s *Sender) Flush(ctx context.Context) error {
	if ctx == nil {
		return senderFlushOp.Invalid("ctx", "is nil")
	}
	s.mu.Lock()
	g := s.gen
	g.sealed = true
	if last := s.lastSealed; last != nil && !last.finished {
		g.prev, last.next = last, g
	}
	s.lastSealed = g
	s.gen = &flushGen{done: make(chan struct{})}
	g.finish()
	s.mu.Unlock()
	select {
	case <-g.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops accepting events (Send then returns ErrClosed), sends what is
// queued, waits for every Result, closes the Results channel and ends the
// Sender's goroutines. If ctx ends first, Close stops the requests in
// flight, ends each event still queued with ErrClosed without sending it,
// waits for the goroutines to end and returns ctx's error. Calling it again
// waits in the same way.
func (s *Sender) Close(ctx context.Context) error {
	if ctx == nil {
		return senderCloseOp.Invalid("ctx", "is nil")
	}
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		close(s.closing)
		s.sends.Wait()
		close(s.queue)
	})
	select {
	case <-s.done:
		return nil
	default:
	}
	select {
	case <-s.done:
		return nil
	case <-ctx.Done():
	}
	s.cancel()
	<-s.done
	return ctx.Err()
}

// settle records that one event of g has its outcome (or was refused).
func (s *Sender) settle(g *flushGen) {
	s.mu.Lock()
	g.pending--
	g.finish()
	s.mu.Unlock()
}

// worker is one of the Sender's goroutines: it posts one batch, or one
// event, at a time.
type worker struct{ s *Sender }

func (w *worker) run() {
	s := w.s
	defer func() {
		if s.live.Add(-1) == 0 {
			s.cancel()
			if s.results != nil {
				close(s.results)
			}
			close(s.done)
		}
	}()
	for q := range s.queue {
		if s.cfg.single {
			s.report(q, w.post(q))
			continue
		}
		w.postBatch(w.gather(q))
	}
}

// gather returns a batch that starts with first and takes what the queue
// holds until the batch is full, the batch timeout has passed since it
// began, the queue is closed, or Close gives up.
func (w *worker) gather(first queued) []queued {
	s := w.s
	batch := []queued{first}
	if s.cfg.batchSize == 1 {
		return batch
	}
	timer := time.NewTimer(s.cfg.batchTimeout)
	defer timer.Stop()
	for len(batch) < s.cfg.batchSize {
		select {
		case q, ok := <-s.queue:
			if !ok {
				return batch
			}
			batch = append(batch, q)
		case <-timer.C:
			return batch
		case <-s.ctx.Done():
			return batch
		}
	}
	return batch
}

// postBatch sends batch with SendBatch's request and reports each event's
// outcome: the request's error for all of them, else each one's status.
func (w *worker) postBatch(batch []queued) {
	s := w.s
	if s.ctx.Err() != nil {
		for _, q := range batch {
			s.report(q, Result{Metadata: q.metadata, Err: ErrClosed})
		}
		return
	}
	ctx := s.ctx
	if t := s.cfg.timeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t)
		defer cancel()
	}
	events := make([]BatchEvent, len(batch))
	for i, q := range batch {
		events[i] = BatchEvent{Data: q.event, Time: q.at}
		if s.cfg.sampleRate > 1 {
			events[i].SampleRate = s.cfg.sampleRate
		}
	}
	var resp conduit.Response
	statuses, err := s.c.postBatch(ctx, s.dataset, events, s.cfg.gzip, []Option{conduit.WithResponse(&resp)})
	status := resp.StatusCode
	var e *Error
	if errors.As(err, &e) && e.StatusCode != 0 {
		status = e.StatusCode
	}
	for i, q := range batch {
		r := Result{Metadata: q.metadata, Err: err, Status: status, Attempts: resp.Attempts, Duration: resp.Elapsed}
		if err == nil {
			r.Status, r.Err = statuses[i].Status, statuses[i].Err
		}
		s.report(q, r)
	}
}

func (w *worker) post(q queued) Result {
	r := Result{Metadata: q.metadata}
	if w.s.ctx.Err() != nil {
		r.Err = ErrClosed
		return r
	}
	ctx := w.s.ctx
	if t := w.s.cfg.timeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t)
		defer cancel()
	}
	var resp conduit.Response
	r.Err = w.s.c.postEvent(ctx, w.s.dataset, q.event, []Option{conduit.WithResponse(&resp)})
	r.Status, r.Attempts, r.Duration = resp.StatusCode, resp.Attempts, resp.Elapsed
	var e *Error
	if errors.As(r.Err, &e) && e.StatusCode != 0 {
		r.Status = e.StatusCode
	}
	return r
}

// report counts r, hands it to the callback and the Results channel, and
// only then settles the event, so Flush returns after its results are out.
func (s *Sender) report(q queued, r Result) {
	if r.Err == nil {
		s.sent.Add(1)
	} else {
		s.failed.Add(1)
	}
	if r.Attempts > 1 {
		s.retried.Add(int64(r.Attempts - 1))
	}
	if s.cfg.callback != nil {
		s.cfg.callback(r)
	}
	if s.results != nil {
		select {
		case s.results <- r:
		default:
			s.resultsDropped.Add(1)
		}
	}
	s.settle(q.gen)
}
