// Package wstest is a scripted, hostile WebSocket server for the tests of
// conduit's push channels and for the conduittest fakes built on them. A
// test (or a fake) takes each connection as it arrives with Next and plays
// the server: sends frames, frames over a cap, invalid JSON and compressed
// streams, closes with a code, drops the TCP connection without a close
// frame, or stalls, and reads what the client wrote and the code it closed
// with.
package wstest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Wait bounds how long Next, Read and Closed wait for a client that should
// already have acted: a test that reaches it has found a hang.
const Wait = 20 * time.Second

// Server accepts WebSocket connections and queues them for Next.
type Server struct {
	srv   *httptest.Server
	conns chan *Peer

	mu     sync.Mutex
	stall  bool
	refuse int // status to refuse handshakes with; 0 accepts
	rest   http.Handler
	peers  []*Peer
	accept func(*Peer)
}

// Start starts a server on loopback. Close it when done.
func Start() *Server {
	s := &Server{conns: make(chan *Peer, 64)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the server's address as ws://host:port.
func (s *Server) URL() string { return "ws" + strings.TrimPrefix(s.srv.URL, "http") }

// HTTPURL is the server's address as http://host:port, for the REST half of
// a fake on the same listener.
func (s *Server) HTTPURL() string { return s.srv.URL }

// Handle mounts an HTTP handler beside the WebSocket endpoint: requests
// without an Upgrade header go to h.
func (s *Server) Handle(h http.Handler) { s.mu.Lock(); s.rest = h; s.mu.Unlock() }

// OnConnect hands later connections to f, on their own goroutine, instead
// of queueing them for Next: a fake that serves every client for as long
// as it stays. The connection ends when f returns.
func (s *Server) OnConnect(f func(*Peer)) { s.mu.Lock(); s.accept = f; s.mu.Unlock() }

// Stall makes the server accept later handshakes and then neither read nor
// send: a server that hangs (its close handshake never answered).
func (s *Server) Stall(on bool) { s.mu.Lock(); s.stall = on; s.mu.Unlock() }

// Refuse makes the server answer later handshakes with status instead of
// switching protocols; 0 accepts again.
func (s *Server) Refuse(status int) { s.mu.Lock(); s.refuse = status; s.mu.Unlock() }

// Close drops every connection and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	peers := s.peers
	s.mu.Unlock()
	for _, p := range peers {
		p.Drop()
	}
	s.srv.CloseClientConnections()
	s.srv.Close()
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	stall, refuse, rest, accept := s.stall, s.refuse, s.rest, s.accept
	s.mu.Unlock()
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		if rest == nil {
			http.NotFound(w, r)
			return
		}
		rest.ServeHTTP(w, r)
		return
	}
	if refuse != 0 {
		http.Error(w, http.StatusText(refuse), refuse)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return
	}
	ws.SetReadLimit(-1)
	p := &Peer{ws: ws, Request: r.Clone(context.Background()), msgs: make(chan []byte, 1024), done: make(chan struct{}), stalled: stall}
	s.mu.Lock()
	s.peers = append(s.peers, p)
	s.mu.Unlock()
	if !stall {
		go p.read()
	}
	if accept != nil {
		accept(p)
		p.Drop()
		return
	}
	s.conns <- p
	<-p.done
}

// Next returns the next connection, or an error when none came within Wait.
func (s *Server) Next() (*Peer, error) {
	select {
	case p := <-s.conns:
		return p, nil
	case <-time.After(Wait):
		return nil, errors.New("wstest: no connection arrived")
	}
}

// Peer is the server's side of one connection.
type Peer struct {
	// Request is the opening handshake as it arrived.
	Request *http.Request

	ws       *websocket.Conn
	msgs     chan []byte
	done     chan struct{}
	doneOnce sync.Once
	stalled  bool

	mu        sync.Mutex
	closeCode int // the code the client closed with; -1 dropped without one
	readErr   error
}

func (p *Peer) finish() { p.doneOnce.Do(func() { close(p.done) }) }

func (p *Peer) read() {
	defer p.finish()
	for {
		_, b, err := p.ws.Read(context.Background())
		if err != nil {
			p.mu.Lock()
			p.closeCode = int(websocket.CloseStatus(err))
			p.readErr = err
			p.mu.Unlock()
			close(p.msgs)
			return
		}
		p.msgs <- b
	}
}

// Send writes msg as a text message.
func (p *Peer) Send(msg string) error {
	return p.ws.Write(context.Background(), websocket.MessageText, []byte(msg))
}

// SendBinary writes msg as a binary message (a compressed stream's part).
func (p *Peer) SendBinary(msg []byte) error {
	return p.ws.Write(context.Background(), websocket.MessageBinary, msg)
}

// SendOversized writes a text message of n bytes that is valid JSON (a
// string), so only its size is at fault.
func (p *Peer) SendOversized(n int) error {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'x'
	}
	b[0], b[n-1] = '"', '"'
	return p.ws.Write(context.Background(), websocket.MessageText, b)
}

// Read returns the next message the client wrote, or an error when the
// client closed or wrote nothing within Wait.
func (p *Peer) Read() ([]byte, error) {
	select {
	case b, ok := <-p.msgs:
		if !ok {
			return nil, fmt.Errorf("wstest: the client closed (code %d)", p.ClosedWith())
		}
		return b, nil
	case <-time.After(Wait):
		return nil, errors.New("wstest: the client wrote nothing")
	}
}

// Messages is what the client writes, for a fake that waits on it as long
// as the connection lasts; it is closed when the connection ends.
func (p *Peer) Messages() <-chan []byte { return p.msgs }

// Done is closed once the connection ended.
func (p *Peer) Done() <-chan struct{} { return p.done }

// Closed waits for the client to end the connection and returns the close
// code it sent: -1 when it dropped the connection without one.
func (p *Peer) Closed() (int, error) {
	select {
	case <-p.done:
		return p.ClosedWith(), nil
	case <-time.After(Wait):
		return 0, errors.New("wstest: the client did not close")
	}
}

// ClosedWith is the close code the client sent, -1 for none, once the
// connection ended.
func (p *Peer) ClosedWith() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closeCode
}

// Close closes the connection with code and reason, as a server does.
func (p *Peer) Close(code int, reason string) error {
	err := p.ws.Close(websocket.StatusCode(code), reason)
	p.finish()
	return err
}

// Drop ends the TCP connection without a close frame.
func (p *Peer) Drop() {
	p.ws.CloseNow()
	p.finish()
}
