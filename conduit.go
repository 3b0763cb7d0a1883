// Package conduit holds what every conduit client package shares: the
// options that configure any client, the error type and its sentinels, and
// the version.
//
// Each interface lives in its own package (conduit/sunrise,
// conduit/inference, …) with a New constructor that takes these options:
//
//	c, err := sunrise.New(conduit.WithMaxRetries(3), conduit.WithLogger(logger))
//
// Every package also accepts its own options (credentials, named base URLs)
// and reads the same settings from CONDUIT_* environment variables.
package conduit

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Version is the release of this module, sent in the default User-Agent
// ("conduit-go/" + Version).
const Version = transport.Version

// Option configures a client of any conduit package.
type Option = transport.Option

// Error is the one error type of every conduit package; each package's Error
// is this same type, so one errors.As works for all.
type Error = transport.Error

// Sentinels for errors.Is. An *Error matches the one its status or cause
// implies: 404 ErrNotFound, 401/403 ErrUnauthorized, 429 ErrRateLimited.
var (
	ErrNotFound          = transport.ErrNotFound
	ErrUnauthorized      = transport.ErrUnauthorized
	ErrRateLimited       = transport.ErrRateLimited
	ErrInvalidParam      = transport.ErrInvalidParam
	ErrMissingCredential = transport.ErrMissingCredential
	ErrMissingBaseURL    = transport.ErrMissingBaseURL
	ErrResponseTooLarge  = transport.ErrResponseTooLarge
	ErrMalformedResponse = transport.ErrMalformedResponse
	ErrRedirectRefused   = transport.ErrRedirectRefused
	ErrAPI               = transport.ErrAPI
)

// WithBaseURL sets the base URL of the package's default placeholder,
// overriding its CONDUIT_<PLACEHOLDER> variable (CONDUIT_SUN_URL, …).
func WithBaseURL(u string) Option { return transport.WithBaseURL(u) }

// WithHTTPClient sends requests through hc (its Transport, Jar and Timeout).
// conduit adds retries, rate limits and redirect rules around it without
// modifying it.
func WithHTTPClient(hc *http.Client) Option { return transport.WithHTTPClient(hc) }

// WithMaxRetries sets how many times a failed request is retried (default 2;
// 0 disables). Writes are retried only when provably unsent or rate-limited.
func WithMaxRetries(n int) Option { return transport.WithMaxRetries(n) }

// WithRateLimit allows at most n requests per window to each host the client
// talks to, shared by all clients of the process that use that host; n == 0
// lifts the package's default limit.
func WithRateLimit(n int, per time.Duration) Option { return transport.WithRateLimit(n, per) }

// WithLogger logs one redacted debug line per attempt. Silent by default.
func WithLogger(l *slog.Logger) Option { return transport.WithLogger(l) }

// WithUserAgent replaces the default User-Agent, "conduit-go/" + Version.
func WithUserAgent(ua string) Option { return transport.WithUserAgent(ua) }

// WithMaxResponseBytes caps how much of a response is read (default 64 MiB).
func WithMaxResponseBytes(n int64) Option { return transport.WithMaxResponseBytes(n) }

// WithMaxRetryWait caps a server-requested wait (default 60s); a longer one
// returns the error at once with Error.RetryAfter set.
func WithMaxRetryWait(d time.Duration) Option { return transport.WithMaxRetryWait(d) }

// WithRetryBackoff bounds the jittered exponential backoff used when the
// server names no wait (default 250ms up to 8s).
func WithRetryBackoff(min, max time.Duration) Option { return transport.WithRetryBackoff(min, max) }
