package transport

import (
	"maps"
	"sort"
	"strings"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// Service describes one interface package to the core: its name, base URLs,
// credentials and settings, auth scheme, published limit and error profile.
// A package declares one with Register and binds its operations to it.
type Service struct {
	// Name is the package name. It prefixes errors and every environment
	// variable: CONDUIT_<NAME>_<SETTING>.
	Name string
	// Bases lists the base URLs the package uses; Bases[0] is the default
	// unless DefaultBase picks another.
	Bases []Base
	// DefaultBase picks the default placeholder from the resolved settings,
	// for packages whose host depends on an environment or region.
	DefaultBase func(value func(name string) string) string
	// Auth is the scheme of requests whose base and operation name none.
	Auth Auth
	// Values are the named credentials and settings.
	Values []Value
	// Limit is the budget the service publishes: shared by every client of
	// the process per host, unless a client sets its own.
	Limit limits.Limit
	// Errors says how the service reports failures and budgets.
	Errors Profile
	// CacheCredentialed says the service lets conduit.WithCache keep the
	// answers to credentialed reads (its terms allow it and they belong to
	// the credential's holder alone); they are then stored under a key of
	// the credential. Without it only reads without credentials are cached.
	CacheCredentialed bool

	mu  sync.Mutex
	ops []*Op
}

// Base is one base URL of a service.
type Base struct {
	// Name is the spec's placeholder ("sun_url"); the environment variable
	// is CONDUIT_<SERVICE>_<NAME>.
	Name string
	// Option is the option that sets it, quoted in errors.
	Option string
	// Version is the version segment the spec ends this base with ("v1"):
	// a URL given without it gets it.
	Version string
	// PathVersion is the version segment the operations' paths start with
	// ("v2"): a URL given with it loses it, so it is not doubled.
	PathVersion string
	// Auth is the scheme of requests to this base when it is not the
	// service's.
	Auth *Auth
	// Default is the real service's address, used when neither an option
	// nor the environment sets one. A {name} in it is filled with the
	// setting of that name ("https://{network}.g.alchemy.com").
	Default string
	// NoDefault says, in one sentence, why the base has no default (the
	// spec renames what the real service expects); the error for a missing
	// base quotes it.
	NoDefault string
}

// Value is a named credential or setting of a Service.
type Value struct {
	Name   string // "api_key"; the env var is CONDUIT_<SERVICE>_API_KEY
	Option string // the option that sets it, quoted in errors: "inference.WithAPIKey"
	Secret bool   // kept out of every error, log line and printed value
	// Default is a setting's value when neither an option nor the
	// environment gives one.
	Default string
	// Enum lists the values a setting accepts, compared without case and
	// stored as written here; New refuses any other.
	Enum []string
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

// NoAuth is the scheme of requests that carry no credential.
var NoAuth = &Auth{Scheme: None}

// credentialed reports whether the scheme attaches something secret, which
// decides the redirect rules.
func (a *Auth) credentialed() bool {
	return a.Scheme != None && a.Scheme != UserAgent
}

var (
	registryMu sync.Mutex
	registry   = map[string]*Service{}
)

// Register records svc so that test doubles and coverage tests can list
// every service and operation, and returns it. A package calls it once.
func Register(svc *Service) *Service {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[svc.Name]; dup {
		panic("transport: service registered twice: " + svc.Name)
	}
	registry[svc.Name] = svc
	return svc
}

// Services lists the registered services by name.
func Services() []*Service {
	registryMu.Lock()
	defer registryMu.Unlock()
	out := make([]*Service, 0, len(registry))
	for _, s := range registry {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the registered service called name, or nil.
func Lookup(name string) *Service {
	registryMu.Lock()
	defer registryMu.Unlock()
	return registry[name]
}

// Ops lists the service's declared operations in declaration order.
func (s *Service) Ops() []*Op {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Op(nil), s.ops...)
}

// Op returns the declared operation called name, or nil.
func (s *Service) Op(name string) *Op {
	for _, op := range s.Ops() {
		if op.Name == name {
			return op
		}
	}
	return nil
}

func (s *Service) declare(op *Op) {
	s.mu.Lock()
	defer s.mu.Unlock()
	op.Service = s
	if len(op.Status) > 0 {
		p := s.Errors
		p.Status = maps.Clone(s.Errors.Status)
		if p.Status == nil {
			p.Status = map[int]Meaning{}
		}
		maps.Copy(p.Status, op.Status)
		op.errors = &p
	}
	s.ops = append(s.ops, op)
}

// base returns the declared base called name, or nil.
func (s *Service) base(name string) *Base {
	for i := range s.Bases {
		if s.Bases[i].Name == name {
			return &s.Bases[i]
		}
	}
	return nil
}

// value returns the declared value called name, or nil.
func (s *Service) value(name string) *Value {
	for i := range s.Values {
		if s.Values[i].Name == name {
			return &s.Values[i]
		}
	}
	return nil
}

// EnvName is the environment variable of a named value or base of a
// service: CONDUIT_<SERVICE>_<NAME>, where a name that already starts with
// the service's does not repeat it (chat_url is CONDUIT_CHAT_URL).
func EnvName(service, name string) string {
	svc, n := strings.ToUpper(service), strings.ToUpper(name)
	if strings.HasPrefix(n, svc+"_") {
		return "CONDUIT_" + n
	}
	return "CONDUIT_" + svc + "_" + n
}

// URLEnvName is CONDUIT_<SERVICE>_URL, which a service of one base also
// reads for it.
func URLEnvName(service string) string { return "CONDUIT_" + strings.ToUpper(service) + "_URL" }

// Set returns the option that sets the named credential or setting; the
// package wraps it in a typed option such as WithAPIKey. Another package's
// New refuses it.
func (s *Service) Set(name, v string) conduit.Option {
	d := s.value(name)
	if d == nil {
		panic("transport: " + s.Name + " declares no value " + name)
	}
	return option(func(st *config.Settings) {
		if !st.Only(config.Client, d.Option) || !st.Owned(s.Name, d.Option) {
			return
		}
		if st.Values == nil {
			st.Values = map[string]string{}
		}
		st.Values[name] = v
	})
}

// SetBase returns the option that sets the named base URL.
func (s *Service) SetBase(name, u string) conduit.Option {
	d := s.base(name)
	if d == nil {
		panic("transport: " + s.Name + " declares no base " + name)
	}
	return option(func(st *config.Settings) {
		if !st.Only(config.Client, d.Option) || !st.Owned(s.Name, d.Option) {
			return
		}
		if st.Bases == nil {
			st.Bases = map[string]string{}
		}
		st.Bases[name] = u
	})
}

// option makes a conduit.Option of f.
func option(f func(*config.Settings)) conduit.Option { return config.NewOption(f) }

// apply lays opts over st, in order.
func apply(st *config.Settings, opts []conduit.Option) { config.Apply(st, opts...) }
