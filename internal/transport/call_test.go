package transport

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/conduit-sdk/conduit"
)

type callRecord struct {
	conduit.Raw
	Name string `json:"name"`
}

func TestDeclareAndDo(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Write([]byte(`{"name":"n","extra":1}`))
	}))
	defer srv.Close()
	svc := &Service{Name: "calltest", Bases: []Base{{Name: "calltest_url"}}}
	getOp := Declare[callRecord](svc, Op{Name: "Get", Method: "GET", Path: "/r"}, nil)
	missingOp := Declare[callRecord](svc, Op{Name: "Get", Method: "GET", Path: "/missing"}, nil)
	if got := svc.Op("Get"); got != getOp.Op || getOp.Service != svc {
		t.Fatalf("Op(Get) = %v; the declared operation is bound to its service", got)
	}
	c, err := New(svc, conduit.WithBaseURL(srv.URL))
	if err != nil || c == nil {
		t.Fatalf("New = %v, %v", c, err)
	}
	rec, err := getOp.Do(bg, c, Call{}, nil)
	if err != nil || rec.Name != "n" || string(rec.RawJSON()) != `{"name":"n","extra":1}` {
		t.Fatalf("Do = %+v, %v", rec, err)
	}
	rec, err = missingOp.Do(bg, c, Call{}, nil)
	if rec != nil || !errors.Is(err, conduit.ErrNotFound) {
		t.Fatalf("Do on 404 = %+v, %v; want nil and ErrNotFound", rec, err)
	}
	c, err = New(svc, conduit.WithBaseURL("not a url"))
	if c != nil || !errors.Is(err, conduit.ErrInvalidParam) {
		t.Fatalf("New with a bad base = %v, %v", c, err)
	}
}
