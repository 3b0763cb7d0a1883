package transport

import (
	"net/http"
)

// attemptTransport sits under the retry loop, so every attempt, retries
// included, waits for its host's rate limit with the request's context.
// Transports that report when a request has its connection (net/http's do)
// also get the exact send-time check; others get the token bucket only.
type attemptTransport struct {
	user *http.Client // read at each request so test doubles can swap its Transport
}

func (t *attemptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if lim := limiterFor(req.URL.Host); lim != nil {
		if err := lim.bucket.Wait(req.Context()); err != nil {
			if req.Body != nil {
				req.Body.Close()
			}
			return nil, err
		}
		req = req.WithContext(lim.trace(req.Context()))
	}
	base := http.RoundTripper(sharedTransport)
	if t.user != nil && t.user.Transport != nil {
		base = t.user.Transport
	}
	return base.RoundTrip(req)
}
