package conduittest

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// route is one operation served under one base. A path template says more
// than a ServeMux pattern can ("CIK{cik}.json", "{start}..{end}", a
// {name...} before a literal), so the mux pattern keeps the template's
// literal start and takes the rest from its first parameter on as one
// wildcard: operations whose templates part after that share one pattern,
// and re tells them apart and gives back the template's own parameter
// names. (Patterns that went on past a wildcard would clash in the mux
// where a literal of one faces a wildcard of another: CircleCI's
// /project/{slug}/pipeline/{number} and /project/{slug}/{number}/artifacts.)
type route struct {
	pattern string
	op      *transport.Op
	re      *regexp.Regexp // the escaped path: mount, template, key segment
	names   []string       // the template's parameters, in order
	literal int            // characters of the template outside parameters
}

// routesOf are op's routes: one under each base it is served from. An
// operation on the default base of a service whose default depends on a
// setting (an environment, a region) is served under each of its bases;
// a key carried as the last path segment is a wildcard of its own.
func routesOf(svc *transport.Service, op *transport.Op) []route {
	bases := []string{op.Base}
	switch {
	case op.Base != "":
	case svc.DefaultBase != nil:
		bases = nil
		for _, b := range svc.Bases {
			bases = append(bases, b.Name)
		}
	default:
		bases = []string{svc.Bases[0].Name}
	}
	var out []route
	for _, base := range bases {
		rt := compile(op, mount(svc, base), authOf(svc, op, base).Scheme == transport.PathKey)
		out = append(out, rt)
	}
	return out
}

// compile turns op's template under mount into its mux pattern and matcher.
func compile(op *transport.Op, mount string, key bool) route {
	rt := route{op: op}
	var pat, re strings.Builder
	pat.WriteString(op.Method + " " + mount)
	re.WriteString("^" + regexp.QuoteMeta(mount))
	segs := strings.Split(strings.TrimPrefix(op.Path, "/"), "/")
	rest := false // a {name...} took the rest of the mux pattern
	for i, seg := range segs {
		if !rest {
			switch {
			case !strings.Contains(seg, "{"):
				pat.WriteString("/" + seg)
			default:
				pat.WriteString("/{p" + strconv.Itoa(i) + "...}")
				rest = true
			}
		}
		re.WriteString("/")
		rt.literal++
		for seg != "" {
			open := strings.IndexByte(seg, '{')
			end := strings.IndexByte(seg, '}')
			if open < 0 || end < open {
				re.WriteString(regexp.QuoteMeta(seg))
				rt.literal += len(seg)
				break
			}
			re.WriteString(regexp.QuoteMeta(seg[:open]))
			rt.literal += open
			name, many := strings.CutSuffix(seg[open+1:end], "...")
			rt.names = append(rt.names, name)
			if many {
				re.WriteString("(.+)")
			} else {
				re.WriteString("([^/]+)")
			}
			seg = seg[end+1:]
		}
	}
	if key {
		if !rest {
			pat.WriteString("/{conduittest_key}")
		}
		re.WriteString("/[^/]+")
	}
	re.WriteString("$")
	rt.pattern = pat.String()
	rt.re = regexp.MustCompile(re.String())
	return rt
}

// choose finds the operation a request is for among those sharing its
// pattern: the most specific template that matches its path, then, between
// templates alike, the fake's which; nil when no template matches. It
// sets the template's parameters as the request's path values.
func choose(routes []route, f *fake, r *http.Request, body []byte) *transport.Op {
	path := r.URL.EscapedPath()
	var best []route
	var match []string
	for _, rt := range routes {
		m := rt.re.FindStringSubmatch(path)
		switch {
		case m == nil:
		case len(best) == 0 || rt.literal > best[0].literal:
			best, match = []route{rt}, m
		case rt.literal == best[0].literal:
			best = append(best, rt)
		}
	}
	if len(best) == 0 {
		return nil
	}
	for i, name := range best[0].names {
		v, err := url.PathUnescape(match[i+1])
		if err != nil {
			v = match[i+1]
		}
		r.SetPathValue(name, v)
	}
	op := best[0].op
	if len(best) > 1 && f.which != nil {
		name := f.which(r, body)
		for _, rt := range best {
			if rt.op.Name == name {
				op = rt.op
			}
		}
	}
	return op
}
