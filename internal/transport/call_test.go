package transport

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

type callRecord struct {
	Raw
	Name string `json:"name"`
}

type wrapped struct{ t *Client }

func TestBuildAndCall(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Write([]byte(`{"name":"n","extra":1}`))
	}))
	defer srv.Close()
	svc := &Service{Name: "calltest", Bases: []string{"calltest_url"}}
	w, err := Build(svc, []Option{WithBaseURL(srv.URL)}, func(c *Client) *wrapped { return &wrapped{c} })
	if err != nil || w.t == nil {
		t.Fatalf("Build = %v, %v", w, err)
	}
	rec, err := Call[callRecord](context.Background(), w.t, &Request{Op: "Get", Method: "GET", Path: "/r"})
	if err != nil || rec.Name != "n" || string(rec.RawJSON()) != `{"name":"n","extra":1}` {
		t.Fatalf("Call = %+v, %v", rec, err)
	}
	rec, err = Call[callRecord](context.Background(), w.t, &Request{Op: "Get", Method: "GET", Path: "/missing"})
	if rec != nil || !errors.Is(err, ErrNotFound) {
		t.Fatalf("Call on 404 = %+v, %v; want nil and ErrNotFound", rec, err)
	}
	w, err = Build(svc, []Option{WithBaseURL("not a url")}, func(c *Client) *wrapped { return &wrapped{c} })
	if w != nil || !errors.Is(err, ErrInvalidParam) {
		t.Fatalf("Build with a bad base = %v, %v", w, err)
	}
}
