package conduittest

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// gatewayPath is where a Server's fake chat gateway listens; GatewayBot
// answers with it.
const gatewayPath = "/chat_gateway"

// gatewayBot answers GatewayBot with the documented example, its url
// pointing at the fake gateway of the same server.
func gatewayBot(w http.ResponseWriter, r *http.Request, _ []byte) {
	b, err := Fixture("chat", "gateway_bot.json")
	if err != nil {
		chatError(w, http.StatusInternalServerError, `{"message": "fixture", "code": 0}`)
		return
	}
	b = bytes.Replace(b, []byte("wss://gateway.discord.gg"), []byte("ws://"+r.Host+gatewayPath), 1)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// ChatGateway is the fake of the chat platform's gateway on a Server, so a
// bot is tested with no platform at all: it answers HELLO, IDENTIFY with
// READY (session "ct-session-1"), heartbeats with ACKs, RESUME with a
// replay of what the bot missed and RESUMED, and the test scripts the rest:
// Dispatch, Reconnect (op 7), InvalidSession (op 9), Close with a code,
// DropAcks. Commands lists what the bot sent (presence, member requests,
// voice states). A bot that asks for compress=zlib-stream gets every
// message in one zlib stream per connection, each ending at a sync flush,
// as the platform sends them; DispatchOversized sends an event too large
// to take (a compression bomb, when compressed). Get it with
// Server.ChatGateway.
type ChatGateway struct {
	mu        sync.Mutex
	conn      *gwConn       // the live session, nil between
	ready     chan struct{} // closed when a session is live
	seq       int64
	history   [][]byte // every dispatch sent, for replay
	dropAcks  bool
	interval  int
	identify  int
	resumes   int
	commands  []json.RawMessage
	sessionID string
	beats     int
}

// gwConn is one connection of the fake, compressed or not.
type gwConn struct {
	ws  *websocket.Conn
	mu  sync.Mutex
	zw  *zlib.Writer // nil: not compressed
	buf bytes.Buffer
}

// write sends msg as the platform would: text, or the next part of the
// connection's zlib stream.
func (c *gwConn) write(msg []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.zw == nil {
		return c.ws.Write(context.Background(), websocket.MessageText, msg)
	}
	c.buf.Reset()
	c.zw.Write(msg)
	c.zw.Flush()
	return c.ws.Write(context.Background(), websocket.MessageBinary, c.buf.Bytes())
}

func newChatGateway() *ChatGateway {
	return &ChatGateway{ready: make(chan struct{}), interval: 41250, sessionID: "ct-session-1"}
}

// ChatGateway returns the server's fake chat gateway.
func (s *Server) ChatGateway() *ChatGateway { return s.gateway }

// Sessions counts the IDENTIFYs and RESUMEs the fake has answered.
func (g *ChatGateway) Sessions() (identifies, resumes int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.identify, g.resumes
}

// Commands returns the commands the bot sent (op 3, 4, 8), as sent.
func (g *ChatGateway) Commands() []json.RawMessage {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]json.RawMessage(nil), g.commands...)
}

// DropAcks stops (or restarts) acknowledging heartbeats: the bot should
// take the connection for dead, close it and resume.
func (g *ChatGateway) DropAcks(on bool) { g.mu.Lock(); g.dropAcks = on; g.mu.Unlock() }

// HeartbeatInterval sets the interval, in milliseconds, later HELLOs ask
// for (41250 by default).
func (g *ChatGateway) HeartbeatInterval(ms int) { g.mu.Lock(); g.interval = ms; g.mu.Unlock() }

// Dispatch sends the event name with payload d (JSON text, or a value to
// encode) to the live session, waiting for one up to ten seconds.
func (g *ChatGateway) Dispatch(name string, d any) error {
	raw, ok := d.(string)
	if !ok {
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		raw = string(b)
	}
	conn, err := g.live()
	if err != nil {
		return err
	}
	g.mu.Lock()
	g.seq++
	msg := []byte(fmt.Sprintf(`{"op":0,"s":%d,"t":%q,"d":%s}`, g.seq, name, raw))
	g.history = append(g.history, msg)
	g.mu.Unlock()
	return conn.write(msg)
}

// DispatchOversized sends the event name whose d is a JSON string of n
// bytes, outside the sequence and the replay: over the bot's cap, it
// should end the connection with a clear error and resume. On a compressed
// connection it is a compression bomb, n bytes from a few kilobytes.
func (g *ChatGateway) DispatchOversized(name string, n int) error {
	conn, err := g.live()
	if err != nil {
		return err
	}
	msg := make([]byte, 0, n+64)
	msg = fmt.Appendf(msg, `{"op":0,"s":null,"t":%q,"d":"`, name)
	msg = append(msg, bytes.Repeat([]byte("x"), n)...)
	msg = append(msg, `"}`...)
	return conn.write(msg)
}

// Heartbeats counts the heartbeats the fake has received.
func (g *ChatGateway) Heartbeats() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.beats
}

// Reconnect sends op 7: the bot should resume.
func (g *ChatGateway) Reconnect() error { return g.send(`{"op":7,"d":null}`) }

// InvalidSession sends op 9: resumable says whether the bot may resume.
func (g *ChatGateway) InvalidSession(resumable bool) error {
	return g.send(`{"op":9,"d":` + strconv.FormatBool(resumable) + `}`)
}

// Close closes the live session with code (4004 ends a bot for good; 4000
// makes it resume).
func (g *ChatGateway) Close(code int, reason string) error {
	conn, err := g.live()
	if err != nil {
		return err
	}
	g.gone(conn)
	return conn.ws.Close(websocket.StatusCode(code), reason)
}

func (g *ChatGateway) send(msg string) error {
	conn, err := g.live()
	if err != nil {
		return err
	}
	return conn.write([]byte(msg))
}

// live waits for a session.
func (g *ChatGateway) live() (*gwConn, error) {
	g.mu.Lock()
	ready := g.ready
	g.mu.Unlock()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		return nil, errors.New("conduittest: no bot connected to the chat gateway")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conn == nil {
		return nil, errors.New("conduittest: the chat gateway session ended")
	}
	return g.conn, nil
}

// gone marks conn's session as ended.
func (g *ChatGateway) gone(conn *gwConn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conn == conn {
		g.conn = nil
		g.ready = make(chan struct{})
	}
}

// ServeHTTP speaks the gateway protocol on one connection.
func (g *ChatGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	conn := &gwConn{ws: ws}
	if r.URL.Query().Get("compress") == "zlib-stream" {
		conn.zw = zlib.NewWriter(&conn.buf)
	}
	defer g.gone(conn)
	ctx := context.Background()
	g.mu.Lock()
	hello := fmt.Sprintf(`{"op":10,"d":{"heartbeat_interval":%d}}`, g.interval)
	g.mu.Unlock()
	if conn.write([]byte(hello)) != nil {
		return
	}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if json.Unmarshal(b, &p) != nil {
			ws.Close(4002, "Error while decoding payload.")
			return
		}
		switch p.Op {
		case 1:
			g.mu.Lock()
			drop := g.dropAcks
			g.beats++
			g.mu.Unlock()
			if !drop {
				conn.write([]byte(`{"op":11}`))
			}
		case 2:
			if !g.checkToken(conn, p.D) {
				return
			}
			g.mu.Lock()
			g.identify++
			g.seq++
			ready := fmt.Sprintf(`{"op":0,"s":%d,"t":"READY","d":{"v":10,"user":{"id":"1180000000000000042","username":"deploy-bot","bot":true},"guilds":[{"id":"1180000000000000007","unavailable":true}],"session_id":%q,"resume_gateway_url":"ws://%s%s","shard":[0,1],"application":{"id":"1180000000000000042"}}}`,
				g.seq, g.sessionID, r.Host, gatewayPath)
			g.history = append(g.history[:0], []byte(ready))
			g.live1(conn)
			g.mu.Unlock()
			conn.write([]byte(ready))
		case 6:
			if !g.checkToken(conn, p.D) {
				return
			}
			var rs struct {
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			json.Unmarshal(p.D, &rs)
			g.mu.Lock()
			if rs.SessionID != g.sessionID {
				g.mu.Unlock()
				conn.write([]byte(`{"op":9,"d":false}`))
				continue
			}
			g.resumes++
			var replay [][]byte
			for _, m := range g.history {
				var s struct {
					S int64 `json:"s"`
				}
				json.Unmarshal(m, &s)
				if s.S > rs.Seq {
					replay = append(replay, m)
				}
			}
			g.seq++
			resumed := []byte(fmt.Sprintf(`{"op":0,"s":%d,"t":"RESUMED","d":null}`, g.seq))
			g.history = append(g.history, resumed)
			g.mu.Unlock()
			for _, m := range append(replay, resumed) {
				conn.write(m)
			}
			g.mu.Lock()
			g.live1(conn)
			g.mu.Unlock()
		default:
			g.mu.Lock()
			g.commands = append(g.commands, json.RawMessage(b))
			g.mu.Unlock()
		}
	}
}

// live1 makes conn the live session; g.mu is held.
func (g *ChatGateway) live1(conn *gwConn) {
	g.conn = conn
	select {
	case <-g.ready:
	default:
		close(g.ready)
	}
}

// checkToken closes with 4004, as the platform does, for a token other than
// the fake's.
func (g *ChatGateway) checkToken(conn *gwConn, d json.RawMessage) bool {
	var t struct {
		Token string `json:"token"`
	}
	json.Unmarshal(d, &t)
	if t.Token != Credential("chat", "bot_token") {
		conn.ws.Close(4004, "Authentication failed.")
		return false
	}
	return true
}
