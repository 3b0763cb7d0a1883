package transport

import (
	"net/url"
	"strings"
)

// buildURL joins base, op's path template filled with args, the path key and
// the query pairs. A "." or ".." argument is refused: RFC 3986 makes %2E%2E
// equal to "..", so a normalising proxy would send the request to another
// endpoint. The result may hold credentials; errors and logs use
// redactor.string of it.
func buildURL(base string, op *Op, args []string, pathKey string, queries ...[]string) (string, error) {
	var b strings.Builder
	b.Grow(len(base) + len(op.Path) + 64)
	b.WriteString(base)
	p := op.Path
	for {
		i := strings.IndexByte(p, '{')
		j := strings.IndexByte(p[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(p)
			break
		}
		b.WriteString(p[:i])
		name := p[i+1 : i+j]
		if len(args) == 0 {
			return "", op.Invalid(strings.TrimSuffix(name, "..."), "path template %s has more parameters than arguments", op.Path)
		}
		arg := args[0]
		args = args[1:]
		segs := []string{arg}
		if strings.HasSuffix(name, "...") {
			name = strings.TrimSuffix(name, "...")
			segs = strings.Split(arg, "/")
		}
		for k, seg := range segs {
			if seg == "." || seg == ".." {
				return "", op.Invalid(name, "%q is a dot segment, which a server or proxy resolves as a move in the path", seg)
			}
			if k > 0 {
				b.WriteByte('/')
			}
			b.WriteString(url.PathEscape(seg))
		}
		p = p[i+j+1:]
	}
	if pathKey != "" {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(pathKey))
	}
	sep := byte('?')
	if strings.IndexByte(base, '?') >= 0 {
		sep = '&'
	}
	for _, q := range queries {
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
