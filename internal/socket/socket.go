// Package socket is conduit's one WebSocket room: every push channel (the
// chat gateway, JSON-RPC subscriptions, a block explorer's live feed) dials,
// reads, writes, reconnects and closes through it, on
// github.com/coder/websocket, so conduit writes no framing of its own.
//
// A package never fills a Config itself: the core (transport.Client.Socket)
// resolves the URL against the client's settings, adds the client's headers
// and HTTP client, and supplies Fail, which turns every error a Conn returns
// into the client's *conduit.Error with credentials removed from the URL's
// path and query and from every message.
//
// Bounds. A message is read whole, and at most MaxMessageBytes of it: a
// longer one ends the connection (the peer gets close code 1009) with an
// error matching conduit.ErrResponseTooLarge. With Inflate set, what a
// message inflates to is bounded by MaxInflatedBytes the same way, so a
// compression bomb ends the connection instead of filling memory. Writes
// are serialized and held to Commands per connection. Nothing here starts a
// goroutine: a Conn's work happens on its callers' goroutines, and Close
// returns once the library's own are gone.
package socket

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/conduit-sdk/conduit"
)

// Defaults for the bounds a Config leaves at zero. A large server's state
// (a chat guild of 100,000 members arriving in one GUILD_CREATE) runs to a
// few megabytes; these leave room for that and no more.
const (
	DefaultMaxMessageBytes  = 8 << 20
	DefaultMaxInflatedBytes = 32 << 20
)

// Config is everything a connection is dialled with.
type Config struct {
	// URL is the absolute ws:// or wss:// address, query included.
	URL string
	// Header is sent with the opening handshake.
	Header http.Header
	// HTTPClient carries the handshake; its transport must speak HTTP/1.1.
	// nil: http.DefaultClient.
	HTTPClient *http.Client
	// MaxMessageBytes caps one message as it arrives; 0 means
	// DefaultMaxMessageBytes.
	MaxMessageBytes int64
	// Inflate, when set, makes the state that inflates this connection's
	// messages (one context a connection, as zlib-stream needs): see
	// ZlibStream. nil: messages are used as they arrive.
	Inflate func() Inflater
	// MaxInflatedBytes caps one inflated message; 0 means
	// DefaultMaxInflatedBytes.
	MaxInflatedBytes int64
	// Commands limits the messages written on one connection; the zero
	// Rate does not limit.
	Commands Rate
	// Closes gives the server's close codes a meaning: the error a
	// CloseError of that code unwraps to (a code that means the
	// credentials were refused, ErrUnauthorized).
	Closes map[int]error
	// Fail turns an error into the one callers see (the core names the
	// service and removes credentials). nil: errors are returned as built.
	Fail func(error) error
}

// Inflater inflates the messages of one connection, in order.
type Inflater interface {
	// Inflate appends what msg inflates to to dst, and fails with an error
	// matching conduit.ErrResponseTooLarge once that passes limit bytes.
	// done is false while msg is part of a message still to come (a
	// stream whose message ends at a marker not seen yet).
	Inflate(dst, msg []byte, limit int64) (out []byte, done bool, err error)
}

// CloseError is a connection the server closed, with its code and reason.
type CloseError struct {
	Code   int
	Reason string
	// Kind is what the code means, from Config.Closes; nil when it says
	// nothing.
	Kind error
}

func (e *CloseError) Error() string {
	msg := fmt.Sprintf("the server closed the connection with code %d", e.Code)
	if e.Kind != nil {
		msg += " (" + e.Kind.Error() + ")"
	}
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

// Unwrap returns the code's meaning.
func (e *CloseError) Unwrap() error { return e.Kind }

// CloseCode returns the code of the close that err reports, or 0 when the
// connection did not end with a close frame (a dropped connection, a read
// that failed).
func CloseCode(err error) int {
	var ce *CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}

// HandshakeError is an opening handshake the server refused with an HTTP
// status instead of switching protocols.
type HandshakeError struct {
	StatusCode int
	Err        error
}

func (e *HandshakeError) Error() string {
	return fmt.Sprintf("the server refused the WebSocket handshake with status %d", e.StatusCode)
}

func (e *HandshakeError) Unwrap() error { return e.Err }

// ErrClosed is what Read and Write return once Close was called.
var ErrClosed = errors.New("the connection was closed")

// Conn is one WebSocket connection. Read is for one goroutine at a time;
// Write and Close are safe for concurrent use with it and with each other.
type Conn struct {
	ws       *websocket.Conn
	cfg      Config
	inflater Inflater
	pending  []byte // inflated parts of a message not complete yet

	wmu     sync.Mutex // serializes writes and the rate's window
	window  window
	closeMu sync.Mutex
	closed  bool
}

// Dial opens a connection. ctx bounds the handshake only.
func Dial(ctx context.Context, cfg Config) (*Conn, error) {
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if cfg.MaxInflatedBytes <= 0 {
		cfg.MaxInflatedBytes = DefaultMaxInflatedBytes
	}
	if !strings.HasPrefix(cfg.URL, "ws://") && !strings.HasPrefix(cfg.URL, "wss://") {
		return nil, cfg.fail(fmt.Errorf("%w: a WebSocket URL starts with ws:// or wss://", conduit.ErrInvalidParam))
	}
	ws, resp, err := websocket.Dial(ctx, cfg.URL, &websocket.DialOptions{HTTPClient: cfg.HTTPClient, HTTPHeader: cfg.Header})
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			if resp.Body != nil {
				resp.Body.Close()
			}
			return nil, cfg.fail(&HandshakeError{StatusCode: resp.StatusCode, Err: statusKind(resp.StatusCode)})
		}
		return nil, cfg.fail(err)
	}
	ws.SetReadLimit(cfg.MaxMessageBytes)
	c := &Conn{ws: ws, cfg: cfg, window: window{rate: cfg.Commands}}
	if cfg.Inflate != nil {
		c.inflater = cfg.Inflate()
	}
	return c, nil
}

// statusKind is the sentinel a refused handshake's status means.
func statusKind(status int) error {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return conduit.ErrUnauthorized
	case http.StatusNotFound:
		return conduit.ErrNotFound
	case http.StatusTooManyRequests:
		return conduit.ErrRateLimited
	}
	return conduit.ErrAPI
}

func (cfg *Config) fail(err error) error {
	if cfg.Fail == nil {
		return err
	}
	return cfg.Fail(err)
}

// Read returns the next whole message, inflated when the Config says so.
// It blocks until one arrives, so a caller that reads slowly makes the
// server wait (TCP pushes back) rather than this process buffer. A ctx
// that ends while Read waits drops the connection at once, without a close
// frame; to end it cleanly, Close it from another goroutine, which ends Read
// with ErrClosed. Read is for one goroutine at a time.
func (c *Conn) Read(ctx context.Context) ([]byte, error) {
	for {
		_, r, err := c.ws.Reader(ctx)
		if err != nil {
			return nil, c.readError(err)
		}
		msg, err := io.ReadAll(r)
		if err != nil {
			return nil, c.readError(err)
		}
		if c.inflater == nil {
			return msg, nil
		}
		out, done, err := c.inflater.Inflate(c.pending[:0], msg, c.cfg.MaxInflatedBytes)
		if err != nil {
			code, why := websocket.StatusInvalidFramePayloadData, "malformed compressed stream"
			if errors.Is(err, conduit.ErrResponseTooLarge) {
				code, why = websocket.StatusMessageTooBig, "inflated message over the cap"
			}
			c.ws.Close(code, why)
			return nil, c.cfg.fail(err)
		}
		if !done {
			c.pending = out
			continue
		}
		c.pending = nil
		return out, nil
	}
}

func (c *Conn) readError(err error) error {
	c.closeMu.Lock()
	closed := c.closed
	c.closeMu.Unlock()
	var ce websocket.CloseError
	switch {
	case closed:
		return c.cfg.fail(ErrClosed)
	case errors.Is(err, websocket.ErrMessageTooBig):
		return c.cfg.fail(fmt.Errorf("%w: a message over %d bytes (socket.Config.MaxMessageBytes)", conduit.ErrResponseTooLarge, c.cfg.MaxMessageBytes))
	case errors.As(err, &ce):
		return c.cfg.fail(&CloseError{Code: int(ce.Code), Reason: ce.Reason, Kind: c.cfg.Closes[int(ce.Code)]})
	}
	return c.cfg.fail(fmt.Errorf("reading from the WebSocket: %w", err))
}

// Write sends msg as one text message, after the messages written before
// it, once the connection's command rate admits it (leaving the rate's
// Reserve to WriteUrgent). It waits no longer than ctx allows.
func (c *Conn) Write(ctx context.Context, msg []byte) error { return c.write(ctx, msg, false) }

// WriteUrgent is Write for a message the connection's life depends on (a
// heartbeat): it may take the slots Write leaves in reserve.
func (c *Conn) WriteUrgent(ctx context.Context, msg []byte) error { return c.write(ctx, msg, true) }

func (c *Conn) write(ctx context.Context, msg []byte, urgent bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.window.admit(ctx, urgent); err != nil {
		return c.cfg.fail(err)
	}
	if err := c.ws.Write(ctx, websocket.MessageText, msg); err != nil {
		c.closeMu.Lock()
		closed := c.closed
		c.closeMu.Unlock()
		if closed {
			return c.cfg.fail(ErrClosed)
		}
		return c.cfg.fail(fmt.Errorf("writing to the WebSocket: %w", err))
	}
	return nil
}

// Close ends the connection with code 1000 (normal closure) and waits for
// the server's answer, at most five seconds. It is safe to call more than
// once.
func (c *Conn) Close() error { return c.CloseWith(int(websocket.StatusNormalClosure), "") }

// CloseWith ends the connection with code and reason: a protocol that
// means to resume a session closes with a code other than 1000 and 1001,
// which would end it.
func (c *Conn) CloseWith(code int, reason string) error {
	c.closeMu.Lock()
	if c.closed {
		c.closeMu.Unlock()
		return nil
	}
	c.closed = true
	c.closeMu.Unlock()
	err := c.ws.Close(websocket.StatusCode(code), reason)
	if err != nil && !errors.Is(err, io.EOF) {
		// A peer that already went, or never answers the close, leaves
		// nothing to report: the connection is closed either way.
		c.ws.CloseNow()
	}
	return nil
}

// Rate is a number of messages per period.
type Rate struct {
	N   int
	Per time.Duration
	// Reserve is how many of the N only urgent writes may take.
	Reserve int
}

// window admits writes by a sliding window of send times: never more than
// N within any Per.
type window struct {
	rate Rate
	sent []time.Time // the sends within the last Per, oldest first
}

// admit waits until one more write fits, then counts it.
func (w *window) admit(ctx context.Context, urgent bool) error {
	if w.rate.N <= 0 || w.rate.Per <= 0 {
		return ctx.Err()
	}
	limit := w.rate.N
	if !urgent && w.rate.Reserve < limit {
		limit -= w.rate.Reserve
	}
	for {
		now := time.Now()
		drop := 0
		for drop < len(w.sent) && now.Sub(w.sent[drop]) >= w.rate.Per {
			drop++
		}
		w.sent = append(w.sent[:0], w.sent[drop:]...)
		if len(w.sent) < limit {
			w.sent = append(w.sent, now)
			return ctx.Err()
		}
		if err := Sleep(ctx, w.sent[len(w.sent)-limit].Add(w.rate.Per).Sub(now)); err != nil {
			return err
		}
	}
}

// Sleep waits d, or until ctx ends, whichever is first.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
