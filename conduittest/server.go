package conduittest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Server is the fake of every service, on one loopback listener. Each base
// URL of each package is mounted at /<placeholder> (plus the version
// segment the service puts at the end of that base). It is safe for
// concurrent use.
type Server struct {
	srv *httptest.Server
	mux *http.ServeMux

	mu      sync.Mutex
	scripts map[string]*Script    // "pkg.Op"
	calls   map[string][]*Request // "pkg.Op", or "pkg.METHOD /path" for a Handle
	handles []*handled
	gateway *ChatGateway
	node    *NodeSocket    // started by NodeSocket, closed with the server
	mempool *MempoolSocket // started by MempoolSocket, closed with the server
	state   map[string]any // what a fake keeps between calls, by a key of its own
}

// NewServer starts a Server for the test; tb.Cleanup closes it.
func NewServer(tb testing.TB) *Server {
	tb.Helper()
	s := Start()
	tb.Cleanup(s.Close)
	return s
}

// Start starts a Server outside a test (an Example, a demo program); the
// caller closes it.
func Start() *Server {
	s := &Server{scripts: map[string]*Script{}, calls: map[string][]*Request{}}
	s.mux = http.NewServeMux()
	s.gateway = newChatGateway()
	s.mux.Handle(gatewayPath, s.gateway)
	for _, svc := range services() {
		f := fakes[svc.Name]
		if f == nil {
			f = &fake{}
		}
		// Operations that share a route (a JSON-RPC endpoint, a GraphQL
		// one, a completion whole or streamed) are told apart by their
		// templates, then by the fake.
		routes := map[string][]route{}
		var order []string
		for _, op := range svc.Ops() {
			for _, rt := range routesOf(svc, op) {
				if routes[rt.pattern] == nil {
					order = append(order, rt.pattern)
				}
				routes[rt.pattern] = append(routes[rt.pattern], rt)
			}
		}
		for _, p := range order {
			s.mux.HandleFunc(p, s.handler(svc, routes[p], f))
		}
	}
	s.mux.HandleFunc("/", s.unknown)
	s.srv = httptest.NewServer(s.mux)
	return s
}

// ServeHTTP answers as the server does, for a proxy that puts the fake
// behind a listener of its own.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Close shuts the server down, with the push fakes it started.
func (s *Server) Close() {
	s.mu.Lock()
	node, mempool := s.node, s.mempool
	s.mu.Unlock()
	if node != nil {
		node.Close()
	}
	if mempool != nil {
		mempool.Close()
	}
	s.srv.Close()
}

// NodeSocket returns the server's Ethereum node WebSocket fake, started on
// the first call and closed with the server, so every push fake is found
// on the Server (as ChatGateway is). It listens on its own address: point
// a noderpc client at it with its Options.
func (s *Server) NodeSocket() *NodeSocket {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.node == nil {
		s.node = StartNodeSocket()
	}
	return s.node
}

// MempoolSocket returns the server's mempool.space WebSocket fake, started
// on the first call and closed with the server. It listens on its own
// address: point an explorer client at it with its Options.
func (s *Server) MempoolSocket() *MempoolSocket {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.mempool == nil {
		s.mempool = StartMempoolSocket()
	}
	return s.mempool
}

// URL is the server's root URL.
func (s *Server) URL() string { return s.srv.URL }

// BaseURL is the URL a base placeholder of pkg is mounted at
// ("inference", "inference_url"). A placeholder pkg does not have panics,
// naming the ones it has, as On does for an operation.
func (s *Server) BaseURL(pkg, placeholder string) string {
	svc := mustService(pkg)
	var known []string
	for _, b := range svc.Bases {
		if b.Name == placeholder {
			return s.srv.URL + mount(svc, placeholder)
		}
		known = append(known, b.Name)
	}
	panic(fmt.Sprintf("conduittest: package %s has no base %q (known: %s)", pkg, placeholder, strings.Join(known, ", ")))
}

// Options points a client of pkg at the server: its base URLs and the fake
// credentials the server accepts. Give them to the package's New:
//
//	c, err := inference.New(srv.Options("inference")...)
func (s *Server) Options(pkg string) []conduit.Option { return s.OptionsAt(pkg, s.srv.URL) }

// OptionsAt is Options for a client that reaches the server through root:
// a proxy in front of it that forwards paths unchanged (a fault injector,
// a recorder of your own).
func (s *Server) OptionsAt(pkg, root string) []conduit.Option {
	svc := mustService(pkg)
	var opts []conduit.Option
	for _, b := range svc.Bases {
		opts = append(opts, svc.SetBase(b.Name, root+mount(svc, b.Name)))
	}
	for _, v := range svc.Values {
		if cred, ok := credential(pkg, v.Name); ok {
			opts = append(opts, svc.Set(v.Name, cred))
		}
	}
	return opts
}

// Env is the environment that points every package at the server, with
// the credentials it accepts: CONDUIT_<PACKAGE>_<NAME> variables.
func (s *Server) Env() map[string]string {
	env := map[string]string{}
	for _, svc := range services() {
		for _, b := range svc.Bases {
			env[transport.EnvName(svc.Name, b.Name)] = s.BaseURL(svc.Name, b.Name)
		}
		for _, v := range svc.Values {
			if cred, ok := credential(svc.Name, v.Name); ok {
				env[transport.EnvName(svc.Name, v.Name)] = cred
			}
		}
	}
	return env
}

// Setenv exports Env for the rest of the test (tb.Setenv), so clients built
// without options find the server.
func (s *Server) Setenv(tb testing.TB) {
	tb.Helper()
	for k, v := range s.Env() {
		tb.Setenv(k, v)
	}
}

// Export sets Env in the process environment, for programs that are not
// tests (the examples' -fake flag); it is not safe beside other code that
// reads the environment concurrently.
func (s *Server) Export() {
	for k, v := range s.Env() {
		os.Setenv(k, v)
	}
}

// Packages lists the packages the server fakes.
func Packages() []string {
	var names []string
	for _, svc := range services() {
		names = append(names, svc.Name)
	}
	return names
}

// Operations lists the operations of pkg the server answers, by method name.
func Operations(pkg string) []string {
	var names []string
	for _, op := range mustService(pkg).Ops() {
		names = append(names, op.Name)
	}
	return names
}

func services() []*transport.Service {
	svcs := transport.Services()
	sort.Slice(svcs, func(i, j int) bool { return svcs[i].Name < svcs[j].Name })
	return svcs
}

func mustService(pkg string) *transport.Service {
	svc := transport.Lookup(pkg)
	if svc == nil {
		panic(fmt.Sprintf("conduittest: no package %q (known: %s)", pkg, strings.Join(Packages(), ", ")))
	}
	return svc
}

// mount is where a base is served: /<placeholder>, then the version segment
// the service ends that base with, so a client's normalisation keeps it.
func mount(svc *transport.Service, placeholder string) string {
	for _, b := range svc.Bases {
		if b.Name == placeholder && b.Version != "" {
			return "/" + placeholder + "/" + b.Version
		}
	}
	return "/" + placeholder
}

// handler records each call, checks its credentials, then answers from the
// operation's script or its default answer.
func (s *Server) handler(svc *transport.Service, routes []route, f *fake) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
		op := choose(routes, f, r, body)
		if op == nil {
			s.unknown(w, r) // the pattern's wildcard took a path no template has
			return
		}
		key := svc.Name + "." + op.Name
		req := record(r, body)
		s.mu.Lock()
		s.calls[key] = append(s.calls[key], req)
		step := s.scripts[key].next()
		s.mu.Unlock()
		if why := checkAuth(svc, op, r, body); why != "" {
			writeError(w, http.StatusUnauthorized, "unauthorized", why)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		step.serve(w, r, func(w http.ResponseWriter) {
			w, done := withCache(w, r, svc.Name)
			defer done()
			f.answer(s, svc, op, w, r, body)
		})
	}
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"code":%q,"message":%q}}`, code, msg)
}

// unknownPath answers a path no operation has: as the service answers a
// path it does not know, where its fake says how (a Do call to an endpoint
// the package does not type), else with a 404 of conduittest's own.
func unknownPath(w http.ResponseWriter, r *http.Request) {
	for _, svc := range services() {
		f := fakes[svc.Name]
		if f == nil || f.unknown.fixture == "" {
			continue
		}
		for _, b := range svc.Bases {
			if strings.HasPrefix(r.URL.Path, mount(svc, b.Name)+"/") {
				serveFixture(w, svc.Name, f.unknown.fixture, f.unknown.status)
				return
			}
		}
	}
	writeError(w, http.StatusNotFound, "no_route", "conduittest has no operation at "+r.Method+" "+r.URL.Path)
}
