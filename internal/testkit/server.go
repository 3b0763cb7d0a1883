// Package testkit is what the interface packages' tests share, so that every
// package checks the same things the same way without copying the same
// blocks. Only tests import it.
//
//   - A test server: Start answers from a script of Replies (statuses,
//     bodies, headers, connection resets), Serve runs a handler; both count
//     the requests and record them as they arrived (Request), so a test
//     can assert the exact request shape, where a secret travels (Holds) and
//     that a write reached the server exactly once.
//   - Clients: Client builds one or fails the test; Replay builds one on the
//     replay server, ReplayServer and ReplayEnv start that server for the
//     test; Fixture reads a file of testdata/<pkg>/; Fast makes retries quick;
//     Closed is a URL where nothing listens.
//   - Errors: Check asserts an *Error's Shape; Errors runs a table of server
//     answers against the operations under test; NoSecret and NoSecretIn
//     assert that no credential is printed in an error or a log.
//   - Input: InvalidParam and BadInput assert that bad input fails with
//     ErrInvalidParam naming its field and never reaches the server;
//     MissingBaseURL and MissingCredential assert the configuration errors;
//     OpenGET asserts what a credential-free GET carries.
//   - Decoding: Unshown proves that a member the typed struct lacks stays
//     reachable; RoundTrip is the property every tolerant decoder keeps.
package testkit

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/conduit-sdk/conduit/internal/refused"
	"github.com/conduit-sdk/conduit/internal/replay"
)

// Reply is one scripted answer. The zero Reply is a 200 with Content-Type
// application/json and no body.
type Reply struct {
	Status      int      // default 200
	ContentType string   // default application/json
	Header      []string // further header name, value pairs
	Body        string
	// Reset reads the request, then resets the connection without an
	// answer: the server may have acted, the client cannot know.
	Reset bool
}

// ServeHTTP writes the reply, for handlers that answer as a Reply after
// doing something of their own.
func (rp Reply) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	if rp.Reset {
		reset(w)
		return
	}
	ct := rp.ContentType
	if ct == "" {
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	for i := 0; i+1 < len(rp.Header); i += 2 {
		w.Header().Set(rp.Header[i], rp.Header[i+1])
	}
	status := rp.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	io.WriteString(w, rp.Body)
}

// reset closes the connection with a TCP RST instead of an answer.
func reset(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic("testkit: cannot hijack: " + err.Error())
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// Request is what one request looked like on arrival.
type Request struct {
	Method        string
	URI           string // the request line's target, as sent
	Path          string // escaped, as sent
	Query         string // raw, as sent
	Header        http.Header
	Body          []byte // the first MaxBody bytes
	ContentLength int64  // as declared: -1 when unknown
}

// MaxBody is how much of a request body the server reads and records before
// its handler runs; the handler can read the rest. A server that answers an
// upload early therefore still answers before the upload ends.
const MaxBody = 1 << 20

// Holds lists, sorted, where in r the secret appears: "header <Name>",
// "path" (escaped or not), "query", "body". Empty means nowhere.
func (r Request) Holds(secret string) []string {
	var at []string
	for name, vals := range r.Header {
		if strings.Contains(strings.Join(vals, "\n"), secret) {
			at = append(at, "header "+name)
		}
	}
	path := r.Path
	if p, err := url.PathUnescape(r.Path); err == nil {
		path += "\n" + p
	}
	for where, v := range map[string]string{"path": path, "query": r.Query, "body": string(r.Body)} {
		if strings.Contains(v, secret) {
			at = append(at, where)
		}
	}
	slices.Sort(at)
	return at
}

// JSON decodes the body as a JSON object, failing the test if it is not
// one; an empty body is nil.
func (r Request) JSON(t testing.TB) map[string]any {
	t.Helper()
	if len(r.Body) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("testkit: the request body is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

// Kept is how many of the latest requests a Server keeps; Hits counts all.
const Kept = 100

// Server is a local test server that counts the requests it gets and
// records each (the latest Kept of them) before its handler answers. It is
// closed when the test ends.
type Server struct {
	*httptest.Server
	mu   sync.Mutex
	hits int
	reqs []Request
}

// Serve starts a Server answering with h.
func Serve(t testing.TB, h http.Handler) *Server {
	t.Helper()
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, MaxBody))
		r.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
		s.mu.Lock()
		s.hits++
		if len(s.reqs) == Kept {
			s.reqs = slices.Delete(s.reqs, 0, 1)
		}
		s.reqs = append(s.reqs, Request{Method: r.Method, URI: r.RequestURI, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery,
			Header: r.Header.Clone(), Body: b, ContentLength: r.ContentLength})
		s.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Start starts a Server that answers the n-th request with the n-th reply,
// repeating the last; with none, every answer is the zero Reply.
func Start(t testing.TB, replies ...Reply) *Server {
	t.Helper()
	if len(replies) == 0 {
		replies = []Reply{{}}
	}
	var n atomic.Int64
	return Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		replies[min(int(n.Add(1)), len(replies))-1].ServeHTTP(w, r)
	}))
}

// Hits counts the requests that arrived.
func (s *Server) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

// Last is the most recent request; it fails the test if none arrived.
func (s *Server) Last(t testing.TB) Request {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		t.Fatal("testkit: no request reached the server")
	}
	return s.reqs[len(s.reqs)-1]
}

// Requests are the latest Kept requests, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Fixture is the content of testdata/<pkg>/<name>; a missing file fails
// the test.
func Fixture(t testing.TB, pkg, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(replay.TestdataDir(), pkg, name))
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	return string(b)
}

// Closed is the URL of a local port where nothing listens: a request there
// fails to connect, and the error names the URL. The port stays reserved
// for the test, so another test running at the same time cannot start
// listening on it.
func Closed(t testing.TB) string {
	t.Helper()
	addr, release, err := refused.Port()
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	t.Cleanup(release)
	return "http://" + addr
}
