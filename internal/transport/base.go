package transport

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

// resolveBases reads every declared base URL from the options, else from
// CONDUIT_<SERVICE>_<PLACEHOLDER>, else (for a service of one base) from
// CONDUIT_<SERVICE>_URL, else from the name older releases used,
// CONDUIT_<PLACEHOLDER>, else from the base's default, the real service's
// address; and normalises each.
func (c *Client) resolveBases(st *config.Settings) error {
	for i := range c.svc.Bases {
		b := &c.svc.Bases[i]
		u, ok := st.Bases[b.Name]
		if !ok && b.Name == c.def {
			u, ok = st.Bases[""]
		}
		if !ok {
			u = os.Getenv(EnvName(c.svc.Name, b.Name))
		}
		if u == "" && !ok && len(c.svc.Bases) == 1 {
			u = os.Getenv(URLEnvName(c.svc.Name))
		}
		if u == "" && !ok {
			u = os.Getenv("CONDUIT_" + strings.ToUpper(b.Name))
		}
		if u == "" && !ok {
			u = c.fill(b.Default)
		}
		if u == "" {
			continue
		}
		norm, err := c.normalizeBase(b, u, st.InsecureHTTP)
		if err != nil {
			return &conduit.Error{Service: c.svc.Name, Op: "New", Field: b.Name, Message: err.Error(), Err: conduit.ErrInvalidParam}
		}
		c.bases[b.Name] = newBaseURL(norm)
	}
	return nil
}

// fill replaces each {name} in a default with the setting of that name.
func (c *Client) fill(s string) string {
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			return s
		}
		s = s[:i] + c.settings[s[i+1:i+j]] + s[i+j+1:]
	}
}

// normalizeBase checks a base URL and puts its version segment where the
// operations expect it: added when the spec ends the base with it and the
// URL lacks it, removed when the paths start with it and the URL ends with
// it. Users paste bases with and without version segments; either works.
func (c *Client) normalizeBase(b *Base, raw string, insecure bool) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("base URL %.80q is not an absolute http(s) URL", c.vault().red.Text(raw))
	}
	if u.User != nil {
		return "", fmt.Errorf("base URL must not carry user information; set credentials with %s's options", c.svc.Name)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return "", fmt.Errorf("base URL %.80q must not have a query or a fragment", c.vault().red.Text(raw))
	}
	if u.Scheme == "http" && !insecure && c.carriesSecrets() && !isLoopback(u.Hostname()) {
		return "", fmt.Errorf("base URL %s is plain http on a host other than loopback: %s's credentials would travel in clear text; use https, or conduit.WithInsecureHTTP() to accept that", u.Redacted(), c.svc.Name)
	}
	path := strings.TrimRight(u.EscapedPath(), "/")
	last := path[strings.LastIndexByte(path, '/')+1:]
	switch {
	case b.Version != "" && !strings.EqualFold(last, b.Version) && !isVersion(last):
		path += "/" + b.Version
	case b.PathVersion != "" && strings.EqualFold(last, b.PathVersion):
		path = path[:len(path)-len(last)-1]
	}
	return u.Scheme + "://" + u.Host + path, nil
}

// isVersion reports whether a path segment names an API version ("v1",
// "v0.1", "v1_1"), so a base that carries a version other than the one the
// spec names is left alone.
func isVersion(seg string) bool {
	if len(seg) < 2 || (seg[0] != 'v' && seg[0] != 'V') {
		return false
	}
	for i := 1; i < len(seg); i++ {
		if c := seg[i]; (c < '0' || c > '9') && c != '.' && c != '_' {
			return false
		}
	}
	return seg[1] >= '0' && seg[1] <= '9'
}

// carriesSecrets reports whether any request of the service may carry a
// credential: then its bases must not be plain http across a network.
func (c *Client) carriesSecrets() bool {
	for _, v := range c.svc.Values {
		if v.Secret {
			return true
		}
	}
	for _, op := range c.svc.Ops() {
		if op.Auth != nil && op.Auth.credentialed() {
			return true
		}
	}
	return false
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// base returns the base URL of placeholder name ("" for the default).
func (c *Client) base(op *Op, name string) (baseURL, error) {
	if name == "" {
		name = c.def
	}
	if u, ok := c.bases[name]; ok {
		return u, nil
	}
	how := "conduit.WithBaseURL"
	if d := c.svc.base(name); d != nil && d.Option != "" {
		how = d.Option
	} else if d == nil {
		return baseURL{}, &conduit.Error{Service: c.svc.Name, Op: op.Name, Field: "base",
			Message: fmt.Sprintf("%s has no base URL placeholder %q", c.svc.Name, name), Err: conduit.ErrInvalidParam}
	}
	msg := fmt.Sprintf("missing base URL %s: set it with %s or %s", name, how, EnvName(c.svc.Name, name))
	if d := c.svc.base(name); d.NoDefault != "" {
		msg += "; it has no default: " + d.NoDefault
	}
	return baseURL{}, &conduit.Error{Service: c.svc.Name, Op: op.Name, Endpoint: op.Endpoint(), Message: msg, Err: conduit.ErrMissingBaseURL}
}
