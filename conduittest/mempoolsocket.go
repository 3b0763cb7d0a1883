package conduittest

import (
	"encoding/json"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// MempoolSocket is mempool.space's WebSocket feed (/api/v1/ws) as a
// fake: it answers {"action":"ping"} with {"pong":true}, records each
// connection's wants and tracks, pushes the messages a test scripts, and
// drops connections mid-stream, so a test can prove its program sends its
// wants and tracks again after a reconnect.
//
//	feed := conduittest.StartMempoolSocket()
//	defer feed.Close()
//	c, _ := explorer.New(feed.Options()...)
type MempoolSocket struct {
	srv *wstest.Server

	mu    sync.Mutex
	conns map[*wstest.Peer][]json.RawMessage // what each open connection sent
	all   [][]json.RawMessage                // per connection, in order, closed ones included
}

// StartMempoolSocket starts the fake. Close it when done.
func StartMempoolSocket() *MempoolSocket {
	m := &MempoolSocket{srv: wstest.Start(), conns: map[*wstest.Peer][]json.RawMessage{}}
	m.srv.OnConnect(m.serve)
	return m
}

// Close ends every connection and stops the fake.
func (m *MempoolSocket) Close() { m.srv.Close() }

// Options points an explorer client at the fake.
func (m *MempoolSocket) Options() []conduit.Option {
	return []conduit.Option{mustService("explorer").SetBase("explorer_url", m.srv.HTTPURL()+"/api")}
}

// Received returns what connection i (0 the first) sent, pings excluded.
func (m *MempoolSocket) Received(i int) []json.RawMessage {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i >= len(m.all) {
		return nil
	}
	return append([]json.RawMessage(nil), m.all[i]...)
}

// Connections counts the connections made so far, closed ones included.
func (m *MempoolSocket) Connections() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.all)
}

// Push sends msg (a message as the service sends it: {"block": …},
// {"address-transactions": […]}, …) to every open connection.
func (m *MempoolSocket) Push(msg string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for p := range m.conns {
		p.Send(msg)
	}
}

// Refuse answers later handshakes with status (503: a service that is
// down) instead of accepting them, for a reconnect storm; 0 accepts again.
func (m *MempoolSocket) Refuse(status int) { m.srv.Refuse(status) }

// Drop ends every connection without a close frame.
func (m *MempoolSocket) Drop() {
	m.mu.Lock()
	conns := m.conns
	m.conns = map[*wstest.Peer][]json.RawMessage{}
	m.mu.Unlock()
	for p := range conns {
		p.Drop()
	}
}

func (m *MempoolSocket) serve(p *wstest.Peer) {
	m.mu.Lock()
	m.conns[p] = nil
	m.all = append(m.all, nil)
	i := len(m.all) - 1
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		delete(m.conns, p)
		m.mu.Unlock()
	}()
	for {
		select {
		case msg, ok := <-p.Messages():
			if !ok {
				return
			}
			var ping struct {
				Action string `json:"action"`
			}
			if json.Unmarshal(msg, &ping) == nil && ping.Action == "ping" {
				m.mu.Lock()
				p.Send(`{"pong":true}`)
				m.mu.Unlock()
				continue
			}
			m.mu.Lock()
			m.all[i] = append(m.all[i], msg)
			m.mu.Unlock()
		case <-p.Done():
			return
		}
	}
}
