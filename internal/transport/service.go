package transport

import "time"

// Service describes one interface package to the core. A package declares a
// single Service value and builds every Client from it.
type Service struct {
	// Name is the package name. It prefixes errors and names the
	// CONDUIT_<NAME>_<VALUE> environment variables.
	Name string
	// Bases lists the base-URL placeholders the package uses, as the spec
	// names them ("sun_url"). Bases[0] is the default unless DefaultBase says
	// otherwise.
	Bases []string
	// DefaultBase picks the default placeholder from the resolved named
	// values, for packages whose base depends on an environment or region.
	DefaultBase func(value func(name string) string) string
	// Auth is the scheme used by requests that do not carry their own.
	Auth Auth
	// Values are the named credentials and settings the package reads from
	// options or from CONDUIT_<NAME>_<VALUE>.
	Values []Value
	// Limit is the default per-host rate limit; the zero Limit means none.
	Limit Limit
}

// Value is a named credential or setting of a Service.
type Value struct {
	Name   string // "api_key"; the env var is CONDUIT_<SERVICE>_API_KEY
	Option string // the option that sets it, quoted in errors: "inference.WithAPIKey"
	Secret bool   // redacted from every error and log line
}

// Limit is a request budget: at most N requests in any window of length Per.
type Limit struct {
	N   int
	Per time.Duration
}

// Scheme says where a request's credentials go.
type Scheme uint8

// The auth schemes. Each has exactly one implementation, in auth.go.
const (
	None      Scheme = iota // no credentials
	Bot                     // Authorization: Bot <Values[0]>
	Bearer                  // Authorization: Bearer <Values[0]>
	Header                  // <Name>: <Values[0]>
	Query                   // ?<Name>=<Values[0]>
	PathKey                 // <Values[0]> appended as the last path segment
	Body                    // each of Values merged into the JSON body under its own name
	Basic                   // HTTP Basic, user Values[0], password Values[1]
	UserAgent               // User-Agent: <Values[0]>, which must hold a contact e-mail
)

// Auth places credentials. Values holds names of Service.Values, never the
// secrets themselves.
type Auth struct {
	Scheme Scheme
	Name   string
	Values []string
}

// credentialed reports whether the scheme attaches something secret, which
// decides whether a cross-host redirect may be followed.
func (a *Auth) credentialed() bool {
	return a.Scheme != None && a.Scheme != UserAgent
}
