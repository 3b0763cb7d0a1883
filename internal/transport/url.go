package transport

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

// baseURL is a resolved base URL and what newRequest needs to know of it.
type baseURL struct {
	url    string
	origin int  // the length of scheme://host, where the path starts
	plain  bool // scheme, host and path read as they stand (newRequest)
}

// newBaseURL describes norm, a base URL normalizeBase returned.
func newBaseURL(norm string) baseURL {
	scheme, rest, _ := strings.Cut(norm, "://")
	host, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		host, path = rest[:i], rest[i:]
	}
	return baseURL{url: norm, origin: len(norm) - len(path),
		plain: (scheme == "http" || scheme == "https") && plainHost(host) && plainPath(path)}
}

// builtURL is a request's URL as buildURL wrote it.
type builtURL struct {
	raw    string
	origin int  // where the path starts
	query  int  // where the query's '?' stands; len(raw) without a query
	plain  bool // newRequest need not parse raw
}

// DotSegment reports whether seg, one element of a path, is "." or "..",
// or becomes one when its escapes are decoded, once or more: RFC 3986
// makes %2E a dot, and a server or proxy that decodes a path (twice, for
// %252E) resolves such a segment as a move up or in place. Every builder
// that writes caller text into a path (an operation's arguments, Do's
// path, a package's URL helper) refuses the segments it reports.
func DotSegment(seg string) bool {
	u := PathUnescaped(seg)
	return u == "." || u == ".."
}

// PathUnescaped is s with its percent escapes decoded until none is left
// (or one is malformed): what s reads as to a server that decodes a path
// as many times as it was escaped.
func PathUnescaped(s string) string {
	for strings.IndexByte(s, '%') >= 0 {
		dec, err := url.PathUnescape(s)
		if err != nil || dec == s {
			break
		}
		s = dec // shorter each time: the loop ends
	}
	return s
}

// buildURL joins base, op's path template filled with args, the path key and
// the query pairs. An argument that DotSegment reports is refused: escaped,
// it would still read as a dot to a server that decodes twice, and written
// as a move, it sends the request to another endpoint. The result may hold
// credentials; errors and logs use redact.Set.Text of it.
func buildURL(base baseURL, op *Op, args []string, pathKey string, queries ...[]string) (builtURL, error) {
	var b strings.Builder
	b.Grow(len(base.url) + len(op.Path) + 64)
	b.WriteString(base.url)
	plain := base.plain
	p := op.Path
	for {
		i := strings.IndexByte(p, '{')
		j := strings.IndexByte(p[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(p)
			plain = plain && plainPath(p)
			break
		}
		b.WriteString(p[:i])
		plain = plain && plainPath(p[:i])
		name := p[i+1 : i+j]
		if len(args) == 0 {
			return builtURL{}, op.Invalid(strings.TrimSuffix(name, "..."), "path template %s has more parameters than arguments", op.Path)
		}
		arg := args[0]
		args = args[1:]
		segs := []string{arg}
		if strings.HasSuffix(name, "...") {
			name = strings.TrimSuffix(name, "...")
			segs = strings.Split(arg, "/")
		}
		for k, seg := range segs {
			if DotSegment(seg) {
				return builtURL{}, op.Invalid(name, "%q is a dot segment, which a server or proxy resolves as a move in the path", seg)
			}
			if k > 0 {
				b.WriteByte('/')
			}
			esc := url.PathEscape(seg)
			plain = plain && strings.IndexByte(esc, '%') < 0
			b.WriteString(esc)
		}
		p = p[i+j+1:]
	}
	if pathKey != "" {
		esc := url.PathEscape(pathKey)
		plain = plain && strings.IndexByte(esc, '%') < 0
		b.WriteByte('/')
		b.WriteString(esc)
	}
	query := b.Len()
	// Every name and value is escaped: the query holds no control
	// character and no '#', and is the RawQuery parsing finds.
	sep := byte('?')
	for _, q := range queries {
		for i := 0; i+1 < len(q); i += 2 {
			b.WriteByte(sep)
			sep = '&'
			b.WriteString(url.QueryEscape(q[i]))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(q[i+1]))
		}
	}
	return builtURL{raw: b.String(), origin: base.origin, query: query, plain: plain}, nil
}

// newRequest is http.NewRequestWithContext(ctx, method, u.raw, nil),
// without parsing the URL buildURL just wrote where it reads as it stands:
// an http(s) origin whose host has no escape, and a path of characters a
// path never escapes. That is every typed call with plain arguments; any
// other URL (an escape in the path, an IPv6 host) is parsed, so the
// request is always the one parsing makes.
func newRequest(ctx context.Context, method string, u builtURL) (*http.Request, error) {
	if !u.plain {
		return http.NewRequestWithContext(ctx, method, u.raw, nil)
	}
	req, err := http.NewRequestWithContext(ctx, method, "", nil)
	if err != nil {
		return nil, err
	}
	scheme, host, _ := strings.Cut(u.raw[:u.origin], "://")
	host = strings.TrimSuffix(host, ":") // as NewRequestWithContext drops an empty port
	*req.URL = url.URL{Scheme: scheme, Host: host, Path: u.raw[u.origin:u.query]}
	if u.query < len(u.raw) {
		req.URL.RawQuery = u.raw[u.query+1:]
	}
	req.Host = host
	return req, nil
}

// plainHost reports whether parsing leaves host as it is and accepts it: a
// name of letters, digits, '.', '-' and '_', then at most a port of digits.
// An IPv6 literal or anything else is left to the parser.
func plainHost(host string) bool {
	name, port, _ := strings.Cut(host, ":")
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '-', c == '_':
		default:
			return false
		}
	}
	for i := 0; i < len(port); i++ {
		if c := port[i]; c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// plainPath reports whether path is its own escaped form: only characters
// url.URL never escapes in a path, so that Path is path and RawPath empty.
func plainPath(path string) bool {
	for i := 0; i < len(path); i++ {
		switch c := path[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("-_.~$&+,/:;=@", c) >= 0:
		default:
			return false
		}
	}
	return true
}
