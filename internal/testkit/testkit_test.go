package testkit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/conduit-sdk/conduit/internal/transport"
)

func TestAnswerAndCount(t *testing.T) {
	u := Answer(t, http.StatusTeapot, "text/plain", "short and stout")
	resp, err := http.Get(u + "/any")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot || resp.Header.Get("Content-Type") != "text/plain" {
		t.Fatalf("got %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	c := Count(t)
	for range 2 {
		resp, err := http.Get(c.URL)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if c.Hits() != 2 {
		t.Fatalf("counted %d, want 2", c.Hits())
	}
}

func TestReplayBuildsOnTheServer(t *testing.T) {
	svc := &transport.Service{Name: "sunrise", Bases: []string{"sun_url"}}
	c := Replay(t, "sunrise", func(o ...transport.Option) (*transport.Client, error) { return transport.New(svc, o...) })
	var out map[string]any
	if err := c.Do(context.Background(), &transport.Request{Op: "Get", Method: "GET", Path: "/json"}, &out); err != nil {
		t.Fatal(err)
	}
	if out["status"] != "OK" {
		t.Fatalf("not the replay fixture: %v", out)
	}
}

// fakeT records failures instead of stopping the test, so Check's own
// verdicts can be tested.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()                   {}
func (f *fakeT) Errorf(string, ...any)     { f.failed = true }
func (f *fakeT) Fatalf(s string, a ...any) { f.failed = true; panic(fmt.Sprintf(s, a...)) }

func verdict(err error, want Shape) (failed bool) {
	f := &fakeT{}
	defer func() { recover(); failed = f.failed }()
	Check(f, err, want)
	return f.failed
}

func TestCheck(t *testing.T) {
	e := &transport.Error{Service: "demo", Op: "Get", StatusCode: 404, Code: "gone", Err: transport.ErrAPI}
	if verdict(e, Shape{Is: transport.ErrNotFound, Service: "demo", Op: "Get", Status: 404, Code: "gone"}) {
		t.Error("a matching error failed the check")
	}
	for _, want := range []Shape{
		{Is: transport.ErrRateLimited}, {Status: 500}, {Code: "other"}, {Op: "Put"}, {Field: "id"},
	} {
		if !verdict(e, want) {
			t.Errorf("%+v passed the check", want)
		}
	}
	if !verdict(errors.New("plain"), Shape{}) {
		t.Error("a non-*Error passed the check")
	}
	bad := transport.InvalidParam("demo", "Get", "id", "empty")
	if verdict(bad, Shape{Is: transport.ErrInvalidParam, Field: "id"}) {
		t.Error("an invalid-parameter error failed the check")
	}
}

type pair struct{ A, B int }

type lossy struct{ N int }

func (l *lossy) UnmarshalJSON(b []byte) error { l.N = len(b); return nil }

func TestRoundTrip(t *testing.T) {
	RoundTrip[pair](t, []byte(`{"A":1,"B":2}`))
	RoundTrip[pair](t, []byte(`not json`))
	f := &fakeT{}
	func() {
		defer func() { recover() }()
		RoundTrip[lossy](f, []byte(`"abc"`)) // decodes to N=5, encodes as {"N":5}, decodes to N=7
	}()
	if !f.failed {
		t.Error("a decoder that does not round-trip passed")
	}
}

func TestUnshown(t *testing.T) {
	var rec transport.Raw
	rec.SetRaw([]byte(`{"known":1,"pool":{"name":"AntPool","id":44},"loaded":true}`))
	Unshown(t, rec, "pool", map[string]any{"id": 44, "name": "AntPool"})
	Unshown(t, rec, "loaded", true)
	for _, c := range []struct {
		name string
		want any
	}{{"pool", map[string]any{"id": 45}}, {"loaded", false}, {"absent", nil}} {
		f := &fakeT{}
		func() {
			defer func() { recover() }()
			Unshown(f, rec, c.name, c.want)
		}()
		if !f.failed {
			t.Errorf("%s = %v passed", c.name, c.want)
		}
	}
}

func TestNoBaseURL(t *testing.T) {
	svc := &transport.Service{Name: "demo", Bases: []string{"demo_url"}}
	newClient := func(o ...transport.Option) (*transport.Client, error) { return transport.New(svc, o...) }
	NoBaseURL(t, "CONDUIT_DEMO_URL", newClient, func(c *transport.Client) error {
		return c.Do(context.Background(), &transport.Request{Op: "Get", Method: "GET", Path: "/x"}, nil)
	})
}
