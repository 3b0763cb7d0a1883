package transport

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// placed is where one request's credentials ended up.
type placed struct {
	header  [2]string // name, value
	basic   [2]string // user, password
	query   []string  // name, value
	pathKey string
	body    []string // name, value pairs merged into the JSON body
	ua      string
}

// auth is the scheme of op's requests to base: the operation's own, else
// the base's, else the service's.
func (c *Client) auth(op *Op, base string) *Auth {
	if op.Auth != nil {
		return op.Auth
	}
	if base == "" {
		base = c.def
	}
	if b := c.svc.base(base); b != nil && b.Auth != nil {
		return b.Auth
	}
	return &c.svc.Auth
}

// place resolves the credentials a scheme needs, failing before any I/O with
// an error that says how to supply a missing one.
func (c *Client) place(op *Op, a *Auth) (placed, error) {
	var p placed
	if a.Scheme == None {
		return p, nil
	}
	v := c.vault()
	vals := make([]string, len(a.Values))
	for i, name := range a.Values {
		val, ok := v.values[name]
		if !ok {
			val = c.settings[name]
		}
		if val == "" {
			return p, c.missing(op, name)
		}
		if strings.ContainsAny(val, "\r\n\x00") {
			return p, op.Invalid(name, "contains a control character")
		}
		vals[i] = val
	}
	switch a.Scheme {
	case Bot:
		p.header = [2]string{"Authorization", "Bot " + vals[0]}
	case Bearer:
		p.header = [2]string{"Authorization", "Bearer " + vals[0]}
	case Header:
		p.header = [2]string{http.CanonicalHeaderKey(a.Name), vals[0]}
	case Query:
		p.query = []string{a.Name, vals[0]}
	case PathKey:
		p.pathKey = vals[0]
	case Body:
		p.body = make([]string, 0, 2*len(vals))
		for i, name := range a.Values {
			p.body = append(p.body, name, vals[i])
		}
	case Basic:
		p.basic = [2]string{vals[0], vals[1]}
		p.header[0] = "Authorization"
	case UserAgent:
		if !strings.Contains(vals[0], "@") {
			return p, op.Invalid(a.Values[0], "must name the requester and a contact e-mail address, as in \"Example Corp admin@example.com\"")
		}
		p.ua = vals[0]
	}
	return p, nil
}

func (c *Client) missing(op *Op, name string) error {
	how := EnvName(c.svc.Name, name)
	if d := c.svc.value(name); d != nil && d.Option != "" {
		how = d.Option + " or " + how
	}
	return &conduit.Error{Service: c.svc.Name, Op: op.Name, Endpoint: op.Endpoint(),
		Message: fmt.Sprintf("missing credential %s: set it with %s", name, how), Err: conduit.ErrMissingCredential}
}

// apply sets the credential headers, after the caller's own, so that no
// WithHeader can replace them.
func (p *placed) apply(h http.Header) {
	if p.header[0] != "" && p.header[1] != "" {
		h.Set(p.header[0], p.header[1])
	}
	if p.ua != "" {
		h["User-Agent"] = []string{p.ua}
	}
}
