// Package replay is conduit's embedded fixture server. Every interface
// package registers its routes here (one file per package); Start serves them
// all from testdata/<pkg>/ on one local listener, each placeholder mounted at
// /<placeholder>. A request whose credentials are missing, wrong or misplaced
// (present anywhere the spec does not put them) gets 401 with a JSON body, so
// a client bug shows as a failure rather than a pass.
package replay

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Where names a credential position.
type Where uint8

// Credential positions, as the spec's Authentication tables use them.
const (
	InHeader        Where = iota + 1 // header Name, value Prefix+credential
	InQuery                          // query parameter Name
	InPath                           // a path segment
	InBody                           // JSON body member Name
	InBasicUser                      // HTTP Basic user name
	InBasicPassword                  // HTTP Basic password
)

// Place is where one credential must be.
type Place struct {
	Cred   string // a key of Package.Credentials
	In     Where
	Name   string
	Prefix string // "Bearer ", "Bot "
}

// Route is one operation of a package.
type Route struct {
	Base    string // placeholder the route hangs under
	Method  string
	Path    string // a net/http ServeMux path pattern below the base
	Fixture string // file under testdata/<pkg>/
	Status  int    // default 200
	// Pick chooses the fixture from the request when one route has several.
	Pick func(r *http.Request, body []byte) string
	// Handler answers by hand (echoing a JSON-RPC id, say); auth is checked first.
	Handler func(w http.ResponseWriter, r *http.Request, body []byte)
	// Auth lists where credentials must be; every other place must be clean.
	Auth []Place
}

// Package is what a package registers.
type Package struct {
	Name  string
	Bases []string
	// Credentials maps value names ("api_key") to the fake values the server
	// accepts. A client gets them through Options or the environment.
	Credentials map[string]string
	Routes      []Route
}

var (
	regMu    sync.Mutex
	registry = map[string]*Package{}
)

// Register adds a package. Called from init in this package's <pkg>.go files.
func Register(p Package) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := registry[p.Name]; dup {
		panic("replay: package registered twice: " + p.Name)
	}
	registry[p.Name] = &p
}

// Packages lists the registered package names, sorted.
func Packages() []string {
	regMu.Lock()
	defer regMu.Unlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Server serves every registered package.
type Server struct {
	*httptest.Server
	dir  string
	mux  *http.ServeMux
	mu   sync.Mutex
	hits map[string]int // "pkg METHOD path-pattern" -> count
}

// Start serves all registered packages until Close.
func Start() *Server {
	s := NewHandler()
	s.Server = httptest.NewServer(s.mux)
	return s
}

// NewHandler builds the replay routes without starting a listener, for
// tests that put their own server (a fault injector) in front of them. Use
// ServeHTTP to answer.
func NewHandler() *Server {
	s := &Server{dir: TestdataDir(), hits: map[string]int{}}
	mux := http.NewServeMux()
	regMu.Lock()
	for _, p := range registry {
		for i := range p.Routes {
			r := &p.Routes[i]
			pattern := r.Method + " " + prefix(p.Name, r.Base) + r.Path
			mux.HandleFunc(pattern, s.handler(p, r, pattern))
		}
	}
	regMu.Unlock()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no_route", "replay has no route for "+r.Method+" "+r.URL.Path)
	})
	s.mux = mux
	return s
}

// ServeHTTP answers as the replay server does.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// URL is the base URL of a placeholder of pkg.
func (s *Server) URL(pkg, placeholder string) string { return s.Server.URL + prefix(pkg, placeholder) }

// prefix is where a base of pkg is mounted: /<placeholder>, then the
// version segment the spec ends that base with, so that the client's
// normalisation leaves the URL as it is.
func prefix(pkg, placeholder string) string {
	if svc := transport.Lookup(pkg); svc != nil {
		for _, b := range svc.Bases {
			if b.Name == placeholder && b.Version != "" {
				return "/" + placeholder + "/" + b.Version
			}
		}
	}
	return "/" + placeholder
}

// Options configures a client of pkg against this server: its base URLs and
// the credentials the server accepts.
func (s *Server) Options(pkg string) []conduit.Option { return OptionsAt(pkg, s.Server.URL) }

// OptionsAt is Options for a replay handler served at root by another
// server. The package must be linked into the program (imported), since its
// options are its own.
func OptionsAt(pkg, root string) []conduit.Option {
	p := lookup(pkg)
	svc := transport.Lookup(pkg)
	if svc == nil {
		panic("replay: package " + pkg + " is not linked in")
	}
	var opts []conduit.Option
	for _, b := range p.Bases {
		opts = append(opts, svc.SetBase(b, root+prefix(pkg, b)))
	}
	for _, v := range svc.Values {
		if cred, ok := p.Credentials[v.Name]; ok {
			opts = append(opts, svc.Set(v.Name, cred))
		}
	}
	return opts
}

// Env is the environment that points every package at this server, with the
// credentials it accepts: CONDUIT_<PLACEHOLDER> and CONDUIT_<PKG>_<NAME>.
func (s *Server) Env() map[string]string {
	env := map[string]string{}
	regMu.Lock()
	defer regMu.Unlock()
	for _, p := range registry {
		for _, b := range p.Bases {
			env[transport.EnvName(p.Name, b)] = s.URL(p.Name, b)
		}
		for name, v := range p.Credentials {
			env[transport.EnvName(p.Name, name)] = v
		}
	}
	return env
}

// Setenv exports Env into the process, for examples and the tour.
func (s *Server) Setenv() {
	for k, v := range s.Env() {
		os.Setenv(k, v)
	}
}

// Credential returns the fake credential a package's route accepts.
func Credential(pkg, name string) string { return lookup(pkg).Credentials[name] }

// Credentials returns every fake credential value of pkg.
func Credentials(pkg string) []string {
	var out []string
	for _, v := range lookup(pkg).Credentials {
		out = append(out, v)
	}
	return out
}

// Hits reports how many requests reached the route pattern "METHOD /base/path".
func (s *Server) Hits(pattern string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[pattern]
}

func lookup(pkg string) *Package {
	regMu.Lock()
	defer regMu.Unlock()
	p, ok := registry[pkg]
	if !ok {
		panic("replay: unknown package " + pkg)
	}
	return p
}

// TestdataDir finds the module's testdata directory: CONDUIT_REPLAY_TESTDATA
// if set, else next to this source file.
func TestdataDir() string {
	if d := os.Getenv("CONDUIT_REPLAY_TESTDATA"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "conduittest", "testdata")
}

func (s *Server) handler(p *Package, rt *Route, pattern string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[pattern]++
		s.mu.Unlock()
		body, _ := io.ReadAll(io.LimitReader(r.Body, 32<<20))
		if msg := checkAuth(p, rt, r, body); msg != "" {
			writeError(w, http.StatusUnauthorized, "unauthorized", msg)
			return
		}
		if rt.Handler != nil {
			rt.Handler(w, r, body)
			return
		}
		name := rt.Fixture
		if rt.Pick != nil {
			name = rt.Pick(r, body)
		}
		s.ServeFixture(w, p.Name, name, rt.Status)
	}
}

// ServeFixture writes testdata/<pkg>/<name> with status (200 if 0). Event
// streams (.sse) are flushed event by event, as a live server sends them.
func (s *Server) ServeFixture(w http.ResponseWriter, pkg, name string, status int) {
	b, err := os.ReadFile(filepath.Join(s.dir, pkg, name))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fixture", err.Error())
		return
	}
	if status == 0 {
		status = http.StatusOK
	}
	switch filepath.Ext(name) {
	case ".sse":
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(status)
		f, _ := w.(http.Flusher)
		for _, ev := range bytes.SplitAfter(b, []byte("\n\n")) {
			w.Write(ev)
			if f != nil {
				f.Flush()
			}
		}
		return
	case ".json":
		w.Header().Set("Content-Type", "application/json")
	case ".png":
		w.Header().Set("Content-Type", "image/png")
	case ".html":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	default:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	w.WriteHeader(status)
	w.Write(b)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"code":%q,"message":%q}}`, code, msg)
}

// checkAuth returns why the request's credentials are wrong, or "". Each
// credential may appear only where its own Place puts it.
func checkAuth(p *Package, rt *Route, r *http.Request, body []byte) string {
	allowed := map[string]map[string]bool{} // credential -> locations
	allow := func(cred, where string) {
		if allowed[cred] == nil {
			allowed[cred] = map[string]bool{}
		}
		allowed[cred][where] = true
	}
	for _, pl := range rt.Auth {
		want := p.Credentials[pl.Cred]
		var got string
		switch pl.In {
		case InHeader:
			if v := r.Header.Get(pl.Name); strings.HasPrefix(v, pl.Prefix) {
				got = strings.TrimPrefix(v, pl.Prefix)
			}
			allow(pl.Cred, "header:"+http.CanonicalHeaderKey(pl.Name))
		case InQuery:
			got = r.URL.Query().Get(pl.Name)
			allow(pl.Cred, "query")
		case InPath:
			if strings.Contains(r.URL.Path, want) {
				got = want
			}
			allow(pl.Cred, "path")
		case InBody:
			got = jsonString(body, pl.Name)
			allow(pl.Cred, "body")
		case InBasicUser, InBasicPassword:
			u, pw, _ := r.BasicAuth()
			got = u
			if pl.In == InBasicPassword {
				got = pw
			}
			allow(pl.Cred, "header:Authorization")
		}
		if got == "" {
			return fmt.Sprintf("missing credential %s: expected in %s", pl.Cred, describe(pl))
		}
		if got != want {
			return fmt.Sprintf("wrong credential %s in %s", pl.Cred, describe(pl))
		}
	}
	// Nothing secret anywhere else: not in other headers, query, path or body,
	// and no Basic header on a route that takes none.
	if _, _, ok := r.BasicAuth(); ok && !basicAllowed(rt) {
		return "an Authorization: Basic header where the spec puts none"
	}
	for cred, v := range p.Credentials {
		if v == "" {
			continue
		}
		ok := allowed[cred]
		basic := base64.StdEncoding.EncodeToString([]byte(v))
		for name, vals := range r.Header {
			if ok["header:"+name] {
				continue
			}
			for _, hv := range vals {
				if strings.Contains(hv, v) || strings.Contains(hv, basic) {
					return fmt.Sprintf("credential %s misplaced in header %s", cred, name)
				}
			}
		}
		if !ok["query"] && strings.Contains(r.URL.RawQuery, v) {
			return fmt.Sprintf("credential %s misplaced in the query", cred)
		}
		if !ok["path"] && strings.Contains(r.URL.Path, v) && !placedInPath(p, rt, v) {
			return fmt.Sprintf("credential %s misplaced in the path", cred)
		}
		if !ok["body"] && bytes.Contains(body, []byte(v)) {
			return fmt.Sprintf("credential %s misplaced in the body", cred)
		}
	}
	return ""
}

func basicAllowed(rt *Route) bool {
	for _, pl := range rt.Auth {
		if pl.In == InBasicUser || pl.In == InBasicPassword {
			return true
		}
	}
	return false
}

// placedInPath reports whether v is (part of) a value the route rightly
// carries in its path, so a credential that happens to be a substring of
// another is not flagged.
func placedInPath(p *Package, rt *Route, v string) bool {
	for _, pl := range rt.Auth {
		if pl.In == InPath && strings.Contains(p.Credentials[pl.Cred], v) {
			return true
		}
	}
	return false
}

func describe(pl Place) string {
	switch pl.In {
	case InHeader:
		return "header " + pl.Name
	case InQuery:
		return "query parameter " + pl.Name
	case InPath:
		return "the path"
	case InBody:
		return "body member " + pl.Name
	default:
		return "HTTP Basic auth"
	}
}
