package conduit

import (
	"context"
	"net/http"
	"time"

	"github.com/conduit-sdk/conduit/internal/config"
)

// Next hands a request on to the rest of the chain: the next middleware,
// or conduit itself. It is how a middleware chooses to send, skip or
// repeat what it wraps.
type Next func(req *http.Request) (*http.Response, error)

// Middleware wraps a call (WithMiddleware) or one request of it
// (WithAttemptMiddleware), the shape of openai-go's option.WithMiddleware,
// so code written for net/http round trippers reads the same here. Unlike a
// transport given to WithHTTPClient, a call middleware sees the operation,
// not single attempts, and runs before the rate limiter, so an answer it
// gives without calling next spends no budget.
//
// req never holds a credential conduit placed: its URL and headers have
// them replaced by "[REDACTED]" or removed, and its body, where it has one,
// is a redacted copy of a JSON body (nil for an upload). A middleware may
// add, replace or delete headers (not the credential's: what it writes
// there is dropped, under any case of the name), replace the context (a
// tracing span, a value), answer without calling next, or wrap or replace
// the response; it may not change the method or the URL, which belong to
// the typed call, and the call fails with ErrInvalidParam if it does. A
// header is one header whatever the case of its name: a
// req.Header["content-type"] it writes replaces the canonical entry, as
// Header.Set would, rather than going out as a second line. The response
// it gets from next still has its body to read; one it reads must be
// replaced with the same bytes.
type Middleware func(req *http.Request, next Next) (*http.Response, error)

// WithMiddleware wraps every call of a client (given to New) or one call
// (given to the call) in mw, once per call around the whole retry loop,
// limiter and bucket waits included. The client's run outside the call's,
// each list in the order given. CallInfoOf(req.Context()) tells a
// middleware which operation it wraps and, once next returns, how many
// attempts and waits the call took. Client or call level.
func WithMiddleware(mw ...Middleware) Option {
	return option(func(s *config.Settings) {
		for _, m := range mw {
			if m == nil {
				s.Fail("conduit.WithMiddleware: a Middleware is nil")
				return
			}
			s.Middleware = append(s.Middleware, adapt(m))
		}
	})
}

// WithAttemptMiddleware wraps each request a call sends in mw: every retry
// and every redirect hop, after the rate limiter and Discord's buckets have
// let it go (for net/http's own transport the limiter waits once the
// connection is there, inside next). It is the place for what belongs to
// one exchange on the wire, such as a span per attempt. The request is
// handed over with its credentials hidden, as for WithMiddleware. Client
// or call level.
func WithAttemptMiddleware(mw ...Middleware) Option {
	return option(func(s *config.Settings) {
		for _, m := range mw {
			if m == nil {
				s.Fail("conduit.WithAttemptMiddleware: a Middleware is nil")
				return
			}
			s.AttemptMiddleware = append(s.AttemptMiddleware, adapt(m))
		}
	})
}

func adapt(m Middleware) config.Middleware {
	return func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		return m(req, next)
	}
}

// CallInfo is what a middleware can learn about the call it wraps: which
// operation it is, so that a span or a metric can be named for it, and,
// filled in as the call runs, what the call cost. Read the counters once
// next has returned; during an attempt, Attempts includes the one in
// flight.
type CallInfo struct {
	Service   string // the package: "chat"
	Operation string // the method: "CreateMessage"
	Endpoint  string // "POST /channels/{channel.id}/messages", no arguments in it
	Method    string // the HTTP method
	// Write is true for an operation that changes something on the
	// server; conduit retries it only when it provably never arrived, on
	// 429, or when the call is idempotent.
	Write bool
	// Stream is true when the answer is a stream of events, read after
	// the call returns.
	Stream bool

	// Attempts counts the requests the retry loop sent (redirect hops
	// are not counted).
	Attempts int
	// RetryWait is the time spent waiting between attempts: backoff and
	// the waits the server asked for.
	RetryWait time.Duration
	// LimitWait is the time spent waiting for the rate limiter and
	// Discord's buckets.
	LimitWait time.Duration
	// Cache says whether WithCache's store answered (Attempts is then 0)
	// or a conditional request revalidated what it held.
	Cache CacheStatus
}

// CallInfoOf returns the call a middleware's request belongs to, or nil
// outside a middleware.
func CallInfoOf(ctx context.Context) *CallInfo {
	c, _ := ctx.Value(config.CallKey{}).(*CallInfo)
	return c
}

// Options bundles opts into one Option, applied in order at the level it is
// given at: the way a library that plugs into conduit (otelconduit) hands
// its users one value for a call middleware and an attempt middleware.
func Options(opts ...Option) Option {
	return option(func(s *config.Settings) { config.Apply(s, opts...) })
}
