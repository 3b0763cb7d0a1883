package transport

import (
	"fmt"
	"net/http"
)

// checkRedirect never sends Referer (Go would send the previous URL, path or
// query key included) and refuses to carry credentials to another host (Go
// forwards custom headers such as x-api-key to wherever Location points).
func checkRedirect(req *http.Request, via []*http.Request) error {
	req.Header.Del("Referer")
	if len(via) >= 10 {
		return fmt.Errorf("%w: stopped after 10 redirects", ErrRedirectRefused)
	}
	first := via[0]
	if cl := callOf(first.Context()); cl != nil && cl.credentialed && req.URL.Host != first.URL.Host {
		return fmt.Errorf("%w: a request carrying credentials was redirected to another host, %s", ErrRedirectRefused, req.URL.Host)
	}
	return nil
}
