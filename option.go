package conduit

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/config"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Option configures a client when given to a package's New, or one call
// when given after a method's arguments; one type serves both, as in
// openai-go, so a header or a retry count is written the same way at either
// level. Each option's documentation says where it applies; an option given
// where it cannot apply makes New or the call fail with ErrInvalidParam
// rather than be ignored. Options of one package (credentials, named base
// URLs) are rejected by the others.
type Option = config.Option

// option makes an Option of f.
func option(f func(*config.Settings)) Option { return config.NewOption(f) }

// WithBaseURL sets the base URL of the package's default placeholder,
// overriding its CONDUIT_<PACKAGE>_<PLACEHOLDER> variable (and
// CONDUIT_<PACKAGE>_URL, for a package of one base) and the base's default,
// the real service's address: the way to point a client at a proxy, a test
// server or another host that follows the same interface. Paste it with or
// without the version segment the service documents: it is never doubled.
// Client level.
func WithBaseURL(u string) Option {
	return option(func(s *config.Settings) {
		if s.Only(config.Client, "conduit.WithBaseURL") {
			setBase(s, "", u)
		}
	})
}

func setBase(s *config.Settings, placeholder, u string) {
	if s.Bases == nil {
		s.Bases = map[string]string{}
	}
	s.Bases[placeholder] = u
}

// WithHTTPClient sends requests through hc: its Transport, Jar and Timeout.
// conduit adds retries, limits and redirect rules around it without
// modifying it. Client level.
func WithHTTPClient(hc *http.Client) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Client, "conduit.WithHTTPClient") {
			return
		}
		if hc == nil {
			s.Fail("conduit.WithHTTPClient: the *http.Client is nil")
			return
		}
		s.HTTPClient = hc
	})
}

// WithLogger logs one debug line per attempt (service, operation, URL
// without credentials, status, duration, retry decision), and at New one
// warning for each CONDUIT_<PACKAGE>_… variable the package does not read,
// most likely a misspelt name (the variable is named, its value never).
// Silent by default. Client level.
func WithLogger(l *slog.Logger) Option {
	return option(func(s *config.Settings) {
		if s.Only(config.Client, "conduit.WithLogger") {
			s.Logger = l
		}
	})
}

// WithUserAgent replaces the default User-Agent, "conduit-go/" + Version.
// A value with control characters is refused at New, not at the first
// request. Client level.
func WithUserAgent(ua string) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Client, "conduit.WithUserAgent") {
			return
		}
		if hasControl(ua) {
			s.Fail("conduit.WithUserAgent: the value contains a control character")
			return
		}
		s.UserAgent = &ua
	})
}

// WithRateLimit gives this client a budget of its own: at most n requests in
// any window of length per to each host it calls. It replaces the package's
// default (the limits a service publishes, shared by every client of the
// process); it never slows another client. WithRateLimit(0, 0) lifts the
// default for this client only. Client level.
func WithRateLimit(n int, per time.Duration) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Client, "conduit.WithRateLimit") {
			return
		}
		switch {
		case n == 0 && per == 0:
			s.Limiter, s.LimiterSet = nil, true
		case n <= 0 || per <= 0:
			s.Fail("conduit.WithRateLimit: %d per %v is not a limit", n, per)
		default:
			s.Limiter, s.LimiterSet = NewLimiter(n, per), true
		}
	})
}

// WithLimiter paces this client's requests with l, which may be shared with
// other clients (the same value) or with other processes (redislimit). It
// replaces the package's default limit. Client level.
func WithLimiter(l Limiter) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Client, "conduit.WithLimiter") {
			return
		}
		if l == nil {
			s.Fail("conduit.WithLimiter: the Limiter is nil; use WithRateLimit(0, 0) for none")
			return
		}
		s.Limiter, s.LimiterSet = l, true
	})
}

// WithInsecureHTTP lets a client that sends credentials use a plain http://
// base URL on a host other than loopback, where anyone on the path can read
// them. Without it New refuses such a URL. Client level.
func WithInsecureHTTP() Option {
	return option(func(s *config.Settings) {
		if s.Only(config.Client, "conduit.WithInsecureHTTP") {
			s.InsecureHTTP = true
		}
	})
}

// WithMaxRetries sets how many times a failed request is retried (default
// 2; 0 disables). Writes are retried only when provably unsent, rate
// limited, or made idempotent, whatever this says. Client or call level.
func WithMaxRetries(n int) Option {
	return atLeast("conduit.WithMaxRetries", n, 0, func(s *config.Settings) **int { return &s.MaxRetries })
}

// WithMaxRetryWait caps a wait the server asks for (Retry-After and its
// kin; default 60s). A longer one ends the call at once with
// Error.RetryAfter set, so the caller decides. Client or call level.
func WithMaxRetryWait(d time.Duration) Option {
	return atLeast("conduit.WithMaxRetryWait", d, 0, func(s *config.Settings) **time.Duration { return &s.MaxWait })
}

// WithRetryBackoff bounds the jittered exponential backoff used when the
// server names no wait (default 250ms doubling up to 8s). Client or call
// level.
func WithRetryBackoff(min, max time.Duration) Option {
	return option(func(s *config.Settings) {
		if min < 0 || max < min {
			s.Fail("conduit.WithRetryBackoff: bounds %v..%v are not ordered", min, max)
			return
		}
		s.MinBackoff, s.MaxBackoff = &min, &max
	})
}

// WithMaxResponseBytes caps how much of a response body is read (default
// 64 MiB); a larger body is ErrResponseTooLarge, never an out-of-memory.
// Client or call level.
func WithMaxResponseBytes(n int64) Option {
	return atLeast("conduit.WithMaxResponseBytes", n, 1, func(s *config.Settings) **int64 { return &s.MaxBytes })
}

// WithBodyTimeout bounds how long reading an answer's body may take, in a
// call whose context has no deadline (default 5m; 0 disables it). The idle
// timeout alone cannot stop a server that sends a byte just before each
// idle period ends: the body would take days to reach its size cap. A call
// with a deadline is bounded by it instead, and streams, which are meant to
// last, only by the idle timeout and their context. The call fails with
// ErrStalled. Client or call level.
func WithBodyTimeout(d time.Duration) Option {
	return atLeast("conduit.WithBodyTimeout", d, 0, func(s *config.Settings) **time.Duration { return &s.BodyTimeout })
}

// WithIdleTimeout ends a call whose answer sends nothing for d (default
// 60s), error bodies and streams included; each byte that arrives restarts
// the clock, so a long stream that keeps talking is never cut. The call
// fails with ErrStalled. 0 disables it. Client or call level.
func WithIdleTimeout(d time.Duration) Option {
	return atLeast("conduit.WithIdleTimeout", d, 0, func(s *config.Settings) **time.Duration { return &s.IdleTimeout })
}

// WithHeader adds a header to every request of a client, or to one call's.
// It cannot replace the header that carries the package's credential; use
// the package's credential option for that. A value under a name that
// carries a credential (Authorization, Proxy-Authorization, Cookie, or a
// name containing key, token, secret, auth, session, signature, pass or
// credential) is a secret of the call: redacted from errors, logs and
// Response, and never sent to another origin by a redirect. Client or call
// level.
func WithHeader(name, value string) Option {
	return option(func(s *config.Settings) {
		// The value is never quoted: it is often a credential.
		switch {
		case !validHeaderName(name):
			s.Fail("conduit.WithHeader: %.40q is not a valid header name", name)
			return
		case hasControl(value):
			s.Fail("conduit.WithHeader: the value of the %s header contains a control character", http.CanonicalHeaderKey(name))
			return
		}
		s.Header = append(s.Header, http.CanonicalHeaderKey(name), value)
	})
}

// WithQuery adds a query parameter to every request of a client, or to one
// call's, after the ones the package sends. A value under a credential
// name (as for WithHeader) is a secret of the call. The parameter that
// carries the package's own credential cannot be sent a second time: the
// call fails with ErrInvalidParam before any I/O. Client or call level.
func WithQuery(name, value string) Option {
	return option(func(s *config.Settings) {
		if name == "" {
			s.Fail("conduit.WithQuery: the parameter name is empty")
			return
		}
		s.Query = append(s.Query, name, value)
	})
}

// WithBodyField adds a member to the JSON object a request sends, or
// replaces the typed member of that name: the way to send a field the
// package does not type yet. value is encoded with encoding/json. Given to
// New, it goes into every JSON object the client's calls send, and a
// call's own field of the same name replaces it; given to a call that
// sends no JSON object (a GET, an upload), it fails with ErrInvalidParam.
// So does a member whether a call may be retried rests on (a GraphQL
// document, a JSON-RPC method or id, a message nonce): replaced, a write
// could go out treated as a read. Client or call level.
func WithBodyField(name string, value any) Option {
	return option(func(s *config.Settings) {
		if name == "" {
			s.Fail("conduit.WithBodyField: the member name is empty")
			return
		}
		b, err := wire.Encode(value)
		if err != nil {
			s.Fail("conduit.WithBodyField(%q): a %T cannot be encoded as JSON", name, value)
			return
		}
		s.BodyFields = append(s.BodyFields, config.Field{Name: name, Value: b})
	})
}

// WithResponse fills r with the answer's status, headers, request id,
// attempts, elapsed time and rate-limit state when the call ends, on
// success and on failure alike. Call level.
func WithResponse(r *Response) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Call, "conduit.WithResponse") {
			return
		}
		if r == nil {
			s.Fail("conduit.WithResponse: the *Response is nil")
			return
		}
		s.Responses = append(s.Responses, r)
	})
}

// WithIdempotent tells conduit that repeating this call cannot do its work
// twice (the service deduplicates it, or it changes nothing), so a write
// may be retried like a read. Call level.
func WithIdempotent() Option {
	return option(func(s *config.Settings) {
		if s.Only(config.Call, "conduit.WithIdempotent") {
			s.Idempotent = true
		}
	})
}

// WithBase sends a Do call to the named base URL placeholder of the package
// ("places_url") instead of its default. A typed method refuses it: each
// has the base its endpoint lives on. Call level.
func WithBase(placeholder string) Option {
	return option(func(s *config.Settings) {
		if s.Only(config.Call, "conduit.WithBase") {
			s.Base = placeholder
		}
	})
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f })
}

// validHeaderName accepts an RFC 9110 token.
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

// atLeast makes an option that stores v in the setting field points to,
// or fails naming the option when v is below low (0 or 1).
func atLeast[T int | int64 | time.Duration](name string, v, low T, field func(*config.Settings) **T) Option {
	return option(func(s *config.Settings) {
		switch {
		case v < low && low > 0:
			s.Fail("%s: %v is not positive", name, v)
		case v < low:
			s.Fail("%s: %v is negative", name, v)
		default:
			*field(s) = &v
		}
	})
}
