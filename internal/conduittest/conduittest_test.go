package conduittest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// recorder catches the failures the helpers report.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}

func TestInvalidParam(t *testing.T) {
	good := transport.InvalidParam("svc", "Op", "cik", "is 0")
	cases := []struct {
		err  error
		fail bool
	}{
		{good, false},
		{nil, true},
		{fmt.Errorf("wrapped: %w", good), false},
		{fmt.Errorf("plain: %w", transport.ErrInvalidParam), true},
		{transport.InvalidParam("svc", "Op", "tag", "is empty"), true},
		{&transport.Error{Field: "cik", Err: transport.ErrNotFound}, true},
	}
	for i, tc := range cases {
		r := &recorder{TB: t}
		InvalidParam(r, tc.err, "cik")
		if got := len(r.failed) > 0; got != tc.fail {
			t.Errorf("case %d: failed=%v, want %v (%v)", i, got, tc.fail, r.failed)
		}
	}
}

func TestFailed(t *testing.T) {
	err := &transport.Error{Service: "svc", Op: "Get", Endpoint: "GET /x", StatusCode: 404}
	r := &recorder{TB: t}
	if e := Failed(r, fmt.Errorf("w: %w", err), transport.ErrNotFound, "svc", "Get", "GET /x"); e != err || len(r.failed) != 0 {
		t.Errorf("a matching error was reported: %v", r.failed)
	}
	for _, bad := range []func() *transport.Error{
		func() *transport.Error { return Failed(r, err, transport.ErrRateLimited, "svc", "Get", "GET /x") },
		func() *transport.Error { return Failed(r, err, transport.ErrNotFound, "svc", "Put", "GET /x") },
		func() *transport.Error {
			return Failed(r, fmt.Errorf("plain"), transport.ErrNotFound, "svc", "Get", "GET /x")
		},
	} {
		r.failed = nil
		bad()
		if len(r.failed) == 0 {
			t.Error("a mismatch went unreported")
		}
	}
}

func TestNoSecret(t *testing.T) {
	r := &recorder{TB: t}
	NoSecret(r, &transport.Error{Service: "svc", Message: "key sk-123 rejected"}, "sk-123")
	NoSecret(r, &transport.Error{Service: "svc", Body: []byte("sk-456")}, "sk-456")
	if len(r.failed) != 2 {
		t.Errorf("want both leaks reported, got %v", r.failed)
	}
	r = &recorder{TB: t}
	NoSecret(r, &transport.Error{Service: "svc", Message: "rejected"}, "sk-123", "")
	NoSecret(r, nil, "sk-123")
	if len(r.failed) != 0 {
		t.Errorf("clean errors reported: %v", r.failed)
	}
}

func TestReplay(t *testing.T) {
	var got []transport.Option
	c := Replay(t, "sunrise", func(opts ...transport.Option) (string, error) {
		got = opts
		return "client", nil
	}, transport.WithMaxRetries(0))
	if c != "client" || len(got) < 2 {
		t.Errorf("got %q with %d options; want the replay base URL and the extra option", c, len(got))
	}
}

func TestReply(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "e.json"), []byte(`{"error":"x"}`), 0o644)
	cases := []struct {
		rp          Reply
		status      int
		ctype, body string
		retryAfter  string
	}{
		{Reply{Body: "{}"}, 200, "application/json", "{}", ""},
		{Reply{Status: 429, Header: []string{"Retry-After", "3"}, Body: "@" + filepath.Join(dir, "e.json")}, 429, "application/json", `{"error":"x"}`, "3"},
		{Reply{Status: 502, Type: "text/html", Body: "<h1>bad</h1>"}, 502, "text/html", "<h1>bad</h1>", ""},
		{Reply{Body: "@" + filepath.Join(dir, "missing")}, 599, "text/plain; charset=utf-8", "", ""},
	}
	for i, tc := range cases {
		w := httptest.NewRecorder()
		tc.rp.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
		if w.Code != tc.status || w.Header().Get("Content-Type") != tc.ctype || w.Header().Get("Retry-After") != tc.retryAfter {
			t.Errorf("case %d: %d %q %q", i, w.Code, w.Header().Get("Content-Type"), w.Header().Get("Retry-After"))
		}
		if tc.body != "" && w.Body.String() != tc.body {
			t.Errorf("case %d: body %q", i, w.Body.String())
		}
	}
}

func TestRecordAndOnlyIn(t *testing.T) {
	var rec Recorded
	srv := httptest.NewServer(Record(&rec, Reply{Body: "{}"}))
	defer srv.Close()
	send := func(path, body string, header ...string) {
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	send("/a%2Fb?q=1", `{"x":1}`, "Authorization", "Bearer k-1")
	if rec.Method != "POST" || rec.Path != "/a%2Fb" || rec.Query != "q=1" || rec.Body != `{"x":1}` {
		t.Errorf("recorded %+v", rec)
	}
	r := &recorder{TB: t}
	OnlyIn(r, rec, "Authorization", "Bearer k-1", "k-1")
	if len(r.failed) != 0 {
		t.Errorf("clean request reported: %v", r.failed)
	}
	for _, leak := range [][]string{
		{"/k-1", "{}", "Authorization", "Bearer k-1"},
		{"/?key=k-1", "{}", "Authorization", "Bearer k-1"},
		{"/", `{"k":"k-1"}`, "Authorization", "Bearer k-1"},
		{"/", "{}", "Authorization", "Bearer k-1", "X-Key", "k-1"},
		{"/", "{}", "Authorization", "Bearer k-2"},
	} {
		send(leak[0], leak[1], leak[2:]...)
		r.failed = nil
		OnlyIn(r, rec, "Authorization", "Bearer k-1", "k-1")
		if len(r.failed) == 0 {
			t.Errorf("leak %v went unreported", leak)
		}
	}
}

func TestLocal(t *testing.T) {
	var rec Recorded
	get := func(opts ...transport.Option) (string, error) {
		c, err := transport.New(&transport.Service{Name: "svc", Bases: []string{"svc_url"}}, opts...)
		if err != nil {
			return "", err
		}
		var out map[string]any
		return "ok", c.Do(context.Background(), &transport.Request{Op: "Get", Method: "GET", Path: "/x"}, &out)
	}
	if got := Local(t, Record(&rec, Reply{Body: "{}"}), "/v1", get); got != "ok" || rec.Path != "/v1/x" {
		t.Errorf("got %q, server saw %q", got, rec.Path)
	}
}

func TestReplayEnv(t *testing.T) {
	srv := ReplayEnv(t)
	if got := os.Getenv("CONDUIT_SUN_URL"); got != srv.URL("sun_url") {
		t.Errorf("CONDUIT_SUN_URL is %q, want %q", got, srv.URL("sun_url"))
	}
}

func TestCounting(t *testing.T) {
	url, hits := Counting(t)
	for range 2 {
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if hits.Load() != 2 {
		t.Errorf("counted %d requests, want 2", hits.Load())
	}
}
