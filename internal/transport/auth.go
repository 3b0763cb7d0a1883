package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
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

// place resolves the credentials a scheme needs, failing before any I/O with
// an error that says how to supply a missing one.
func (c *Client) place(op string, a *Auth) (placed, error) {
	var p placed
	if a.Scheme == None {
		return p, nil
	}
	vals := make([]string, len(a.Values))
	for i, name := range a.Values {
		v := c.values[name]
		if v == "" {
			return p, c.missing(op, name)
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			return p, c.InvalidParam(op, name, "contains a control character")
		}
		vals[i] = v
	}
	switch a.Scheme {
	case Bot:
		p.header = [2]string{"Authorization", "Bot " + vals[0]}
	case Bearer:
		p.header = [2]string{"Authorization", "Bearer " + vals[0]}
	case Header:
		p.header = [2]string{a.Name, vals[0]}
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
	case UserAgent:
		if !strings.Contains(vals[0], "@") {
			return p, c.InvalidParam(op, a.Values[0], "must name the requester and a contact e-mail address, as in \"Example Corp admin@example.com\"")
		}
		p.ua = vals[0]
	}
	return p, nil
}

func (c *Client) missing(op, name string) *Error {
	how := EnvName(c.svc.Name, name)
	for _, v := range c.svc.Values {
		if v.Name == name && v.Option != "" {
			how = v.Option + " or " + how
		}
	}
	return &Error{Service: c.svc.Name, Op: op, Message: fmt.Sprintf("missing credential %s: set it with %s", name, how), Err: ErrMissingCredential}
}

func (p *placed) apply(h http.Header) {
	if p.header[0] != "" {
		h.Set(p.header[0], p.header[1])
	}
	if p.ua != "" {
		h.Set("User-Agent", p.ua)
	}
}

// mergeBody adds body credentials as the first members of a JSON object.
func mergeBody(body []byte, fields []string) ([]byte, error) {
	body = bytes.TrimSpace(body)
	if len(fields) == 0 {
		return body, nil
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("body credentials need a JSON object body")
	}
	var b bytes.Buffer
	b.Grow(len(body) + 64)
	b.WriteByte('{')
	for i := 0; i < len(fields); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(fields[i])
		v, _ := json.Marshal(fields[i+1])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	rest := bytes.TrimSpace(body[1:])
	if len(rest) > 0 && rest[0] != '}' {
		b.WriteByte(',')
	}
	b.Write(rest)
	return b.Bytes(), nil
}
