// Package replay is what conduit's own tests called the fake server before
// it became the public package conduittest: a thin layer over it, so that
// tests written against its names keep them. New tests use conduittest.
package replay

import (
	"net/http"
	"sort"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
)

// Server is a conduittest server that also counts requests by route.
type Server struct{ *conduittest.Server }

// Start starts the fake server; the caller closes it.
func Start() *Server { return &Server{Server: conduittest.Start()} }

// URL is the base URL of a placeholder of pkg.
func (s *Server) URL(pkg, placeholder string) string { return s.BaseURL(pkg, placeholder) }

// Hits counts the requests that reached the route pattern "METHOD
// /placeholder[/version]/path/{param}", as net/http's ServeMux matches it.
func (s *Server) Hits(pattern string) int {
	mux := http.NewServeMux()
	mux.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
	n := 0
	for _, pkg := range conduittest.Packages() {
		for _, op := range conduittest.Operations(pkg) {
			for _, r := range s.Requests(pkg, op) {
				req, err := http.NewRequest(r.Method, "http://x"+r.Path, nil)
				if err != nil {
					continue
				}
				if _, p := mux.Handler(req); p == pattern {
					n++
				}
			}
		}
	}
	return n
}

// Setenv exports the server's environment into the process.
func (s *Server) Setenv() { s.Export() }

// Credential returns the fake credential of pkg the server accepts.
func Credential(pkg, name string) string { return conduittest.Credential(pkg, name) }

// Credentials returns every fake credential value of pkg.
func Credentials(pkg string) []string {
	var out []string
	for _, v := range conduittest.Credentials(pkg) {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// Packages lists the packages the server fakes.
func Packages() []string { return conduittest.Packages() }

// OptionsAt configures a client of pkg to reach srv through root.
func OptionsAt(srv *Server, pkg, root string) []conduit.Option { return srv.OptionsAt(pkg, root) }

// TestdataDir is where the fixtures and goldens live on disk.
func TestdataDir() string { return testdataDir }
