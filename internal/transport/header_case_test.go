package transport

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// A middleware that writes a header conduit places under another case of
// its name (req.Header["authorization"]) gets what the canonical name
// gets: a credential header stays conduit's alone, and the Content-Type
// conduit sets is replaced, never sent twice. Both levels of middleware,
// every scheme that places a header.
func TestMiddlewareHeaderCaseVariants(t *testing.T) {
	const secret = "s3cr3t-Key-9Z"
	for name, auth := range map[string]Auth{
		"bot":        {Scheme: Bot, Values: []string{"api_key"}},
		"bearer":     {Scheme: Bearer, Values: []string{"api_key"}},
		"header":     {Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}},
		"basic":      {Scheme: Basic, Values: []string{"api_key", "api_key"}},
		"user agent": {Scheme: UserAgent, Values: []string{"api_key"}},
	} {
		placedName := "Authorization"
		switch auth.Scheme {
		case Header:
			placedName = "X-Api-Key"
		case UserAgent:
			placedName = "User-Agent"
		}
		for _, level := range []string{"call", "attempt"} {
			for _, variant := range []string{strings.ToLower(placedName), strings.ToUpper(placedName), strings.ToLower(placedName[:1]) + placedName[1:]} {
				t.Run(name+"/"+level+"/"+variant, func(t *testing.T) {
					srv := newRecorder(t, nil)
					mw := func(req *http.Request, next conduit.Next) (*http.Response, error) {
						req.Header[variant] = []string{"attacker@example.com"}
						req.Header["content-type"] = []string{"application/merge-patch+json"}
						return next(req)
					}
					opt := conduit.WithMiddleware(mw)
					if level == "attempt" {
						opt = conduit.WithAttemptMiddleware(mw)
					}
					svc := testService(auth, apiKey)
					c := newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", secret+"@example.com"), opt)
					require.NoError(t, send(bg, c, post("/things"), Call{Body: map[string]string{"name": "a"}}))
					r, _ := srv.last()
					got := r.Header.Values(placedName)
					require.Len(t, got, 1, "one %s header reaches the server: %q", placedName, got)
					if auth.Scheme == Basic {
						user, _, ok := r.BasicAuth()
						assert.True(t, ok)
						assert.Equal(t, secret+"@example.com", user)
					} else {
						assert.Contains(t, got[0], secret, "conduit's credential, not the middleware's")
					}
					assert.Equal(t, []string{"application/merge-patch+json"}, r.Header.Values("Content-Type"),
						"the middleware's Content-Type replaces conduit's as the canonical name does")
					for k, vs := range r.Header {
						for _, v := range vs {
							assert.NotContains(t, v, "attacker", "the middleware's value reached the server as %s", k)
						}
					}
				})
			}
		}
	}
}
