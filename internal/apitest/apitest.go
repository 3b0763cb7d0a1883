// Package apitest holds the checks every interface package's tests make
// against a local server: recording what a client sends, and asserting on the
// *Error it returns: its kind and fields, that no secret is printed in any
// form, and that bad input never reaches the server.
package apitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// ClearEnv blanks the CONDUIT_* variables a test must not inherit from the
// developer's shell.
func ClearEnv(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		t.Setenv(k, "")
	}
}

// Request is one request a Server received.
type Request struct {
	Method string
	URI    string // as sent on the request line: escaped path and query
	Path   string // escaped path
	Query  string // raw query
	Header http.Header
	Body   []byte
}

// JSON decodes the body as a JSON object; an empty body is nil.
func (r Request) JSON(t testing.TB) map[string]any {
	t.Helper()
	if len(r.Body) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("apitest: request body is not a JSON object: %v: %s", err, r.Body)
		return nil
	}
	return m
}

// Server is a local server that records every request, body included,
// before handing it to its handler (nil: an empty 200). It is closed when the test ends.
type Server struct {
	URL  string
	mu   sync.Mutex
	reqs []Request
}

// Serve starts a Server that answers with h.
func Serve(t testing.TB, h http.HandlerFunc) *Server {
	s := &Server{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b)) // the handler may read it too
		s.mu.Lock()
		s.reqs = append(s.reqs, Request{Method: r.Method, URI: r.RequestURI, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: b})
		s.mu.Unlock()
		if h != nil {
			h(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Reply starts a Server that answers every request with status, content type
// and body.
func Reply(t testing.TB, status int, contentType, body string) *Server {
	return Serve(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
}

// JSON is a handler that answers 200 with a JSON body.
func JSON(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}
}

// Flaky is a handler that answers every odd-numbered request (the 1st, the
// 3rd, …) with status and an empty body, and every other one with then: a
// client that retries once succeeds on each call.
func Flaky(status int, then http.HandlerFunc) http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%2 == 1 {
			w.WriteHeader(status)
			return
		}
		then(w, r)
	}
}

// Hits is how many requests arrived.
func (s *Server) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// Last is the latest request; the test fails if there was none.
func (s *Server) Last(t testing.TB) Request {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		t.Fatal("apitest: the server received no request")
		return Request{}
	}
	return s.reqs[len(s.reqs)-1]
}

// Want describes an expected *Error. Empty strings and nil are not checked,
// except Code, which must match exactly.
type Want struct {
	Is      error // a sentinel for errors.Is
	Service string
	Op      string
	Status  int
	Code    string
	Message string
}

// Check asserts that err is an *Error as described, and returns it.
func Check(t testing.TB, err error, want Want) *transport.Error {
	t.Helper()
	var e *transport.Error
	if !errors.As(err, &e) {
		t.Fatalf("apitest: want a *conduit.Error, got %T: %v", err, err)
		return nil
	}
	if want.Is != nil && !errors.Is(err, want.Is) {
		t.Errorf("apitest: %v is not %v", err, want.Is)
	}
	for _, f := range [][3]string{{"Service", want.Service, e.Service}, {"Op", want.Op, e.Op}, {"Message", want.Message, e.Message}} {
		if f[1] != "" && f[1] != f[2] {
			t.Errorf("apitest: Error.%s = %q, want %q", f[0], f[2], f[1])
		}
	}
	if e.Code != want.Code {
		t.Errorf("apitest: Error.Code = %q, want %q", e.Code, want.Code)
	}
	if want.Status != 0 && e.StatusCode != want.Status {
		t.Errorf("apitest: Error.StatusCode = %d, want %d", e.StatusCode, want.Status)
	}
	return e
}

// Case is one error shape: what the server answers, and the error the
// client must return for it.
type Case struct {
	Name        string
	Status      int
	ContentType string
	Body        string
	Want        Want
}

// Cases runs each case as a subtest against its own Reply server: call makes
// one request to url and returns its error, which must match the case and
// print none of secrets.
func Cases(t *testing.T, cases []Case, secrets []string, call func(t *testing.T, url string) error) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := Reply(t, tc.Status, tc.ContentType, tc.Body)
			err := call(t, srv.URL)
			Check(t, err, tc.Want)
			NoSecret(t, err, secrets)
		})
	}
}

// NoSecret fails if any secret appears in err printed every way (%v, %+v,
// %#v), in its Body, Message or Code, or in any of also (log output, a
// wrapped URL).
func NoSecret(t testing.TB, err error, secrets []string, also ...string) {
	t.Helper()
	outs := append([]string{fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)}, also...)
	var e *transport.Error
	if errors.As(err, &e) {
		outs = append(outs, string(e.Body), e.Message, e.Code)
	}
	for _, out := range outs {
		for _, s := range secrets {
			if s != "" && strings.Contains(out, s) {
				t.Errorf("apitest: secret %q printed in %q", s, out)
			}
		}
	}
}

// Input is one invalid input: the call that makes it, and the field its
// error must name.
type Input struct {
	Field string
	Call  func() error
}

// BadInput asserts that every call fails with ErrInvalidParam naming its
// field, and that srv saw no request.
func BadInput(t testing.TB, srv *Server, inputs []Input) {
	t.Helper()
	for i, in := range inputs {
		err := in.Call()
		var e *transport.Error
		if !errors.As(err, &e) || !errors.Is(err, transport.ErrInvalidParam) {
			t.Errorf("apitest: input %d (%s): want ErrInvalidParam, got %v", i, in.Field, err)
			continue
		}
		if e.Field != in.Field || !strings.Contains(err.Error(), in.Field) {
			t.Errorf("apitest: input %d: error names field %q (%v), want %q", i, e.Field, err, in.Field)
		}
	}
	if n := srv.Hits(); n != 0 {
		t.Errorf("apitest: bad input reached the server %d times", n)
	}
}
