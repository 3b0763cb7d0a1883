package transport

import (
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Request is one operation as an interface package describes it. The core
// turns it into HTTP; the package never touches net/http.
type Request struct {
	Op     string // the Go method name, for errors: "Get"
	Method string // "GET"
	Base   string // placeholder; "" is the package's default
	// Path is a template such as "/products/{id}". Each {name} is replaced by
	// the next of Args, path-escaped as one segment; a {name...} parameter
	// keeps its slashes and escapes each segment, so "@scope/pkg" stays two.
	Path string
	Args []string
	// Query holds name, value pairs, sent in order; names such as
	// "page[size]" are escaped like values.
	Query []string
	// Header holds name, value pairs.
	Header []string
	// Body is encoded as JSON when non-nil.
	Body any
	// Upload, when set, streams a non-JSON body (multipart) of ContentType.
	// It is called once per attempt. Unless Replayable says a second call
	// yields the same body again, the request is made at most once.
	Upload      func() (io.Reader, error)
	ContentType string
	Replayable  bool
	// Auth overrides the service's scheme for this operation.
	Auth *Auth
	// Write marks a request that changes something on the server; it is
	// retried only when it provably never arrived or got 429.
	Write bool
	// Secrets are per-call credential values (a webhook token, an access
	// token) to be redacted alongside the client's own.
	Secrets []string
	// Accept overrides "application/json".
	Accept string
}

// Endpoint is the redacted description used in errors and logs.
func (r *Request) Endpoint() string {
	if r.Path == "" {
		return r.Method + " /"
	}
	return r.Method + " " + r.Path
}

// buildURL joins base, the expanded path template and the query. Only
// templates are ever logged; the result may hold secrets.
func buildURL(base string, r *Request, pathKey string, query []string) (string, error) {
	var b strings.Builder
	b.Grow(len(base) + len(r.Path) + 64)
	b.WriteString(base)
	p := r.Path
	args := r.Args
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			b.WriteString(p)
			break
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			b.WriteString(p)
			break
		}
		b.WriteString(p[:i])
		name := p[i+1 : i+j]
		if len(args) == 0 {
			return "", errTemplate(r.Path)
		}
		arg := args[0]
		args = args[1:]
		if strings.HasSuffix(name, "...") {
			for k, seg := range strings.Split(arg, "/") {
				if k > 0 {
					b.WriteByte('/')
				}
				b.WriteString(escapeSegment(seg))
			}
		} else {
			b.WriteString(escapeSegment(arg))
		}
		p = p[i+j+1:]
	}
	if pathKey != "" {
		b.WriteByte('/')
		b.WriteString(escapeSegment(pathKey))
	}
	sep := byte('?')
	for _, q := range [][]string{r.Query, query} {
		for i := 0; i+1 < len(q); i += 2 {
			b.WriteByte(sep)
			sep = '&'
			b.WriteString(url.QueryEscape(q[i]))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(q[i+1]))
		}
	}
	return b.String(), nil
}

// escapeSegment escapes one path segment. url.PathEscape leaves "." and ".."
// alone, which a server would resolve as directory moves, so those are
// escaped too.
func escapeSegment(s string) string {
	switch s {
	case ".":
		return "%2E"
	case "..":
		return "%2E%2E"
	}
	return url.PathEscape(s)
}

func errTemplate(path string) error {
	return fmt.Errorf("path template %s has more parameters than arguments", path)
}
