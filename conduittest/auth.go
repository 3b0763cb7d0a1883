package conduittest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// authOf is the scheme of op's requests to base, as the core picks it.
func authOf(svc *transport.Service, op *transport.Op, base string) *transport.Auth {
	if op.Auth != nil {
		return op.Auth
	}
	if base == "" {
		base = op.Base
	}
	for _, b := range svc.Bases {
		if b.Name == base && b.Auth != nil {
			return b.Auth
		}
	}
	return &svc.Auth
}

// place is where one credential must be, and the name under which it goes.
type place struct {
	cred   string // the credential's name
	where  string // "header", "query", "path", "body", "basic-user", "basic-password", "user-agent"
	name   string // header, query or body member name
	prefix string // "Bearer ", "Bot "
}

func places(a *transport.Auth) []place {
	v := a.Values
	switch a.Scheme {
	case transport.Bot:
		return []place{{v[0], "header", "Authorization", "Bot "}}
	case transport.Bearer:
		return []place{{v[0], "header", "Authorization", "Bearer "}}
	case transport.Header:
		return []place{{v[0], "header", http.CanonicalHeaderKey(a.Name), ""}}
	case transport.Query:
		return []place{{v[0], "query", a.Name, ""}}
	case transport.PathKey:
		return []place{{v[0], "path", "", ""}}
	case transport.Body:
		var out []place
		for _, name := range v {
			out = append(out, place{name, "body", name, ""})
		}
		return out
	case transport.Basic:
		return []place{{v[0], "basic-user", "Authorization", ""}, {v[1], "basic-password", "Authorization", ""}}
	case transport.UserAgent:
		return []place{{v[0], "user-agent", "User-Agent", ""}}
	}
	return nil
}

// checkAuth says why a request's credentials are wrong, or "": each must be
// exactly where the service's documentation puts it, and no credential of
// the package may appear anywhere else.
func checkAuth(svc *transport.Service, op *transport.Op, r *http.Request, body []byte) string {
	want := places(authOf(svc, op, baseOf(svc, op, r)))
	for _, p := range want {
		if why := present(svc.Name, p, r, body); why != "" {
			return why
		}
	}
	if _, _, ok := r.BasicAuth(); ok && !hasBasic(want) {
		return "an Authorization: Basic header where the service takes none"
	}
	for _, v := range svc.Values {
		cred, ok := credential(svc.Name, v.Name)
		if !ok || !v.Secret {
			continue
		}
		if where := misplaced(cred, allowed(want, v.Name), r, body); where != "" {
			return fmt.Sprintf("credential %s misplaced in %s", v.Name, where)
		}
	}
	return ""
}

// baseOf finds which base a request came in under.
func baseOf(svc *transport.Service, op *transport.Op, r *http.Request) string {
	for _, b := range svc.Bases {
		if strings.HasPrefix(r.URL.Path, mount(svc, b.Name)+"/") || r.URL.Path == mount(svc, b.Name) {
			return b.Name
		}
	}
	return op.Base
}

// present checks one credential in its place.
func present(pkg string, p place, r *http.Request, body []byte) string {
	want, _ := credential(pkg, p.cred)
	var got string
	switch p.where {
	case "header":
		if v := r.Header.Get(p.name); strings.HasPrefix(v, p.prefix) {
			got = strings.TrimPrefix(v, p.prefix)
		}
	case "query":
		got = r.URL.Query().Get(p.name)
	case "path":
		got = r.PathValue("conduittest_key")
	case "body":
		got = jsonString(body, p.name)
		if got == "" {
			got = formString(r, body, p.name)
		}
	case "basic-user", "basic-password":
		u, pw, _ := r.BasicAuth()
		got = u
		if p.where == "basic-password" {
			got = pw
		}
	case "user-agent":
		// Like the real service, any contact is accepted that names the
		// requester and gives an e-mail address.
		if !contact(r.UserAgent()) {
			return "the User-Agent must name the requester and a contact e-mail address, as in \"Sample Company Name AdminContact@example.com\""
		}
		return ""
	}
	switch {
	case got == "":
		return fmt.Sprintf("missing credential %s: expected in %s", p.cred, p.describe())
	case got != want:
		return fmt.Sprintf("wrong credential %s in %s", p.cred, p.describe())
	}
	return ""
}

var email = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// contact reports whether ua names a requester and an e-mail address.
func contact(ua string) bool {
	f := strings.Fields(ua)
	return len(f) >= 2 && slices.ContainsFunc(f, email.MatchString)
}

func (p place) describe() string {
	switch p.where {
	case "header":
		return "header " + p.name
	case "query":
		return "query parameter " + p.name
	case "path":
		return "the last path segment"
	case "body":
		return "body member " + p.name
	}
	return "HTTP Basic auth"
}

func hasBasic(ps []place) bool {
	for _, p := range ps {
		if strings.HasPrefix(p.where, "basic") {
			return true
		}
	}
	return false
}

// allowed lists where credential name may be.
func allowed(ps []place, name string) map[string]bool {
	out := map[string]bool{}
	for _, p := range ps {
		if p.cred == name {
			out[p.where] = true
			out["header:"+p.name] = p.where == "header" || strings.HasPrefix(p.where, "basic")
		}
	}
	return out
}

// misplaced returns where a credential appears outside its places, or "".
func misplaced(cred string, ok map[string]bool, r *http.Request, body []byte) string {
	basic := base64.StdEncoding.EncodeToString([]byte(cred))
	for name, vals := range r.Header {
		if ok["header:"+name] {
			continue
		}
		for _, v := range vals {
			if strings.Contains(v, cred) || strings.Contains(v, basic) {
				return "header " + name
			}
		}
	}
	switch {
	case !ok["query"] && strings.Contains(r.URL.RawQuery, cred):
		return "the query"
	case !ok["path"] && strings.Contains(r.URL.Path, cred):
		return "the path"
	case !ok["body"] && bytes.Contains(body, []byte(cred)):
		return "the body"
	}
	return ""
}

// formString is the text part name of a multipart/form-data body (a signed
// Cloudinary upload carries its api_key so), or "".
func formString(r *http.Request, body []byte, name string) string {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return ""
	}
	form, err := multipart.NewReader(bytes.NewReader(body), params["boundary"]).ReadForm(32 << 20)
	if err != nil {
		return ""
	}
	defer form.RemoveAll()
	if v := form.Value[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}
