package conduittest

import (
	"net/http"
	"net/url"
	"slices"
)

// Request is one request the server received, as it arrived.
type Request struct {
	Method string
	Path   string // escaped, as sent
	Query  url.Values
	Header http.Header
	Body   []byte
}

func record(r *http.Request, body []byte) *Request {
	return &Request{Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.Query(), Header: r.Header.Clone(), Body: body}
}

// Requests returns what reached pkg's operation op, oldest first, failed
// credential checks included. Each is a copy of the server's record. op is
// an operation's name or a pattern given to Handle; any other name panics,
// as On does.
func (s *Server) Requests(pkg, op string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.handledLocked(pkg, op) {
		mustOp(pkg, op)
	}
	var out []Request
	for _, r := range s.calls[pkg+"."+op] {
		out = append(out, r.clone())
	}
	return slices.Clip(out)
}

// clone is a deep copy, so that a test that edits what Requests returned
// cannot change the server's record.
func (r *Request) clone() Request {
	c := *r
	c.Query = url.Values{}
	for k, vs := range r.Query {
		c.Query[k] = slices.Clone(vs)
	}
	c.Header = r.Header.Clone()
	c.Body = slices.Clone(r.Body)
	return c
}

// Last returns the latest request to pkg's operation op, and false when
// none came yet: that is a state a test asks about, where a misspelt op is
// a mistake, which panics as in Requests.
func (s *Server) Last(pkg, op string) (Request, bool) {
	all := s.Requests(pkg, op)
	if len(all) == 0 {
		return Request{}, false
	}
	return all[len(all)-1], true
}

// handledLocked reports whether pattern was given to Handle for pkg.
func (s *Server) handledLocked(pkg, pattern string) bool {
	for _, h := range s.handles {
		if h.pkg == pkg && h.pattern == pattern {
			return true
		}
	}
	return false
}
