// Package config holds what conduit's options set. The public Option type
// (package conduit) holds a function over Settings; the core reads Settings when
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

// NewOption and ApplyOption are set by package conduit, whose Option keeps
// its function unexported: the core builds the packages' options and
// applies every option through them.
var (
	NewOption   func(func(*Settings)) any
	ApplyOption func(opt any, s *Settings)
)

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
}

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
