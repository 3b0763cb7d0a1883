package transport

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// doName is the operation name of Do's calls, the only ones WithBase may
// move to another base URL.
const doName = "Do"

// Do calls any path of the service, for endpoints its package does not
// type: the same base URLs, credential placement, limits, redirect rules,
// redaction and error profile as the typed methods. path is relative to
// the base ("/v1/things/42?expand=all"); its segments are sent as written,
// but "." and ".." segments are refused, percent-encoded ones too. in,
// when not nil, is sent as JSON; a 2xx answer is decoded into out (a
// pointer, or nil to discard it), filling any conduit.Raw in it. A method other than GET, HEAD or OPTIONS
// is a write: retried only when provably unsent or rate limited, unless
// the call carries conduit.WithIdempotent.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts []conduit.Option) error {
	op := &Op{Service: c.svc, Name: doName, Method: strings.ToUpper(method), Write: isWrite(strings.ToUpper(method))}
	if method == "" || strings.ContainsAny(method, " \t\r\n") {
		return op.Invalid("method", "%.20q is not an HTTP method", method)
	}
	p, q, err := splitPath(op, path)
	if err != nil {
		return err
	}
	op.Path = p
	if out != nil {
		if v := reflect.ValueOf(out); v.Kind() != reflect.Pointer || v.IsNil() {
			return op.Invalid("out", "want a non-nil pointer to decode into, got %T", out)
		}
	}
	call := &Call{Query: q, Body: in}
	if out == nil {
		return c.exchange(ctx, op, call, opts, discard{})
	}
	return c.exchange(ctx, op, call, opts, anyResult{out})
}

// splitPath checks a literal path and separates its query.
func splitPath(op *Op, path string) (string, []string, error) {
	p, rawQuery, _ := strings.Cut(path, "?")
	if !strings.HasPrefix(p, "/") {
		return "", nil, op.Invalid("path", "%.60q must start with /", path)
	}
	if strings.ContainsAny(p, "{}") || strings.ContainsFunc(path, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '#' }) {
		return "", nil, op.Invalid("path", "%.60q holds a character that cannot stand in a path", path)
	}
	for _, seg := range strings.Split(p, "/") {
		if _, err := url.PathUnescape(seg); err != nil || DotSegment(seg) {
			return "", nil, op.Invalid("path", "%.60q has a dot segment or a malformed escape", path)
		}
	}
	var q []string
	if rawQuery != "" {
		vals, err := url.ParseQuery(rawQuery)
		if err != nil {
			return "", nil, op.Invalid("path", "the query of %.60q is malformed", path)
		}
		for _, kv := range strings.Split(rawQuery, "&") {
			k, _, _ := strings.Cut(kv, "=")
			name, _ := url.QueryUnescape(k)
			if vs, ok := vals[name]; ok {
				for _, v := range vs {
					q = append(q, name, v)
				}
				delete(vals, name)
			}
		}
	}
	return p, q, nil
}

// anyResult decodes a 2xx answer into whatever the caller passed.
type anyResult struct{ out any }

func (r anyResult) accept(x *exchange, resp *http.Response) error {
	body, err := x.readJSON(resp)
	if err != nil {
		return err
	}
	if err := decodeInto(body, r.out); err != nil {
		return x.decodeError(body, resp, err)
	}
	return nil
}
