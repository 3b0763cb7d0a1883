package conduittest

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// Reply is one scripted answer. Status 0 and an empty Body mean the
// operation's normal answer, which Delay, Reset and CutAfter still shape:
// Reply{Delay: time.Second} answers as usual, a second late.
type Reply struct {
	Status int
	Header http.Header
	Body   string
	// Delay waits before answering.
	Delay time.Duration
	// Reset reads the request, then resets the connection without an
	// answer: the service may have acted, the client cannot know.
	Reset bool
	// CutAfter, for a streamed answer, sends its first CutAfter events and
	// then closes the connection, as a server that dies midway does.
	CutAfter int
}

// Script is how one operation answers: a queue of replies given for a
// number of calls each, then a reply for every call after, else the
// operation's normal answer.
type Script struct {
	s     *Server
	queue []scripted
	every *Reply
}

type scripted struct {
	n     int
	reply Reply
}

// On returns the script of pkg's operation op (its Go method name, as
// "CreateChatCompletion"); it panics for an operation the package does not
// have.
func (s *Server) On(pkg, op string) *Script {
	mustOp(pkg, op)
	key := pkg + "." + op
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.scripts[key]
	if sc == nil {
		sc = &Script{s: s}
		s.scripts[key] = sc
	}
	return sc
}

// Reply answers every later call with r, once the queued replies are used.
func (sc *Script) Reply(r Reply) *Script {
	sc.s.mu.Lock()
	defer sc.s.mu.Unlock()
	sc.every = &r
	return sc
}

// ReplyN answers the next n calls with r (after any replies queued before
// it); the calls after them are answered as before: "fail twice, then
// succeed" is ReplyN(2, Reply{Status: 503}).
func (sc *Script) ReplyN(n int, r Reply) *Script {
	sc.s.mu.Lock()
	defer sc.s.mu.Unlock()
	sc.queue = append(sc.queue, scripted{n: n, reply: r})
	return sc
}

// Clear drops the script: the operation answers normally again.
func (sc *Script) Clear() *Script {
	sc.s.mu.Lock()
	defer sc.s.mu.Unlock()
	sc.queue, sc.every = nil, nil
	return sc
}

// next takes the reply for one call; the caller holds the server's lock.
func (sc *Script) next() Reply {
	if sc == nil {
		return Reply{}
	}
	for len(sc.queue) > 0 {
		q := &sc.queue[0]
		if q.n > 0 {
			q.n--
			return q.reply
		}
		sc.queue = sc.queue[1:]
	}
	if sc.every != nil {
		return *sc.every
	}
	return Reply{}
}

// serve writes the reply, or the normal answer (normal) shaped by it.
func (r Reply) serve(w http.ResponseWriter, req *http.Request, normal func(http.ResponseWriter)) {
	if r.Delay > 0 {
		select {
		case <-time.After(r.Delay):
		case <-req.Context().Done():
			return
		}
	}
	if r.Reset {
		reset(w)
		return
	}
	if r.Status == 0 && r.Body == "" {
		if r.CutAfter > 0 {
			normal(&cutWriter{ResponseWriter: w, events: r.CutAfter})
			return
		}
		for k, vs := range r.Header {
			w.Header()[k] = vs
		}
		normal(w)
		return
	}
	for k, vs := range r.Header {
		w.Header()[k] = vs
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	if r.Status == 0 {
		r.Status = http.StatusOK
	}
	w.WriteHeader(r.Status)
	w.Write([]byte(r.Body))
}

// reset closes the connection with a TCP RST instead of an answer.
func reset(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// cutWriter passes a stream through until it has written events events,
// then ends the connection abruptly. Streams are written one event per
// Write.
type cutWriter struct {
	http.ResponseWriter
	events int
	sent   int
}

func (c *cutWriter) Write(b []byte) (int, error) {
	if c.sent >= c.events {
		return len(b), nil
	}
	n, err := c.ResponseWriter.Write(b)
	if bytes.HasSuffix(b, []byte("\n\n")) {
		c.sent++
	}
	if c.sent >= c.events {
		rc := http.NewResponseController(c.ResponseWriter)
		rc.Flush()
		if conn, _, err := rc.Hijack(); err == nil {
			conn.Close()
		}
	}
	return n, err
}

func (c *cutWriter) Flush() {
	if c.sent < c.events {
		http.NewResponseController(c.ResponseWriter).Flush()
	}
}

// mustOp panics, naming what pkg has, when op is none of its operations:
// a misspelt name would otherwise script, or read back, nothing.
func mustOp(pkg, op string) {
	if mustService(pkg).Op(op) == nil {
		panic(fmt.Sprintf("conduittest: package %s has no operation %q (known: %s)", pkg, op, strings.Join(Operations(pkg), ", ")))
	}
}
