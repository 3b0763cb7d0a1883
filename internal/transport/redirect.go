package transport

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// checkRedirect decides whether a redirect is followed:
//   - never with a Referer (Go would send the previous URL, query key
//     included);
//   - never from https to http, for any request;
//   - a request that carries a credential never to another scheme, host or
//     port (Go forwards custom headers such as x-api-key wherever Location
//     points, and the query or path key travels in the URL itself);
//   - a write (an operation that changes something) never turned into a GET (Go replays a POST answered 301, 302
//     or 303 as a GET without its body, which would report success for
//     nothing written), and resent as it was (307, 308) only to the same
//     origin and only when its body can be sent again.
func checkRedirect(req *http.Request, via []*http.Request) error {
	req.Header.Del("Referer")
	if len(via) >= 10 {
		return fmt.Errorf("%w: stopped after 10 redirects", conduit.ErrRedirectRefused)
	}
	first, prev := via[0], via[len(via)-1]
	x := exchangeOf(first.Context())
	target, write := req.URL.Redacted(), isWrite(first.Method)
	if x != nil {
		target, write = x.red.Text(target), x.op.Write || x.call.Write
	}
	switch {
	case prev.URL.Scheme == "https" && req.URL.Scheme != "https":
		return fmt.Errorf("%w: https downgraded to %s by a redirect to %s", conduit.ErrRedirectRefused, req.URL.Scheme, target)
	case x != nil && x.credentialed && !sameOrigin(first, req) && !handOff(x, req, write):
		return fmt.Errorf("%w: a request carrying credentials was redirected to another origin, %s", conduit.ErrRedirectRefused, target)
	case write && req.Method != first.Method:
		return fmt.Errorf("%w: a %s was answered %d, which would resend it as a %s without its body, to %s",
			conduit.ErrRedirectRefused, first.Method, req.Response.StatusCode, req.Method, target)
	case write && !sameOrigin(first, req):
		return fmt.Errorf("%w: a %s was redirected to another origin, %s", conduit.ErrRedirectRefused, first.Method, target)
	case !replayable(first, x):
		return fmt.Errorf("%w: a %s was redirected to %s, but its body cannot be sent again", conduit.ErrRedirectRefused, first.Method, target)
	}
	return nil
}

// handOff reports whether a credentialed read declared HandsOff may follow
// a redirect to another origin, and removes every credential header from
// the request that follows it: Go copies custom headers, an API key
// header among them, to any host. A target over plain http, or whose URL
// holds one of the call's secrets, is refused.
func handOff(x *exchange, req *http.Request, write bool) bool {
	if !x.op.HandsOff || write || (req.URL.Scheme != "https" && !isLoopback(req.URL.Hostname())) {
		return false
	}
	if u := req.URL.String(); x.red.Text(u) != u {
		return false
	}
	for k := range req.Header {
		if sentCredential(k) {
			delete(req.Header, k)
		}
	}
	return true
}

// replayable reports whether a redirect can resend the request's body: it
// has none, or its source can give it again. retryablehttp sets GetBody on
// every request, so an upload from a one-shot reader has one that fails
// only once net/http has sent the headers to the new target.
func replayable(first *http.Request, x *exchange) bool {
	if x != nil && x.call.Upload != nil {
		return x.call.Upload.Replayable
	}
	return first.Body == nil || first.Body == http.NoBody || first.GetBody != nil
}

// sameOrigin compares scheme, host and port, default ports made explicit.
func sameOrigin(a, b *http.Request) bool {
	return a.URL.Scheme == b.URL.Scheme && strings.EqualFold(hostPort(a), hostPort(b))
}

func hostPort(r *http.Request) string {
	port := r.URL.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[r.URL.Scheme]
	}
	return r.URL.Hostname() + ":" + port
}

func isWrite(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}
