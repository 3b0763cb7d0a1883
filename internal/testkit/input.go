package testkit

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit"
)

// InvalidParam fails the test unless err is an *Error wrapping
// ErrInvalidParam, with field as its Field, no status or code, and text
// reading "invalid parameter <field>: ".
func InvalidParam(t testing.TB, err error, field string) {
	t.Helper()
	Check(t, err, Shape{Is: conduit.ErrInvalidParam, Field: field})
}

// Input is one invalid input: the call that makes it, and the field its
// error must name.
type Input struct {
	Field string
	Call  func() error
}

// BadInput runs each input as a subtest: its call must fail as InvalidParam
// says, with want's Service and Op where set, and show none of the secrets.
// Then srv must have seen no request.
func BadInput(t *testing.T, srv *Server, want Shape, inputs []Input, secrets ...string) {
	t.Helper()
	for i, in := range inputs {
		t.Run(fmt.Sprintf("%d %s", i, in.Field), func(t *testing.T) {
			err := in.Call()
			Check(t, err, Shape{Is: conduit.ErrInvalidParam, Service: want.Service, Op: want.Op, Field: in.Field})
			NoSecret(t, err, secrets...)
		})
	}
	if n := srv.Hits(); n != 0 {
		t.Errorf("testkit: bad input reached the server %d times", n)
	}
}

// DefaultBaseURL blanks env, the base URL's CONDUIT_* variables, and
// checks that a client newClient builds without a base URL sends call to
// the real service's address: the request's URL starts with want. A stand-in
// transport answers 404 in place of the real host, so nothing leaves the
// machine.
func DefaultBaseURL[C any](t testing.TB, env, want string, newClient func(...conduit.Option) (C, error), call func(C) error) {
	t.Helper()
	t.Setenv(env, "")
	var got []string
	standIn := roundTripper(func(r *http.Request) (*http.Response, error) {
		got = append(got, r.URL.String())
		return &http.Response{StatusCode: http.StatusNotFound, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
	})
	_ = call(Client(t, newClient, conduit.WithHTTPClient(&http.Client{Transport: standIn}), conduit.WithMaxRetries(0)))
	if len(got) == 0 || !strings.HasPrefix(got[0], want) {
		t.Errorf("testkit: without a base URL the call went to %q, want the real service's %s…", got, want)
	}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// MissingBaseURL blanks env, the base URL's CONDUIT_* variable, and checks
// that call fails with ErrMissingBaseURL naming it on a client newClient
// builds without a base URL: for a base with no default.
func MissingBaseURL[C any](t testing.TB, env string, newClient func(...conduit.Option) (C, error), call func(C) error) {
	t.Helper()
	t.Setenv(env, "")
	err := call(Client(t, newClient))
	if !errors.Is(err, conduit.ErrMissingBaseURL) || !strings.Contains(fmt.Sprint(err), env) {
		t.Errorf("testkit: want ErrMissingBaseURL naming %s, got %v", env, err)
	}
}

// MissingCredential checks that every call fails with ErrMissingCredential,
// saying to set it with "<option> or <env>", and that srv, where the client
// points, saw no request. The caller blanks env before building the client.
func MissingCredential(t testing.TB, srv *Server, option, env string, calls ...func() error) {
	t.Helper()
	for i, call := range calls {
		err := call()
		if !errors.Is(err, conduit.ErrMissingCredential) || !strings.Contains(fmt.Sprint(err), option+" or "+env) {
			t.Errorf("testkit: call %d: want ErrMissingCredential naming %s or %s, got %v", i, option, env, err)
		}
	}
	if n := srv.Hits(); n != 0 {
		t.Errorf("testkit: a call without its credential reached the server %d times", n)
	}
}

// OpenGET checks what every request of an open (credential-free) GET
// carries: the method, JSON Accept, conduit's User-Agent, no credential
// header, no Content-Type or Referer, and no body.
func OpenGET(t testing.TB, r Request) {
	t.Helper()
	if r.Method != "GET" {
		t.Errorf("testkit: method %s, want GET", r.Method)
	}
	if got := r.Header.Get("Accept"); got != "application/json" {
		t.Errorf("testkit: Accept %q, want application/json", got)
	}
	if got, want := r.Header.Get("User-Agent"), "conduit-go/"+conduit.Version; got != want {
		t.Errorf("testkit: User-Agent %q, want %q", got, want)
	}
	for _, h := range []string{"Authorization", "Cookie", "Content-Type", "Referer"} {
		if v := r.Header.Get(h); v != "" {
			t.Errorf("testkit: an open GET carries %s: %q", h, v)
		}
	}
	if r.ContentLength != 0 || len(r.Body) != 0 {
		t.Errorf("testkit: a GET carries a body of %d bytes (declared %d)", len(r.Body), r.ContentLength)
	}
}
