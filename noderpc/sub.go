package noderpc

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
)

// sub is one eth_subscribe: its params, the id the node gave it on the
// live connection, and the notifications its consumer has not taken. Its
// fields other than the channels are guarded by the Socket's mu.
type sub struct {
	s      *Socket
	params []any
	ch     chan json.RawMessage // notifications, at most Buffer
	wake   chan struct{}        // a missed flag was set
	ready  chan struct{}        // closed at the first answer to eth_subscribe
	dead   chan struct{}        // closed by end
	id     string               // on the live connection; "" between
	begun  bool                 // subscribed once
	err    error                // why it ended
	missed missed
}

// missed says what a subscription lost: a reconnect, or notifications
// beyond its buffer.
type missed struct {
	reconnect bool
	overflow  int
}

func (m missed) any() bool { return m.reconnect || m.overflow > 0 }

// push queues a notification, or counts it missed when the buffer is full:
// the Socket's reader never waits for a consumer. Called under s.mu.
func (sb *sub) push(result json.RawMessage) {
	select {
	case sb.ch <- result:
	default:
		sb.missed.overflow++
		sb.signal()
	}
}

func (sb *sub) signal() {
	select {
	case sb.wake <- struct{}{}:
	default:
	}
}

// end ends the subscription with err. Called under s.mu.
func (sb *sub) end(err error) {
	if sb.err != nil {
		return
	}
	sb.err = err
	delete(sb.s.subs, sb)
	if sb.id != "" && sb.s.byID[sb.id] == sb {
		delete(sb.s.byID, sb.id)
	}
	close(sb.dead)
}

// takeMissed returns and clears what the subscription missed.
func (sb *sub) takeMissed() missed {
	sb.s.mu.Lock()
	defer sb.s.mu.Unlock()
	m := sb.missed
	sb.missed = missed{}
	return m
}

// start registers a subscription and waits for the node's first answer.
func (s *Socket) start(ctx context.Context, params []any) (*sub, error) {
	sb := &sub{s: s, params: params, ch: make(chan json.RawMessage, s.o.Buffer),
		wake: make(chan struct{}, 1), ready: make(chan struct{}), dead: make(chan struct{})}
	s.mu.Lock()
	if s.err != nil {
		s.mu.Unlock()
		return nil, s.err
	}
	s.subs[sb] = true
	s.mu.Unlock()
	s.subscribe(sb)
	select {
	case <-sb.ready:
		return sb, nil
	case <-sb.dead:
		return nil, sb.err
	case <-ctx.Done():
		s.unsubscribe(sb)
		return nil, nil
	}
}

// subscribe sends eth_subscribe for sb on the live connection; with none,
// the reconnect sends it.
func (s *Socket) subscribe(sb *sub) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	id := s.ids.Add(1)
	timer := time.AfterFunc(s.o.SubscribeTimeout, func() { s.unanswered(sb, conn, id) })
	ctx, cancel := context.WithTimeout(s.ctx, s.o.SubscribeTimeout)
	defer cancel()
	err := s.request(ctx, conn, id, "eth_subscribe", sb.params, func(f *frame, err error) {
		timer.Stop()
		s.subscribed(sb, f, err)
	})
	if err != nil {
		// The connection is going; the next one subscribes again.
		timer.Stop()
	}
}

// unanswered handles an eth_subscribe the node left without an answer: a
// first subscription ends with ErrStalled; a re-subscription drops the
// connection, which reconnects.
func (s *Socket) unanswered(sb *sub, conn interface{ CloseWith(int, string) error }, id uint64) {
	s.mu.Lock()
	if _, waiting := s.pending[id]; !waiting {
		s.mu.Unlock()
		return
	}
	delete(s.pending, id)
	first := !sb.begun
	if first {
		sb.end(s.fail(fmt.Errorf("%w: the node did not answer eth_subscribe within %v (SocketOptions.SubscribeTimeout)", conduit.ErrStalled, s.o.SubscribeTimeout)))
	}
	s.mu.Unlock()
	if !first {
		conn.CloseWith(4000, "eth_subscribe not answered")
	}
}

// subscribed takes the node's answer to eth_subscribe for sb.
func (s *Socket) subscribed(sb *sub, f *frame, err error) {
	if err != nil {
		return // the connection ended; the next one subscribes again
	}
	var id conduit.Text
	if f.Error == nil {
		if len(f.Result) == 0 || conduit.Unmarshal(f.Result, &id) != nil || id == "" {
			err = s.fail(fmt.Errorf("%w: eth_subscribe's answer %.60q is not a subscription id", conduit.ErrMalformedResponse, f.Result))
		}
	} else {
		err = result2(f, nil, s.problem)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sb.err != nil {
		return
	}
	if other := s.byID[string(id)]; err == nil && other != nil && other != sb {
		err = s.fail(fmt.Errorf("%w: the node gave subscription id %.40q, which a live subscription already has", conduit.ErrMalformedResponse, string(id)))
	}
	if err != nil {
		sb.end(err)
		return
	}
	sb.id = string(id)
	s.byID[sb.id] = sb
	if sb.begun {
		sb.missed.reconnect = true
		sb.signal()
		return
	}
	sb.begun = true
	close(sb.ready)
}

// unsubscribe ends sb, sending eth_unsubscribe when it has an id on the
// live connection. The node's answer is not awaited.
func (s *Socket) unsubscribe(sb *sub) {
	s.mu.Lock()
	id, conn := sb.id, s.conn
	sb.end(errEnded)
	s.mu.Unlock()
	if id == "" || conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.o.SubscribeTimeout)
	defer cancel()
	s.request(ctx, conn, s.ids.Add(1), "eth_unsubscribe", []any{id}, func(*frame, error) {})
}

var errEnded = fmt.Errorf("the subscription ended")

// next returns the subscription's next notification, or first what it
// missed. It returns a nil result with ok false when sb or ctx ended (err
// says why; nil for ctx).
func (sb *sub) next(ctx context.Context) (result json.RawMessage, m missed, err error, ok bool) {
	for {
		if m := sb.takeMissed(); m.any() {
			return nil, m, nil, true
		}
		select {
		case r := <-sb.ch:
			return r, missed{}, nil, true
		case <-sb.wake:
		case <-sb.dead:
			sb.s.mu.Lock()
			err := sb.err
			sb.s.mu.Unlock()
			return nil, missed{}, err, false
		case <-ctx.Done():
			return nil, missed{}, nil, false
		}
	}
}
