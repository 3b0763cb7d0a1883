package faults

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// With no base URL set, every operation goes to the real service's address
// (a stand-in transport answers in its place, so nothing leaves the
// machine), or, on a base the spec renamed headers for, fails before any
// I/O saying why it has no default.
func TestEveryOperationDefaultsToTheRealService(t *testing.T) {
	for _, o := range ops {
		svc := transport.Lookup(o.pkg)
		for _, b := range svc.Bases {
			t.Setenv(transport.EnvName(o.pkg, b.Name), "")
			t.Setenv("CONDUIT_"+strings.ToUpper(b.Name), "")
		}
		t.Setenv(transport.URLEnvName(o.pkg), "")
		hosts := map[string]bool{}
		for _, b := range svc.Bases {
			if b.Default != "" {
				u, err := url.Parse(strings.ReplaceAll(b.Default, "{network}", "eth-mainnet"))
				if err != nil {
					t.Fatalf("%s: default %q: %v", o.pkg, b.Default, err)
				}
				hosts[u.Scheme+"://"+u.Host] = true
			}
		}
		var mu sync.Mutex
		var sent []*url.URL
		standIn := roundTrip(func(r *http.Request) (*http.Response, error) {
			mu.Lock()
			sent = append(sent, r.URL)
			mu.Unlock()
			return &http.Response{StatusCode: http.StatusNotFound, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
		})
		opts := []conduit.Option{conduit.WithHTTPClient(&http.Client{Transport: standIn}), conduit.WithMaxRetries(0), conduit.WithRateLimit(0, 0)}
		for _, v := range svc.Values {
			if cred, ok := conduittest.Credentials(o.pkg)[v.Name]; ok {
				opts = append(opts, svc.Set(v.Name, cred))
			}
		}
		err := o.call(context.Background(), opts)
		switch {
		case len(sent) > 0:
			for _, u := range sent {
				if !hosts[u.Scheme+"://"+u.Host] {
					t.Errorf("%s.%s went to %s, which is no default of %s", o.pkg, o.name, u.Redacted(), o.pkg)
				}
			}
		case errors.Is(err, conduit.ErrMissingBaseURL):
			if !strings.Contains(err.Error(), "it has no default: ") {
				t.Errorf("%s.%s: the missing-base error does not say why there is no default: %v", o.pkg, o.name, err)
			}
		default:
			t.Errorf("%s.%s sent nothing and did not report a missing base URL: %v", o.pkg, o.name, err)
		}
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
