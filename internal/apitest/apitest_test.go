package apitest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// fakeT records failures instead of failing the real test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true }
func (f *fakeT) Fatal(...any)          { f.failed = true }
func (f *fakeT) Cleanup(fn func())     { f.TB.Cleanup(fn) }
func newFake(t *testing.T) *fakeT      { return &fakeT{TB: t} }
func (f *fakeT) mustFail(t *testing.T, what string) {
	t.Helper()
	if !f.failed {
		t.Errorf("%s was not reported", what)
	}
}

func TestServerRecords(t *testing.T) {
	s := Reply(t, 201, "application/json", `{}`)
	svc := &transport.Service{Name: "x", Bases: []string{"x_url"}}
	c, err := transport.New(svc, transport.WithBaseURL(s.URL))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(context.Background(), &transport.Request{Op: "Op", Method: "POST", Path: "/a:b/{id}", Args: []string{"c d"}, Query: []string{"q", "1 2"}, Body: map[string]int{"n": 1}}, nil); err != nil {
		t.Fatal(err)
	}
	r := s.Last(t)
	if r.Method != "POST" || r.URI != "/a:b/c%20d?q=1+2" || r.Path != "/a:b/c%20d" || r.Query != "q=1+2" || r.JSON(t)["n"] != 1.0 || s.Hits() != 1 {
		t.Errorf("recorded %+v", r)
	}
}

func TestHandlerSeesTheBody(t *testing.T) {
	var seen string
	s := Serve(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		seen = string(b)
		JSON(`{"ok":true}`)(w, r)
	})
	resp, err := http.Post(s.URL+"/p", "text/plain", strings.NewReader("hello"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if seen != "hello" || string(s.Last(t).Body) != "hello" || string(b) != `{"ok":true}` || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("handler saw %q, recorded %q, answered %q", seen, s.Last(t).Body, b)
	}
}

func TestFlaky(t *testing.T) {
	s := Serve(t, Flaky(http.StatusBadGateway, JSON(`{}`)))
	var codes []int
	for range 4 {
		resp, err := http.Get(s.URL)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
	}
	if codes[0] != 502 || codes[1] != 200 || codes[2] != 502 || codes[3] != 200 {
		t.Errorf("got %v", codes)
	}
}

func TestCases(t *testing.T) {
	svc := &transport.Service{Name: "x", Bases: []string{"x_url"}}
	Cases(t, []Case{
		{Name: "404", Status: 404, ContentType: "application/json", Body: `{"code":"gone","message":"no such thing"}`,
			Want: Want{Is: transport.ErrNotFound, Service: "x", Op: "Get", Status: 404, Code: "gone", Message: "no such thing"}},
		{Name: "null", Status: 200, ContentType: "application/json", Body: `null`, Want: Want{Is: transport.ErrMalformedResponse}},
	}, []string{"never-sent"}, func(t *testing.T, url string) error {
		c, err := transport.New(svc, transport.WithBaseURL(url), transport.WithMaxRetries(0))
		if err != nil {
			t.Fatal(err)
		}
		var out struct{ A int }
		return c.Do(context.Background(), &transport.Request{Op: "Get", Method: "GET", Path: "/"}, &out)
	})
}

func TestChecksFail(t *testing.T) {
	e := &transport.Error{Service: "x", Op: "Op", StatusCode: 400, Code: "C", Message: "m sec-1", Body: []byte("sec-2")}
	f := newFake(t)
	Check(f, e, Want{Is: transport.ErrAPI, Service: "x", Op: "Op", Status: 400, Code: "C", Message: "m sec-1"})
	if f.failed {
		t.Error("a matching error was reported")
	}
	for name, w := range map[string]Want{"code": {Code: "D"}, "sentinel": {Code: "C", Is: transport.ErrNotFound}, "status": {Code: "C", Status: 500}, "op": {Code: "C", Op: "Other"}} {
		f = newFake(t)
		Check(f, e, w)
		f.mustFail(t, name)
	}
	f = newFake(t)
	Check(f, errors.New("plain"), Want{})
	f.mustFail(t, "a non-*Error")
	for _, sec := range []string{"sec-1", "sec-2"} {
		f = newFake(t)
		NoSecret(f, e, []string{sec})
		f.mustFail(t, "secret "+sec)
	}
	f = newFake(t)
	NoSecret(f, e, []string{"absent"}, "log line with absent")
	f.mustFail(t, "a secret in extra output")
}

func TestBadInputFails(t *testing.T) {
	s := Serve(t, func(http.ResponseWriter, *http.Request) {})
	ok := func() error { return transport.InvalidParam("x", "Op", "id", "empty") }
	f := newFake(t)
	BadInput(f, s, []Input{{"id", ok}})
	if f.failed {
		t.Error("a correct bad-input case was reported")
	}
	f = newFake(t)
	BadInput(f, s, []Input{{"name", ok}})
	f.mustFail(t, "a wrong field")
	f = newFake(t)
	BadInput(f, s, []Input{{"id", func() error { return nil }}})
	f.mustFail(t, "a nil error")
	http.Get(s.URL)
	f = newFake(t)
	BadInput(f, s, []Input{{"id", ok}})
	f.mustFail(t, "a request that reached the server")
}
