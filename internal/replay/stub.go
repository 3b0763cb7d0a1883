package replay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Stub is a one-answer test server: it gives every request the same status,
// content type and body, and keeps what it received. Request-shape,
// error-shape and bad-input tests use it instead of a hand-written handler.
type Stub struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []*http.Request
}

// NewStub starts a Stub answering status, contentType and body.
func NewStub(status int, contentType, body string) *Stub {
	s := &Stub{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, r.Clone(context.Background()))
		s.mu.Unlock()
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	return s
}

// NewFixtureStub starts a Stub answering 200 with testdata/<pkg>/<name> as
// JSON. A missing fixture panics: it is a broken test, not a server answer.
func NewFixtureStub(pkg, name string) *Stub {
	b, err := os.ReadFile(filepath.Join(TestdataDir(), pkg, name))
	if err != nil {
		panic("replay: " + err.Error())
	}
	return NewStub(http.StatusOK, "application/json", string(b))
}

// Requests returns the requests received so far, oldest first.
func (s *Stub) Requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.reqs...)
}

// Last returns the latest request received, or nil before the first.
func (s *Stub) Last() *http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		return nil
	}
	return s.reqs[len(s.reqs)-1]
}

// TestOptions starts a replay server that lives until t's cleanup and
// returns pkg's options for it (Start followed by Options, for tests).
func TestOptions(t interface{ Cleanup(func()) }, pkg string) []transport.Option {
	s := Start()
	t.Cleanup(s.Close)
	return s.Options(pkg)
}

// ServeIf starts a replay server and exports its environment (Setenv) when
// on is set, as the examples' -replay flag asks; stop closes it.
func ServeIf(on bool) (stop func()) {
	if !on {
		return func() {}
	}
	s := Start()
	s.Setenv()
	return s.Close
}
