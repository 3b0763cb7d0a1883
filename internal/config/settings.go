// Package config holds what conduit's options set. The public Option type
// (config.Option, aliased as conduit.Option) holds a function over Settings; the core reads Settings when
// it builds a client and again for each call, so one option type serves both
// levels and an option that cannot apply at a level says so.
package config

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

// Option is conduit.Option, defined here, where the core applies it, and
// aliased by package conduit, where users see it. Its function stays
// unexported, so an option shows users nothing of the settings it changes.
type Option struct{ apply func(*Settings) }

// NewOption makes an Option of f.
func NewOption(f func(*Settings)) Option { return Option{apply: f} }

// Apply lays opts over s, in order.
func Apply(s *Settings, opts ...Option) {
	for _, o := range opts {
		if o.apply != nil {
			o.apply(s)
		}
	}
}

// Level says what a Settings is being filled for.
type Level uint8

// The two levels an option can be given at.
const (
	Client Level = iota // New(opts...)
	Call                // a method's trailing opts...
)

func (l Level) String() string {
	if l == Call {
		return "one call"
	}
	return "a client (New)"
}

// Limiter is conduit.Limiter, restated here so that this package needs no
// import of the root package.
type Limiter interface {
	Wait(ctx context.Context, key string) error
}

// Settings is the target of every option.
type Settings struct {
	Level   Level
	Service string // the package being configured ("sunrise"); "" while unknown
	errs    []error

	// Client level.
	Bases        map[string]string // placeholder ("" = the package's default) -> URL
	Values       map[string]string // credential or setting name -> value
	HTTPClient   *http.Client
	Logger       *slog.Logger
	UserAgent    *string
	Limiter      Limiter // nil with LimiterSet: no limit at all
	LimiterSet   bool
	InsecureHTTP bool
	Cache        CacheStore  // nil: no caching
	Buckets      BucketStore // nil: each client keeps its own buckets

	// Both levels.
	MaxRetries  *int
	MaxWait     *time.Duration
	MinBackoff  *time.Duration
	MaxBackoff  *time.Duration
	MaxBytes    *int64
	IdleTimeout *time.Duration
	BodyTimeout *time.Duration
	Header      []string // name, value pairs
	Query       []string // name, value pairs
	BodyFields  []Field

	// Call level.
	Base       string // placeholder a Do call is sent to
	Idempotent bool
	Responses  []any // *conduit.Response values to fill after the call

	// Both levels: the client's run outside the call's.
	Middleware        []Middleware
	AttemptMiddleware []Middleware
}

// Middleware is conduit.Middleware without the root package's named Next,
// which this package cannot import.
type Middleware func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error)

// CacheStore is conduit.CacheStore, restated for the same reason as
// Limiter.
type CacheStore interface {
	Get(key string) ([]byte, error)
	Set(key string, value []byte) error
	Delete(key string) error
}

// BucketStore is conduit.BucketStore with BucketState spread out, which
// this package cannot name.
type BucketStore interface {
	Reserve(ctx context.Context, scope, bucket string) (time.Duration, error)
	Record(ctx context.Context, scope, bucket string, remaining int64, resetAfter, global time.Duration) error
}

// CallKey is the context key of the *conduit.CallInfo a middleware's
// request carries.
type CallKey struct{}

// Field is one extra JSON body member, already encoded.
type Field struct {
	Name  string
	Value json.RawMessage
}

// Fail records why an option cannot be used; New or the call reports it.
func (s *Settings) Fail(format string, args ...any) {
	s.errs = append(s.errs, fmt.Errorf(format, args...))
}

// Errs returns every recorded failure.
func (s *Settings) Errs() []error { return s.errs }

// Only records a failure unless the settings are for level; name is the
// option as users write it ("conduit.WithHTTPClient").
func (s *Settings) Only(level Level, name string) bool {
	if s.Level != level {
		s.Fail("%s applies to %s, not to %s", name, level, s.Level)
		return false
	}
	return true
}

// Owned records a failure unless the settings are for package pkg: an option
// of another package would otherwise be ignored without a word.
func (s *Settings) Owned(pkg, name string) bool {
	if s.Service != pkg {
		s.Fail("%s is an option of package %s, not of package %s", name, pkg, s.Service)
		return false
	}
	return true
}
