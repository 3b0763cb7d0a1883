package transport

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/conduit-sdk/conduit"
)

// BenchmarkMiddleware measures a call against a loopback server with no
// middleware, with a pass-through call middleware, and with one at both
// places: what a tracing or logging hook costs before it does anything.
func BenchmarkMiddleware(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":1}`))
	}))
	defer srv.Close()
	pass := func(req *http.Request, next conduit.Next) (*http.Response, error) { return next(req) }
	for _, bc := range []struct {
		name string
		opts []conduit.Option
	}{
		{"off", nil},
		{"call", []conduit.Option{conduit.WithMiddleware(pass)}},
		{"call+attempt", []conduit.Option{conduit.WithMiddleware(pass), conduit.WithAttemptMiddleware(pass)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
			c, err := New(svc, append([]conduit.Option{conduit.WithBaseURL(srv.URL), svc.Set("api_key", "k-123")}, bc.opts...)...)
			if err != nil {
				b.Fatal(err)
			}
			e := Declare[item](svc, get("/things/{id}"), nil)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Do(bg, c, Call{Args: []string{"1"}}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
