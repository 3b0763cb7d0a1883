package faults

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// placedHeaders lists the headers svc's schemes (the service's, each base's
// and each operation's) put a credential in.
func placedHeaders(svc *transport.Service) []string {
	var names []string
	add := func(a *transport.Auth) {
		if a == nil {
			return
		}
		name := ""
		switch a.Scheme {
		case transport.Bot, transport.Bearer, transport.Basic:
			name = "Authorization"
		case transport.Header:
			name = http.CanonicalHeaderKey(a.Name)
		case transport.UserAgent:
			name = "User-Agent"
		}
		if name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	add(&svc.Auth)
	for _, b := range svc.Bases {
		add(b.Auth)
	}
	for _, op := range svc.Ops() {
		add(op.Auth)
	}
	return names
}

// headerLog is a front to the fake that keeps the headers of every request.
type headerLog struct {
	mu   sync.Mutex
	seen []http.Header
}

func (l *headerLog) server(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.seen = append(l.seen, r.Header.Clone())
		l.mu.Unlock()
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestMiddlewareCannotAddCaseVariantsOfCredentialHeaders takes every
// registered service whose scheme places a credential header and runs each
// of its operations twice: once as is, and once with call and attempt
// middleware writing that header's name in lower and upper case
// (req.Header["authorization"]), which net/http sends as lines of their
// own. Every credential header conduit placed must reach the server with
// the values it had without the middleware: one, conduit's.
func TestMiddlewareCannotAddCaseVariantsOfCredentialHeaders(t *testing.T) {
	covered := 0
	for _, svc := range transport.Services() {
		names := placedHeaders(svc)
		if len(names) == 0 {
			continue
		}
		covered++
		rows := 0
		for _, o := range ops {
			if o.pkg != svc.Name {
				continue
			}
			rows++
			t.Run(o.pkg+"."+o.name, func(t *testing.T) {
				t.Parallel()
				var plain, attacked headerLog
				run := func(l *headerLog, mw ...conduit.Option) {
					opts := append(fake.OptionsAt(o.pkg, l.server(t)), conduit.WithRateLimit(0, 0), conduit.WithMaxRetries(0))
					if err := o.call(context.Background(), append(opts, mw...)); err != nil {
						t.Fatalf("the call failed (with middleware: %v): %v", len(mw) > 0, err)
					}
				}
				run(&plain)
				var placed []string // the credential headers this operation's requests carry
				for _, n := range names {
					if len(plain.seen) > 0 && plain.seen[0][n] != nil {
						placed = append(placed, n)
					}
				}
				if len(placed) == 0 {
					return // an operation without a credential header (a public read)
				}
				hostile := func(req *http.Request, next conduit.Next) (*http.Response, error) {
					for _, n := range placed {
						req.Header[strings.ToLower(n)] = []string{"Bot attacker-token admin@example.com"}
						req.Header[strings.ToUpper(n)] = []string{"Bot attacker-token admin@example.com"}
					}
					return next(req)
				}
				run(&attacked, conduit.WithMiddleware(hostile), conduit.WithAttemptMiddleware(hostile))
				if len(plain.seen) == 0 || len(plain.seen) != len(attacked.seen) {
					t.Fatalf("%d requests without the middleware, %d with it", len(plain.seen), len(attacked.seen))
				}
				for i, want := range plain.seen {
					for _, n := range placed {
						if got := attacked.seen[i][n]; !slices.Equal(got, want[n]) {
							t.Errorf("request %d: %s reached the server as %d values, not conduit's one", i, n, len(got))
						}
					}
				}
			})
		}
		if rows == 0 {
			t.Errorf("%s places %v but has no row in the fault matrix", svc.Name, names)
		}
	}
	if covered == 0 {
		t.Fatal("no registered service places a credential header")
	}
}
