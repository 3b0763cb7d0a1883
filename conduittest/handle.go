package conduittest

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// handled is one answer Handle set up for a path no typed operation has.
type handled struct {
	pkg, pattern string
	method       string
	segs         []string // the pattern's path, split; "{x}" matches one segment, "{x...}" the rest
	reply        Reply
}

// Handle answers method and path of pkg's service, relative to its default
// base URL, with reply: the way to fake an endpoint the package does not
// type, which a test reaches with the client's Do. pattern is "METHOD
// /path", as in Do ("POST /embeddings"); a segment written {name} matches
// any one segment, and a last one written {name...} the rest of the path.
// Another base of the package is named by its placeholder before the path
// ("GET webhook_base:/webhooks/{id}/{token}/messages/@original").
//
// Requests are recorded like every other: Requests(pkg, pattern) returns
// them. Credentials are checked as the service checks them on that base: a
// call without the right ones is answered 401. A later Handle of the same
// pattern replaces the earlier one. It panics on a pattern it cannot read.
func (s *Server) Handle(pkg, pattern string, reply Reply) {
	svc := mustService(pkg)
	method, target, ok := strings.Cut(strings.TrimSpace(pattern), " ")
	if !ok || method == "" || !strings.Contains(target, "/") {
		panic("conduittest: Handle wants \"METHOD /path\", got " + pattern)
	}
	base := ""
	if i := strings.Index(target, ":/"); i > 0 {
		base, target = target[:i], target[i+1:]
		if !hasBase(svc, base) {
			panic("conduittest: package " + pkg + " has no base " + base)
		}
	}
	if base == "" {
		base = svc.Bases[0].Name
	}
	mnt := strings.TrimSuffix(mount(svc, base), "/")
	h := &handled{pkg: pkg, pattern: pattern, method: strings.ToUpper(method),
		segs: strings.Split(strings.Trim(mnt+target, "/"), "/"), reply: reply}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, old := range s.handles {
		if old.pkg == pkg && old.pattern == pattern {
			s.handles[i] = h
			return
		}
	}
	s.handles = append(s.handles, h)
}

func hasBase(svc *transport.Service, name string) bool {
	for _, b := range svc.Bases {
		if b.Name == name {
			return true
		}
	}
	return false
}

// matches reports whether method and path (split into segments) are h's.
func (h *handled) matches(method string, got []string) bool {
	if method != h.method {
		return false
	}
	for i, seg := range h.segs {
		switch {
		case strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "...}"):
			return i < len(got)
		case i >= len(got):
			return false
		case strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}"):
		case seg != got[i]:
			return false
		}
	}
	return len(got) == len(h.segs)
}

// find returns the handle r reaches, and r with the key a path-key service
// carries as its last segment set aside, where the credential check looks
// for it.
func (s *Server) find(r *http.Request) *handled {
	got := strings.Split(strings.Trim(r.URL.EscapedPath(), "/"), "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	var found *handled
	for _, h := range s.handles {
		svc := mustService(h.pkg)
		op := &transport.Op{Service: svc, Method: h.method}
		if authOf(svc, op, baseOf(svc, op, r)).Scheme == transport.PathKey && len(got) > 1 {
			if h.matches(r.Method, got[:len(got)-1]) {
				r.SetPathValue("conduittest_key", got[len(got)-1])
				found = h
			}
			continue
		}
		if h.matches(r.Method, got) {
			found = h
		}
	}
	return found
}

// unknown answers a path no typed operation has: with what Handle set up
// for it, else as the service answers a path it does not know, where its
// fake says how, else with a 404 of conduittest's own.
func (s *Server) unknown(w http.ResponseWriter, r *http.Request) {
	h := s.find(r)
	if h == nil {
		unknownPath(w, r)
		return
	}
	svc := mustService(h.pkg)
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	s.mu.Lock()
	s.calls[h.pkg+"."+h.pattern] = append(s.calls[h.pkg+"."+h.pattern], record(r, body))
	s.mu.Unlock()
	op := &transport.Op{Service: svc, Name: "Do", Method: h.method, Base: baseOf(svc, &transport.Op{Service: svc}, r)}
	if why := checkAuth(svc, op, r, body); why != "" {
		writeError(w, http.StatusUnauthorized, "unauthorized", why)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	h.reply.serve(w, r, func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("{}"))
	})
}
