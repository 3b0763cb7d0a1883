package transport

import (
	"errors"
	"testing"
)

type wrapped struct{ t *Client }

func TestConstructWraps(t *testing.T) {
	svc := &Service{Name: "demo", Bases: []string{"demo_url"}}
	w, err := Construct(svc, []Option{WithBaseURL("http://127.0.0.1:1/v2/")}, func(c *Client) *wrapped { return &wrapped{c} })
	if err != nil {
		t.Fatal(err)
	}
	if w == nil || w.t == nil || w.t.Service() != "demo" || w.t.bases["demo_url"] != "http://127.0.0.1:1/v2" {
		t.Fatalf("wrapped client not built from svc and opts: %+v", w)
	}
}

func TestConstructReturnsNilOnError(t *testing.T) {
	svc := &Service{Name: "demo", Bases: []string{"demo_url"}}
	called := false
	w, err := Construct(svc, []Option{WithMaxRetries(-1)}, func(c *Client) *wrapped { called = true; return &wrapped{c} })
	if !errors.Is(err, ErrInvalidParam) {
		t.Fatalf("want ErrInvalidParam, got %v", err)
	}
	if w != nil || called {
		t.Fatal("a failed New must not be wrapped")
	}
}
