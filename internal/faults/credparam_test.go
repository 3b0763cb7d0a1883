package faults

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// A caller may not send the client's own credential parameter a second
// time, under any case of its name: every operation of a service whose
// credential rides in the query fails before any I/O.
func TestCredentialParameterCannotBeAddedAgain(t *testing.T) {
	checked := 0
	for _, o := range ops {
		a := transport.Lookup(o.pkg).Auth
		if a.Scheme != transport.Query {
			continue
		}
		if !sendsInQuery(t, o, a.Name) {
			continue // this operation's base has a scheme of its own
		}
		for _, name := range []string{a.Name, upperFirst(a.Name)} {
			srv := newFaultServer(t, noFault)
			var logs bytes.Buffer
			opts := append(clientOptions(o, srv.URL, &logs), conduit.WithQuery(name, "callers-own-key"))
			err := o.call(context.Background(), opts)
			if !errors.Is(err, conduit.ErrInvalidParam) {
				t.Errorf("%s.%s with WithQuery(%q): want ErrInvalidParam, got %v", o.pkg, o.name, name, err)
			}
			if n := srv.hits.Load(); n != 0 {
				t.Errorf("%s.%s with WithQuery(%q): %d requests sent", o.pkg, o.name, name, n)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no operation carries its credential in the query")
	}
}

// sendsInQuery reports whether a clean call of o carries param in its
// query.
func sendsInQuery(t *testing.T, o op, param string) bool {
	var seen atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has(param) {
			seen.Store(true)
		}
		fake.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var logs bytes.Buffer
	if err := o.call(context.Background(), clientOptions(o, srv.URL, &logs)); err != nil {
		t.Fatalf("%s.%s: a clean call failed: %v", o.pkg, o.name, err)
	}
	return seen.Load()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
