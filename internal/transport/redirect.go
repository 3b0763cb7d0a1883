package transport

import (
	"context"
	"fmt"
	"net/http"
)

type credentialedKey struct{}

// markCredentialed tags a request context whose request carries a secret.
func markCredentialed(ctx context.Context) context.Context {
	return context.WithValue(ctx, credentialedKey{}, true)
}

// checkRedirect never sends Referer (Go would send the previous URL, path or
// query key included) and refuses to carry credentials to another host (Go
// forwards custom headers such as x-api-key to wherever Location points).
func checkRedirect(req *http.Request, via []*http.Request) error {
	req.Header.Del("Referer")
	if len(via) >= 10 {
		return fmt.Errorf("%w: stopped after 10 redirects", ErrRedirectRefused)
	}
	first := via[0]
	if cred, _ := first.Context().Value(credentialedKey{}).(bool); cred && req.URL.Host != first.URL.Host {
		return fmt.Errorf("%w: a request carrying credentials was redirected to another host, %s", ErrRedirectRefused, req.URL.Host)
	}
	return nil
}
