// Package testserver is the scripted HTTP server the package tests share:
// it records what each request looked like, answers from a script (statuses,
// bodies, connection resets), and counts hits, so a test can assert the exact
// request shape and that a write reached the server exactly once.
package testserver

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Answer is one scripted response.
type Answer struct {
	Status      int    // default 200
	ContentType string // default application/json
	Body        string
	// Reset reads the whole request, then resets the connection without
	// answering: the server may have acted, the client cannot know.
	Reset bool
}

// Request is what one request looked like on arrival.
type Request struct {
	Method  string
	Path    string // decoded
	RawPath string // as sent, escapes kept
	Query   string
	Header  http.Header
	Body    []byte
}

// Server answers the n-th request with the n-th Answer, repeating the last.
type Server struct {
	*httptest.Server
	answers []Answer
	mu      sync.Mutex
	reqs    []Request
}

// Start runs a Server until the test ends.
func Start(t testing.TB, answers ...Answer) *Server {
	t.Helper()
	if len(answers) == 0 {
		answers = []Answer{{}}
	}
	s := &Server{answers: answers}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.reqs = append(s.reqs, Request{r.Method, r.URL.Path, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), body})
	a := s.answers[min(len(s.reqs), len(s.answers))-1]
	s.mu.Unlock()
	if a.Reset {
		reset(w)
		return
	}
	ct := a.ContentType
	if ct == "" {
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	status := a.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	io.WriteString(w, a.Body)
}

// reset closes the connection with a TCP RST instead of an answer.
func reset(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic("testserver: cannot hijack: " + err.Error())
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// Hits counts the requests that arrived.
func (s *Server) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// Last is the most recent request; it fails the test if there was none.
func (s *Server) Last(t testing.TB) Request {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		t.Fatal("testserver: no request arrived")
	}
	return s.reqs[len(s.reqs)-1]
}

// Holds lists where in r a secret appears ("header X", "path", "query",
// "body"); empty means nowhere.
func (r Request) Holds(secret string) []string {
	var at []string
	for name, vals := range r.Header {
		if strings.Contains(strings.Join(vals, "\n"), secret) {
			at = append(at, "header "+name)
		}
	}
	for where, v := range map[string]string{"path": r.RawPath + "\n" + r.Path, "query": r.Query, "body": string(r.Body)} {
		if strings.Contains(v, secret) {
			at = append(at, where)
		}
	}
	return at
}

// NoSecret fails the test unless err is a conduit error and none of the
// secrets shows in any of the ways errors get printed: Error, %v, %+v, %#v,
// and the kept body excerpt.
func NoSecret(t testing.TB, err error, secrets ...string) {
	t.Helper()
	var e *transport.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a conduit error", err, err)
	}
	outs := []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%#v", e), string(e.Body)}
	for _, s := range secrets {
		for _, out := range outs {
			if strings.Contains(out, s) {
				t.Errorf("a secret shows in the error output %q", out)
			}
		}
	}
}
