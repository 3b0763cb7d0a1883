package transport

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

// Version is conduit's release, sent in the default User-Agent.
const Version = "0.1.0"

// Defaults applied when no option says otherwise.
const (
	DefaultMaxRetries       = 2
	DefaultMaxResponseBytes = 64 << 20
	DefaultMaxRetryWait     = 60 * time.Second
)

// Option configures a Client. The interface packages re-export Option and
// add their own options (credentials, named base URLs) built on WithValue and
// WithNamedBaseURL.
type Option func(*config)

type config struct {
	bases      map[string]string // placeholder ("" = the default one) -> URL
	values     map[string]string
	httpClient *http.Client
	maxRetries int
	limit      *Limit
	logger     *slog.Logger
	userAgent  string
	maxBytes   int64
	maxWait    time.Duration
	minBackoff time.Duration
	maxBackoff time.Duration
	errs       []error
}

func newConfig() *config {
	return &config{
		maxRetries: DefaultMaxRetries,
		maxBytes:   DefaultMaxResponseBytes,
		maxWait:    DefaultMaxRetryWait,
		minBackoff: 250 * time.Millisecond,
		maxBackoff: 8 * time.Second,
	}
}

// WithBaseURL sets the base URL of the package's default placeholder,
// overriding its CONDUIT_* variable.
func WithBaseURL(u string) Option { return WithNamedBaseURL("", u) }

// WithNamedBaseURL sets the base URL of one named placeholder ("places_url").
func WithNamedBaseURL(placeholder, u string) Option {
	return func(c *config) {
		if c.bases == nil {
			c.bases = map[string]string{}
		}
		c.bases[placeholder] = u
	}
}

// WithValue sets a named credential or setting, overriding its CONDUIT_*
// variable. Interface packages wrap it in typed options such as WithAPIKey.
func WithValue(name, v string) Option {
	return func(c *config) {
		if c.values == nil {
			c.values = map[string]string{}
		}
		c.values[name] = v
	}
}

// WithHTTPClient sends requests through hc. Its Transport, Jar and Timeout are
// used; conduit adds retries, limits and redirect rules around it without
// modifying hc. The Transport is read at each request, so test doubles such
// as httpmock.ActivateNonDefault(hc) work even after the Client is built.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) {
		if hc == nil {
			c.errs = append(c.errs, fmt.Errorf("WithHTTPClient: nil *http.Client"))
			return
		}
		c.httpClient = hc
	}
}

// WithMaxRetries sets how many times a failed request is retried (default 2;
// 0 disables retries). Writes are retried only when provably unsent or
// rate-limited, whatever this says.
func WithMaxRetries(n int) Option {
	return func(c *config) {
		if n < 0 {
			c.errs = append(c.errs, fmt.Errorf("WithMaxRetries: %d is negative", n))
			return
		}
		c.maxRetries = n
	}
}

// WithRateLimit allows at most n requests in any window of length per to each
// host this client talks to, shared with every other client of the process
// that talks to the same host. n == 0 removes the package's default limit.
func WithRateLimit(n int, per time.Duration) Option {
	return func(c *config) {
		if n < 0 || (n > 0 && per <= 0) {
			c.errs = append(c.errs, fmt.Errorf("WithRateLimit: %d per %v is not a limit", n, per))
			return
		}
		c.limit = &Limit{N: n, Per: per}
	}
}

// WithLogger logs one redacted debug line per attempt to l. Silent by default.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithUserAgent replaces the default User-Agent "conduit-go/<Version>".
func WithUserAgent(ua string) Option { return func(c *config) { c.userAgent = ua } }

// WithMaxResponseBytes caps how much of a response body is read (default
// 64 MiB). A larger body is an error, never an out-of-memory.
func WithMaxResponseBytes(n int64) Option {
	return func(c *config) {
		if n <= 0 {
			c.errs = append(c.errs, fmt.Errorf("WithMaxResponseBytes: %d is not positive", n))
			return
		}
		c.maxBytes = n
	}
}

// WithMaxRetryWait caps how long one server-requested wait (Retry-After and
// friends) may be (default 60s). A longer request returns the error at once,
// with Error.RetryAfter set, so the caller decides.
func WithMaxRetryWait(d time.Duration) Option {
	return func(c *config) {
		if d < 0 {
			c.errs = append(c.errs, fmt.Errorf("WithMaxRetryWait: %v is negative", d))
			return
		}
		c.maxWait = d
	}
}

// WithRetryBackoff sets the exponential backoff bounds used when the server
// gives no wait of its own (default 250ms doubling up to 8s, with jitter).
func WithRetryBackoff(min, max time.Duration) Option {
	return func(c *config) {
		if min < 0 || max < min {
			c.errs = append(c.errs, fmt.Errorf("WithRetryBackoff: bounds %v..%v are not ordered", min, max))
			return
		}
		c.minBackoff, c.maxBackoff = min, max
	}
}
