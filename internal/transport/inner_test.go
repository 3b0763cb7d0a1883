package transport

import (
	"errors"
	"strings"
	"testing"
)

func innerClient(t *testing.T) *Client {
	t.Helper()
	svc := &Service{
		Name:   "demo",
		Bases:  []string{"demo_url"},
		Auth:   Auth{Scheme: PathKey, Values: []string{"api_key"}},
		Values: []Value{{Name: "api_key", Secret: true}},
	}
	c, err := New(svc, WithBaseURL("http://127.0.0.1:1"), WithValue("api_key", "inner-secret-Zp3"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type innerRecord struct {
	Raw
	N int `json:"n"`
}

func TestFinishRedactsAndFills(t *testing.T) {
	c := innerClient(t)
	req := &Request{Op: "Call", Method: "POST", Path: "/v2", Secrets: []string{"per-call-Yq8"}}
	long := strings.Repeat("x", errExcerpt+100)
	e := c.Finish(req, &Error{
		Code:    "inner-secret-Zp3",
		Message: "echoed per-call-Yq8 back",
		Body:    []byte(`{"key":"inner-secret-Zp3","pad":"` + long + `"}`),
		Err:     errors.New("cause with inner-secret-Zp3"),
	})
	if e.Service != "demo" || e.Op != "Call" || e.Endpoint != "POST /v2" {
		t.Fatalf("not filled: %#v", e)
	}
	for _, s := range []string{e.Error(), e.GoString(), string(e.Body), e.Code, e.Err.Error()} {
		if strings.Contains(s, "inner-secret-Zp3") || strings.Contains(s, "per-call-Yq8") {
			t.Fatalf("secret leaked: %s", s)
		}
	}
	if len(e.Body) != errExcerpt {
		t.Fatalf("body not cut to the excerpt: %d bytes", len(e.Body))
	}
}

func TestDecodeInner(t *testing.T) {
	c := innerClient(t)
	req := &Request{Op: "Call", Method: "POST", Path: "/v2"}
	var r innerRecord
	if err := c.DecodeInner(req, []byte(`{"n":7,"extra":true}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.N != 7 || string(r.RawJSON()) != `{"n":7,"extra":true}` {
		t.Fatalf("got %d %s", r.N, r.RawJSON())
	}
	for _, in := range []string{`null`, ``, `{"n":"seven"}`, `[1]`} {
		err := c.DecodeInner(req, []byte(in), &innerRecord{})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrMalformedResponse) || e.Op != "Call" {
			t.Fatalf("%q: got %v", in, err)
		}
		if string(e.Body) != in {
			t.Fatalf("%q: body %q", in, e.Body)
		}
	}
}
