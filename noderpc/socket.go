package noderpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Defaults for the SocketOptions left at zero.
const (
	// DefaultBuffer is how many notifications one subscription holds for a
	// consumer that has not taken them yet.
	DefaultBuffer = 1024
	// DefaultMaxGap is the most blocks conduit fills after a gap (a
	// reconnect, a consumer that fell behind, a head that skipped numbers):
	// at 12 s a block on Ethereum, about 25 minutes. Each block filled is
	// one eth_getBlockByNumber, billed in compute units like any call.
	DefaultMaxGap = 128
	// DefaultSubscribeTimeout bounds the wait for the node's answer to
	// eth_subscribe.
	DefaultSubscribeTimeout = 10 * time.Second
	// DefaultMaxReconnects is how many reconnects in a row may fail before
	// the Socket ends.
	DefaultMaxReconnects = 10
)

// ErrGap reports notifications a subscription missed and conduit could not
// fill: a gap over SocketOptions.MaxGap blocks, which ends a NewHeads or
// Logs iterator, or a reconnect or a full buffer under a subscription to
// pending or mined transactions, which no call can replay (that iterator
// goes on after the error if the loop does).
var ErrGap = errors.New("notifications were missed")

// SocketOptions tune a Socket; the zero value is the defaults.
type SocketOptions struct {
	// Buffer is how many notifications one subscription holds while its
	// consumer is busy (DefaultBuffer when 0). When it is full the node's
	// next notifications for it are not kept: NewHeads and Logs fill them
	// from the node once the consumer catches up, as after a reconnect;
	// the transaction subscriptions report ErrGap. Memory stays bounded by
	// Buffer times the message cap per subscription.
	Buffer int
	// MaxGap is the most blocks filled after a gap (DefaultMaxGap when 0);
	// a larger gap ends NewHeads or Logs with ErrGap.
	MaxGap uint64
	// SubscribeTimeout bounds the wait for eth_subscribe's answer
	// (DefaultSubscribeTimeout when 0): a first subscription not answered
	// in time ends with conduit.ErrStalled; a re-subscription after a
	// reconnect drops the connection and tries again.
	SubscribeTimeout time.Duration
	// MaxMessageBytes caps one message from the node (socket's 8 MiB
	// when 0); a larger one drops the connection, which reconnects.
	MaxMessageBytes int64
	// ReconnectMin and ReconnectMax bound the jittered, doubling wait
	// before each reconnect (500 ms and 30 s when 0).
	ReconnectMin, ReconnectMax time.Duration
	// MaxReconnects is how many reconnects in a row may fail (a refused
	// dial, or a connection that ended before it delivered anything)
	// before the Socket ends with the last error (DefaultMaxReconnects
	// when 0). A refused key (401, 403) ends it at once.
	MaxReconnects int
}

func (o *SocketOptions) fill() {
	if o.Buffer <= 0 {
		o.Buffer = DefaultBuffer
	}
	if o.MaxGap == 0 {
		o.MaxGap = DefaultMaxGap
	}
	if o.SubscribeTimeout <= 0 {
		o.SubscribeTimeout = DefaultSubscribeTimeout
	}
	if o.ReconnectMin <= 0 {
		o.ReconnectMin = 500 * time.Millisecond
	}
	if o.ReconnectMax <= 0 {
		o.ReconnectMax = 30 * time.Second
	}
	if o.MaxReconnects <= 0 {
		o.MaxReconnects = DefaultMaxReconnects
	}
}

// Socket is one WebSocket connection to the node, at
// wss://{network}.g.alchemy.com/v2/{key} (the client's base URL, its key
// the last path segment and never printed). Subscriptions share it, and
// Call sends any JSON-RPC method over it, each answer matched to its call
// by id. One goroutine reads it; it ends, with every subscription and
// call, when the context given to Client.Socket ends or Close is called.
//
// When the connection drops, the Socket reconnects after a jittered
// backoff and subscribes again; see NewHeads and Logs for how the blocks
// and logs missed meanwhile are filled. A notification for a subscription
// id no live subscription has (one just ended) is discarded and counted
// in Stats; an answer to a call no one waits for any more is discarded.
// A message that is not JSON, or not JSON-RPC, drops the connection,
// which then reconnects like any other drop.
type Socket struct {
	c    *Client
	cfg  socket.Config
	o    SocketOptions
	ctx  context.Context
	stop context.CancelFunc
	done chan struct{}
	ids  atomic.Uint64

	mu      sync.Mutex
	conn    *socket.Conn
	up      chan struct{} // closed while conn is live
	since   time.Time     // when conn was dialled
	worked  bool          // conn delivered a notification or an answer
	subs    map[*sub]bool
	byID    map[string]*sub
	pending map[uint64]func(*frame, error)
	err     error // why the Socket ended
	unknown uint64
}

// socketOp names the socket's failures in errors.
var socketOp = &transport.Op{Service: service, Name: "Socket", Method: "GET", Path: "/v2"}

// Socket connects to the node's WebSocket endpoint. ctx bounds the dial
// and the Socket's life: when it ends, so do the Socket, its
// subscriptions and its calls. o may be nil for the defaults.
func (c *Client) Socket(ctx context.Context, o *SocketOptions) (*Socket, error) {
	var opts SocketOptions
	if o != nil {
		opts = *o
	}
	opts.fill()
	key, err := c.t.Reveal(socketOp, "api_key")
	if err != nil {
		return nil, err
	}
	cfg, err := c.t.Socket("Socket", "/v2/"+key)
	if err != nil {
		return nil, err
	}
	cfg.MaxMessageBytes = opts.MaxMessageBytes
	conn, err := socket.Dial(ctx, cfg)
	if err != nil {
		return nil, err
	}
	s := &Socket{c: c, cfg: cfg, o: opts, done: make(chan struct{}), up: make(chan struct{}),
		subs: map[*sub]bool{}, byID: map[string]*sub{}, pending: map[uint64]func(*frame, error){}}
	s.ctx, s.stop = context.WithCancel(ctx)
	s.connected(conn)
	context.AfterFunc(s.ctx, s.hangUp)
	go s.run(conn)
	return s, nil
}

// Close ends the Socket, its subscriptions and calls, closes the
// connection with 1000 and returns once its goroutine is gone.
func (s *Socket) Close() error {
	s.stop()
	<-s.done
	return nil
}

// SocketStats counts what a Socket discarded.
type SocketStats struct {
	// Unknown is the notifications for a subscription id no live
	// subscription had.
	Unknown uint64
}

// Stats returns the Socket's counts so far.
func (s *Socket) Stats() SocketStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return SocketStats{Unknown: s.unknown}
}

// hangUp closes the live connection once the Socket's context ends, so
// the read in run returns.
func (s *Socket) hangUp() {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn != nil {
		conn.Close()
	}
}

// fail makes err the Socket's *conduit.Error, credentials removed.
func (s *Socket) fail(err error) error {
	var ce *conduit.Error
	if errors.As(err, &ce) {
		return err
	}
	return s.cfg.Fail(err)
}

// run reads the connection, and reconnects when it drops, until the
// Socket's context ends.
func (s *Socket) run(conn *socket.Conn) {
	defer close(s.done)
	b := socket.Backoff{Min: s.o.ReconnectMin, Max: s.o.ReconnectMax}
	failures := 0
	for {
		err := s.serve(conn)
		worked := s.dropped(conn, err)
		if s.ctx.Err() != nil {
			s.finish(s.fail(socket.ErrClosed))
			return
		}
		if worked {
			failures = 0
			b.Reset()
		}
		for conn = nil; conn == nil; {
			failures++
			if failures > s.o.MaxReconnects {
				s.finish(s.fail(fmt.Errorf("%d reconnects in a row failed (SocketOptions.MaxReconnects), the last: %w", failures-1, err)))
				return
			}
			if socket.Sleep(s.ctx, b.Next()) != nil {
				s.finish(s.fail(socket.ErrClosed))
				return
			}
			conn, err = socket.Dial(s.ctx, s.cfg)
			if errors.Is(err, conduit.ErrUnauthorized) {
				s.finish(err)
				return
			}
		}
		if !s.connected(conn) {
			conn.Close()
			s.finish(s.fail(socket.ErrClosed))
			return
		}
	}
}

// connected makes conn the live connection and subscribes every live
// subscription on it; false when the Socket ended meanwhile.
func (s *Socket) connected(conn *socket.Conn) bool {
	s.mu.Lock()
	if s.ctx != nil && s.ctx.Err() != nil {
		s.mu.Unlock()
		return false
	}
	s.conn, s.since, s.worked = conn, time.Now(), false
	close(s.up)
	subs := make([]*sub, 0, len(s.subs))
	for sb := range s.subs {
		subs = append(subs, sb)
	}
	s.mu.Unlock()
	for _, sb := range subs {
		s.subscribe(sb)
	}
	return true
}

// serve reads conn until it ends, dispatching each message.
func (s *Socket) serve(conn *socket.Conn) error {
	for {
		msg, err := conn.Read(context.Background())
		if err != nil {
			return err
		}
		if err := s.dispatch(msg); err != nil {
			conn.CloseWith(1007, "not a JSON-RPC message")
			return err
		}
	}
}

// frame is one message from the node: an answer (id, result or error) or
// a notification (method eth_subscription, params).
type frame struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
	Method string          `json:"method"`
	Params *struct {
		Subscription conduit.Text    `json:"subscription"`
		Result       json.RawMessage `json:"result"`
	} `json:"params"`
}

func (s *Socket) dispatch(msg []byte) error {
	var f frame
	if wire.Kind(msg) != '{' {
		return s.fail(fmt.Errorf("%w: a message from the node is not a JSON object: %.60q", conduit.ErrMalformedResponse, msg))
	}
	if err := conduit.Unmarshal(msg, &f); err != nil {
		return s.fail(fmt.Errorf("%w: a message from the node does not decode: %v", conduit.ErrMalformedResponse, err))
	}
	if f.Method != "" {
		if f.Method != "eth_subscription" || f.Params == nil || f.Params.Subscription == "" {
			return s.fail(fmt.Errorf("%w: a notification of method %.40q without a subscription id", conduit.ErrMalformedResponse, f.Method))
		}
		s.mu.Lock()
		s.worked = true
		if sb := s.byID[string(f.Params.Subscription)]; sb != nil {
			sb.push(f.Params.Result)
		} else {
			s.unknown++
		}
		s.mu.Unlock()
		return nil
	}
	id, err := strconv.ParseUint(idText(f.ID), 10, 64)
	if err != nil {
		return s.fail(fmt.Errorf("%w: an answer whose id %.30q is not one conduit sent", conduit.ErrMalformedResponse, f.ID))
	}
	s.mu.Lock()
	s.worked = true
	answer := s.pending[id]
	delete(s.pending, id)
	s.mu.Unlock()
	if answer != nil {
		answer(&f, nil)
	}
	return nil
}

// dropped forgets conn after it ended with err: the calls waiting on it
// fail, subscriptions lose their ids until they are subscribed again. It
// reports whether conn worked (delivered something, or lasted).
func (s *Socket) dropped(conn *socket.Conn, err error) bool {
	conn.Close()
	s.mu.Lock()
	worked := s.worked || time.Since(s.since) > s.o.ReconnectMax
	s.conn = nil
	s.up = make(chan struct{})
	clear(s.byID)
	for sb := range s.subs {
		sb.id = ""
	}
	pending := s.pending
	s.pending = map[uint64]func(*frame, error){}
	s.mu.Unlock()
	lost := s.fail(fmt.Errorf("the connection ended before the answer: %w", err))
	for _, answer := range pending {
		answer(nil, lost)
	}
	return worked
}

// finish ends the Socket with err: every subscription ends with it.
func (s *Socket) finish(err error) {
	s.stop()
	s.mu.Lock()
	s.err = err
	subs := s.subs
	s.subs = map[*sub]bool{}
	for sb := range subs {
		sb.end(err)
	}
	s.mu.Unlock()
}

// live waits for a live connection.
func (s *Socket) live(ctx context.Context) (*socket.Conn, error) {
	for {
		s.mu.Lock()
		conn, up, err := s.conn, s.up, s.err
		s.mu.Unlock()
		if err != nil {
			return nil, err
		}
		if conn != nil {
			return conn, nil
		}
		select {
		case <-up:
		case <-s.done:
		case <-ctx.Done():
			return nil, s.fail(ctx.Err())
		}
	}
}

// request writes a JSON-RPC request on conn and has answer called with
// its answer, or with the error that ends the connection first.
func (s *Socket) request(ctx context.Context, conn *socket.Conn, id uint64, method string, params []any, answer func(*frame, error)) error {
	body, err := wire.Encode(newEnvelope(id, method, params))
	if err != nil {
		return s.fail(fmt.Errorf("%w: encoding %s's params: %v", conduit.ErrInvalidParam, method, err))
	}
	s.mu.Lock()
	if s.conn != conn {
		s.mu.Unlock()
		return s.fail(errors.New("the connection ended before the request was sent"))
	}
	s.pending[id] = answer
	s.mu.Unlock()
	if err := conn.Write(ctx, body); err != nil {
		s.forget(id)
		return err
	}
	return nil
}

// forget stops waiting for the answer to id.
func (s *Socket) forget(id uint64) {
	s.mu.Lock()
	delete(s.pending, id)
	s.mu.Unlock()
}

// Call invokes method over the socket, as Client.Call does over HTTP, and
// decodes its result into result (a non-nil pointer, or nil to discard
// it). It waits for a live connection if the Socket is reconnecting. A
// call whose connection drops before its answer fails and is not sent
// again: the method may have run.
func (s *Socket) Call(ctx context.Context, method string, params []any, result any) error {
	if field, msg := checkCall(method, result); field != "" {
		return callOp.Invalid(field, "%s", msg)
	}
	type answer struct {
		f   *frame
		err error
	}
	got := make(chan answer, 1)
	conn, err := s.live(ctx)
	if err != nil {
		return err
	}
	id := s.ids.Add(1)
	if err := s.request(ctx, conn, id, method, params, func(f *frame, err error) { got <- answer{f, err} }); err != nil {
		return err
	}
	select {
	case a := <-got:
		if a.err != nil {
			return a.err
		}
		return result2(a.f, result, s.problem)
	case <-ctx.Done():
		s.forget(id)
		return s.fail(ctx.Err())
	}
}

// result2 decodes an answer that came over the socket, as result does one
// that came over HTTP.
func result2(f *frame, out any, fail func(transport.Problem) error) error {
	return result(&reply{ID: f.ID, Result: f.Result, Error: f.Error}, out, fail)
}

// problem is a Problem as the Socket's error: the JSON-RPC error object
// classified by its code as over HTTP, and reachable as Detail.
func (s *Socket) problem(p transport.Problem) error {
	kind := p.Kind
	if kind == nil {
		kind = conduit.ErrAPI
		switch p.Code {
		case "429", "-32005":
			kind = conduit.ErrRateLimited
		case "-32001":
			kind = conduit.ErrNotFound
		}
	}
	err := s.fail(fmt.Errorf("%w: %s", kind, p.Message))
	var ce *conduit.Error
	if errors.As(err, &ce) {
		ce.Code, ce.Detail = p.Code, p.Detail
	}
	return err
}
