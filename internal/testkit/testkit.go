// Package testkit holds what the interface packages' tests share: a client
// on the replay server, one-answer and counting test servers, the check of
// an *Error's shape, and a JSON round-trip property for fuzz targets. Only
// tests import it.
package testkit

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Replay starts the replay server for the test's lifetime and builds pkg's
// client on it with newClient, the package's New.
func Replay[C any](t testing.TB, pkg string, newClient func(...transport.Option) (C, error)) C {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := newClient(srv.Options(pkg)...)
	if err != nil {
		t.Fatalf("testkit: New for %s on replay: %v", pkg, err)
	}
	return c
}

// NoBaseURL checks that a client built with its base URL variable env empty
// fails call with ErrMissingBaseURL, naming env, before any I/O.
func NoBaseURL[C any](t *testing.T, env string, newClient func(...transport.Option) (C, error), call func(C) error) {
	t.Helper()
	t.Setenv(env, "")
	c, err := newClient()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	err = call(c)
	if !errors.Is(err, transport.ErrMissingBaseURL) || !strings.Contains(err.Error(), env) {
		t.Errorf("want ErrMissingBaseURL naming %s, got %v", env, err)
	}
}

// Answer serves every request with status, contentType and body for the
// test's lifetime and returns the server's URL.
func Answer(t testing.TB, status int, contentType, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// Counter is a server that counts the requests it gets and answers each
// with an empty JSON object; bad-input tests assert it saw none.
type Counter struct {
	URL  string
	hits atomic.Int32
}

// Count starts a Counter for the test's lifetime.
func Count(t testing.TB) *Counter {
	t.Helper()
	c := &Counter{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		c.hits.Add(1)
		w.Write([]byte(`{}`))
	}))
	t.Cleanup(srv.Close)
	c.URL = srv.URL
	return c
}

// Hits is how many requests reached the server.
func (c *Counter) Hits() int { return int(c.hits.Load()) }

// Shape is what a test expects of an *Error. Zero fields are not checked,
// except that Field must be empty unless Is is ErrInvalidParam.
type Shape struct {
	Is       error // a sentinel errors.Is must match
	Service  string
	Op       string
	Endpoint string
	Status   int
	Code     string
	Field    string
}

// Check fails the test unless err is an *Error of shape want, and returns
// it for further checks.
func Check(t testing.TB, err error, want Shape) *transport.Error {
	t.Helper()
	var e *transport.Error
	if !errors.As(err, &e) {
		t.Fatalf("want an *Error, got %T: %v", err, err)
	}
	if want.Is != nil && !errors.Is(err, want.Is) {
		t.Errorf("errors.Is(%v, %v) is false", err, want.Is)
	}
	check := func(what string, got, want any, zero bool) {
		if !zero && got != want {
			t.Errorf("%s: got %v, want %v (error: %v)", what, got, want, err)
		}
	}
	check("Service", e.Service, want.Service, want.Service == "")
	check("Op", e.Op, want.Op, want.Op == "")
	check("Endpoint", e.Endpoint, want.Endpoint, want.Endpoint == "")
	check("StatusCode", e.StatusCode, want.Status, want.Status == 0)
	check("Code", e.Code, want.Code, want.Code == "")
	check("Field", e.Field, want.Field, false)
	if want.Field != "" && !strings.Contains(err.Error(), want.Field) {
		t.Errorf("message %q does not name the field %s", err, want.Field)
	}
	return e
}

// Record is a result that keeps its raw JSON.
type Record interface {
	RawJSON() json.RawMessage
	Decode(v any) error
}

// Unshown fails the test unless rec kept the member name, which its typed
// struct lacks, with the value want: the proof that fields the spec does not
// show stay reachable.
func Unshown(t testing.TB, rec Record, name string, want any) {
	t.Helper()
	var members map[string]json.RawMessage
	if err := rec.Decode(&members); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	raw, ok := members[name]
	if !ok {
		t.Fatalf("member %q is not in the raw record %s", name, rec.RawJSON())
	}
	var got, norm any
	wb, _ := json.Marshal(want)
	if json.Unmarshal(raw, &got) != nil || json.Unmarshal(wb, &norm) != nil || !reflect.DeepEqual(got, norm) {
		t.Errorf("member %q is %s, want %s", name, raw, wb)
	}
}

// RoundTrip is the property every tolerant decoder keeps: whatever in
// decodes to also encodes, and that encoding decodes to a value that
// encodes the same again.
func RoundTrip[T any](t testing.TB, in []byte) {
	t.Helper()
	var v T
	if json.Unmarshal(in, &v) != nil {
		return
	}
	b, err := json.Marshal(&v)
	if err != nil {
		t.Fatalf("%q decoded to %+v, which does not encode: %v", in, v, err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%q encoded as %s, which does not decode: %v", in, b, err)
	}
	if b2, _ := json.Marshal(&back); string(b2) != string(b) {
		t.Fatalf("%q did not round-trip: %s then %s", in, b, b2)
	}
}
