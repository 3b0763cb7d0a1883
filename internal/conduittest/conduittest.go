// Package conduittest holds what every interface package's tests do the same
// way: a client of the replay server, bad input named by its field and never
// sent, and errors that never print a credential.
package conduittest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Replay starts the replay server for the test and returns a client of pkg
// built by newClient (the package's New) against it.
func Replay[C any](t testing.TB, pkg string, newClient func(...transport.Option) (C, error), opts ...transport.Option) C {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := newClient(append(srv.Options(pkg), opts...)...)
	if err != nil {
		t.Fatalf("%s.New against replay: %v", pkg, err)
	}
	return c
}

// ReplayEnv starts the replay server and points the CONDUIT_* environment at
// it for the rest of the test, base URLs and credentials both.
func ReplayEnv(t testing.TB) *replay.Server {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	for k, v := range srv.Env() {
		t.Setenv(k, v)
	}
	return srv
}

// Local starts a server run by h for the test and returns a client of it
// built by newClient (the package's New) with the server's URL plus suffix
// ("/v1") as base URL, a millisecond retry backoff, and opts.
func Local[C any](t testing.TB, h http.Handler, suffix string, newClient func(...transport.Option) (C, error), opts ...transport.Option) C {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	base := []transport.Option{transport.WithBaseURL(srv.URL + suffix), transport.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)}
	c, err := newClient(append(base, opts...)...)
	if err != nil {
		t.Fatalf("New against a local server: %v", err)
	}
	return c
}

// Counting starts a server that answers 200 with an empty JSON object and
// counts what reaches it, for tests that must show nothing was sent.
func Counting(t testing.TB) (url string, hits *atomic.Int32) {
	t.Helper()
	hits = new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("{}"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, hits
}

// Reply is a canned answer, for error-shape tests: Status (200 if 0), a
// Content-Type (application/json if empty), extra Header name, value pairs,
// and Body, or the file Body names after an "@".
type Reply struct {
	Status int
	Type   string
	Header []string
	Body   string
}

// ServeHTTP writes the reply.
func (rp Reply) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	body := []byte(rp.Body)
	if name, ok := strings.CutPrefix(rp.Body, "@"); ok {
		b, err := os.ReadFile(name)
		if err != nil {
			http.Error(w, "conduittest: "+err.Error(), 599)
			return
		}
		body = b
	}
	ct := rp.Type
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
	w.Write(body)
}

// Recorded is what a server saw of the last request it was sent.
type Recorded struct {
	Method, Path, Query, Body string // Path is escaped, as sent
	Header                    http.Header
}

// Record wraps h so that each request is recorded into rec before h answers
// it. The test reads rec after the call returns.
func Record(rec *Recorded, h http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		*rec = Recorded{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(b), r.Header.Clone()}
		r.Body = io.NopCloser(bytes.NewReader(b))
		h.ServeHTTP(w, r)
	}
}

// OnlyIn fails t unless header name is exactly value and the credential
// inside it appears nowhere else in the request: not in another header, the
// path, the query or the body.
func OnlyIn(t testing.TB, rec Recorded, name, value, credential string) {
	t.Helper()
	if got := rec.Header.Get(name); got != value {
		t.Errorf("header %s is %q, want %q", name, got, value)
	}
	for h, vals := range rec.Header {
		if h != http.CanonicalHeaderKey(name) && strings.Contains(strings.Join(vals, "\n"), credential) {
			t.Errorf("credential misplaced in header %s", h)
		}
	}
	for where, s := range map[string]string{"path": rec.Path, "query": rec.Query, "body": rec.Body} {
		if strings.Contains(s, credential) {
			t.Errorf("credential misplaced in the %s", where)
		}
	}
}

// InvalidParam fails t unless err is an *Error wrapping ErrInvalidParam whose
// Field is field and whose text names it.
func InvalidParam(t testing.TB, err error, field string) {
	t.Helper()
	var e *transport.Error
	switch {
	case !errors.Is(err, transport.ErrInvalidParam):
		t.Errorf("input %s: want ErrInvalidParam, got %v", field, err)
	case !errors.As(err, &e):
		t.Errorf("input %s: %T is not an *Error", field, err)
	case e.Field != field:
		t.Errorf("input %s: Error.Field is %q", field, e.Field)
	case !strings.Contains(err.Error(), field):
		t.Errorf("input %s: %q does not name it", field, err.Error())
	}
}

// Failed fails t unless err is an *Error naming service, op and endpoint
// and matching is under errors.Is. It returns the *Error (nil on failure) for
// further checks.
func Failed(t testing.TB, err, is error, service, op, endpoint string) *transport.Error {
	t.Helper()
	var e *transport.Error
	if !errors.As(err, &e) {
		t.Errorf("want an *Error, got %T: %v", err, err)
		return nil
	}
	if !errors.Is(err, is) {
		t.Errorf("%v: want errors.Is(%v)", err, is)
	}
	if e.Service != service || e.Op != op || e.Endpoint != endpoint {
		t.Errorf("error names %s.%s %q, want %s.%s %q", e.Service, e.Op, e.Endpoint, service, op, endpoint)
	}
	return e
}

// NoSecret fails t if any secret shows in err's text, %+v or %#v.
func NoSecret(t testing.TB, err error, secrets ...string) {
	t.Helper()
	if err == nil {
		return
	}
	for _, out := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)} {
		for _, s := range secrets {
			if s != "" && strings.Contains(out, s) {
				t.Errorf("error output holds a credential: %s", out)
				return
			}
		}
	}
}
