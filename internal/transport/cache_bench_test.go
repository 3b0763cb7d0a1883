package transport

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/conduit-sdk/conduit"
)

// BenchmarkCache measures a read against a loopback server without a
// cache, with one that serves it from memory (max-age), and with one that
// revalidates it each time (an ETag and no-cache, answered 304).
func BenchmarkCache(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("ETag", `"v1"`)
		if r.URL.Path == "/fresh" {
			h.Set("Cache-Control", "max-age=600")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte(`{"id":1}`))
	}))
	defer srv.Close()
	for _, bc := range []struct {
		name, path string
		cache      bool
	}{{"off", "/fresh", false}, {"hit", "/fresh", true}, {"revalidated", "/validated", true}} {
		b.Run(bc.name, func(b *testing.B) {
			opts := []conduit.Option{conduit.WithBaseURL(srv.URL)}
			if bc.cache {
				opts = append(opts, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
			}
			svc := testService(Auth{})
			c, err := New(svc, opts...)
			if err != nil {
				b.Fatal(err)
			}
			e := Declare[item](svc, get(bc.path), nil)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Do(bg, c, Call{}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
