// Package redact removes credentials from everything a client shows: errors,
// bodies, header names and values, log lines and rate-limit names. A
// server or proxy echoes a secret in many spellings (escaped once or twice,
// inside JSON, in a Basic header), so a Set knows each secret in every one
// of them. It stands alone so that the one rule "no secret under any verb,
// log line, error, header or encoding" is read in one place.
package redact

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"reflect"
	"sort"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// Redacted replaces every credential value in errors, bodies and logs.
const Redacted = "[REDACTED]"

// Set knows every secret of a client, in each form a server or proxy
// plausibly echoes it in (see encodings), and inside a Basic header. The
// zero Set hides nothing.
type Set struct{ secrets []string }

// Add makes r hide each of secrets, in every form it is echoed in; an
// empty one is no secret.
func (r *Set) Add(secrets ...string) {
	for _, s := range secrets {
		if s == "" {
			continue
		}
		r.secrets = appendUnique(r.secrets, encodings(s)...)
	}
	// Longest first, so a secret that contains another is replaced whole.
	sort.Slice(r.secrets, func(i, j int) bool { return len(r.secrets[i]) > len(r.secrets[j]) })
}

// AddBasic hides a user and password and the Basic credential built of
// them, which a server echoes as one base64 word.
func (r *Set) AddBasic(user, pass string) {
	r.Add(user, pass, base64.StdEncoding.EncodeToString([]byte(user+":"+pass)))
}

// encodings lists s as it comes back when echoed: as given; escaped once
// as a server or proxy writes it (see escapedForms); each of those escaped
// once more, for a query or a path whichever the first was, which is what
// a proxy that escapes an already escaped URL sends and what a server that
// puts a query value into a path writes; and as a JSON string's contents,
// with / as is or as \/, and \u escapes in either case.
func encodings(s string) []string {
	forms := []string{s}
	seen := map[string]bool{s: true}
	add := func(fs []string) {
		for _, f := range fs {
			if !seen[f] {
				seen[f] = true
				forms = append(forms, f)
			}
		}
	}
	add(escapedForms(s))
	once := len(forms)
	for _, f := range forms[1:once] {
		add(escapedForms(f))
	}
	j := JSONEscaped(s)
	add([]string{j, strings.ReplaceAll(j, "/", `\/`), upperUnicode(j)})
	return forms
}

// escapedForms lists s escaped once, in every spelling a server derives
// from it: query-escaped (a space as + or %20) and path-escaped (a space as
// %20 or +), each with its hex digits in upper or lower case.
func escapedForms(s string) []string {
	q, p := url.QueryEscape(s), url.PathEscape(s)
	forms := []string{q, strings.ReplaceAll(q, "+", "%20"), p, strings.ReplaceAll(p, "%20", "+")}
	for _, f := range forms[:4] {
		forms = append(forms, lowerHex(f))
	}
	return forms
}

// lowerHex rewrites the hex digits of every %XX escape in s in lower case.
func lowerHex(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = lowerASCII(b[i+1]), lowerASCII(b[i+2])
			i += 2
		}
	}
	return string(b)
}

// upperUnicode rewrites the hex digits of every \uXXXX escape in s in upper
// case, as encoders other than Go's write them.
func upperUnicode(s string) string {
	b := []byte(s)
	for i := 0; i+5 < len(b); i++ {
		if b[i] == '\\' && b[i+1] == 'u' {
			for k := i + 2; k < i+6; k++ {
				if b[k] >= 'a' && b[k] <= 'f' {
					b[k] -= 'a' - 'A'
				}
			}
			i += 5
		} else if b[i] == '\\' {
			i++
		}
	}
	return string(b)
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func appendUnique(list []string, items ...string) []string {
outer:
	for _, it := range items {
		for _, have := range list {
			if have == it {
				continue outer
			}
		}
		list = append(list, it)
	}
	return list
}

// With returns a Set that also hides per-request secrets, leaving r as it
// is; with none it is r itself, so a call without secrets allocates nothing.
func (r *Set) With(extra []string) *Set {
	if len(extra) == 0 {
		return r
	}
	n := &Set{secrets: append([]string(nil), r.secrets...)}
	n.Add(extra...)
	return n
}

// Text returns s with every secret replaced by Redacted.
func (r *Set) Text(s string) string {
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, Redacted)
		}
	}
	return s
}

// Name redacts a header name, in which net/http has changed the case of a
// credential it echoes ("x-echo-abc" arrives as "X-Echo-Abc"): secrets
// are matched whatever their case. Names are ASCII, so lower-casing keeps
// every index.
func (r *Set) Name(s string) string {
	lower := strings.ToLower(s)
	for _, sec := range r.secrets {
		ls := strings.ToLower(sec)
		if len(ls) != len(sec) {
			continue
		}
		for from := 0; ; {
			i := strings.Index(lower[from:], ls)
			if i < 0 {
				break
			}
			i += from
			s = s[:i] + Redacted + s[i+len(ls):]
			lower = lower[:i] + Redacted + lower[i+len(ls):]
			from = i + len(Redacted)
		}
	}
	return s
}

// Bytes is Text for a body; with no secret known it returns b itself.
func (r *Set) Bytes(b []byte) []byte {
	if len(r.secrets) == 0 {
		return b
	}
	return []byte(r.Text(string(b)))
}

// Err rewrites err so that printing it, or anything it wraps that a caller
// can reach with errors.As, shows no secret. A *url.Error keeps its type (so
// net.Error checks and errors.Is(context.DeadlineExceeded) still work) with
// its URL redacted; anything else whose text holds a secret becomes an opaque
// error that still unwraps to the original's well-known causes.
func (r *Set) Err(err error) error {
	if err == nil {
		return nil
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return &url.Error{Op: ue.Op, URL: r.Text(ue.URL), Err: r.Err(ue.Err)}
	}
	msg := err.Error()
	if red := r.Text(msg); red != msg {
		return &redactedError{msg: red, cause: knownCause(err)}
	}
	return err
}

type redactedError struct {
	msg   string
	cause error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.cause }

// knownCause keeps the causes callers test for with errors.Is when the
// error around them had to be replaced.
func knownCause(err error) error {
	for _, c := range []error{context.DeadlineExceeded, context.Canceled, io.ErrUnexpectedEOF, io.EOF} {
		if errors.Is(err, c) {
			return c
		}
	}
	return nil
}

// JSONEscaped is s as encoding/json writes it inside a string, without the
// quotes.
func JSONEscaped(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// Detail returns typed details with every credential removed: when a
// secret occurs anywhere in their JSON form, they are rebuilt from that form
// redacted, so the type survives for errors.As and the secret does not.
func (r *Set) Detail(err error) error {
	if err == nil || len(r.secrets) == 0 {
		return err
	}
	b, jerr := json.Marshal(err)
	if jerr != nil {
		return r.Err(err)
	}
	red := r.Bytes(b)
	if string(red) == string(b) && r.Text(err.Error()) == err.Error() {
		return err
	}
	t := reflect.TypeOf(err)
	var fresh reflect.Value
	if t.Kind() == reflect.Pointer {
		fresh = reflect.New(t.Elem())
	} else {
		fresh = reflect.New(t)
	}
	if json.Unmarshal(red, fresh.Interface()) != nil {
		return &redactedError{msg: r.Text(err.Error())}
	}
	if t.Kind() != reflect.Pointer {
		fresh = fresh.Elem()
	}
	if d, ok := fresh.Interface().(error); ok && r.Text(d.Error()) == d.Error() {
		return d
	}
	return &redactedError{msg: r.Text(err.Error())}
}

// RateLimit returns rl with its header-derived names redacted: a gateway
// that echoes a header can put a credential into a bucket's name.
func (r *Set) RateLimit(rl *conduit.RateLimit) *conduit.RateLimit {
	if rl == nil {
		return nil
	}
	out := *rl
	out.Bucket, out.Scope = r.Text(rl.Bucket), r.Text(rl.Scope)
	return &out
}
