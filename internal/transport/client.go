package transport

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// Version is conduit's release, sent in the default User-Agent.
const Version = conduit.Version

// Defaults applied when no option says otherwise.
const (
	DefaultMaxRetries       = 2
	DefaultMaxResponseBytes = 64 << 20
	DefaultMaxRetryWait     = 60 * time.Second
	DefaultIdleTimeout      = 60 * time.Second
	DefaultBodyTimeout      = 5 * time.Minute
)

// Client sends the requests of one interface package. It is safe for
// concurrent use. Nothing in it prints a credential: the secrets live in a
// closure, which fmt, encoding/json and log/slog cannot look into.
type Client struct {
	svc      *Service
	bases    map[string]baseURL // placeholder -> base URL, without a trailing slash
	def      string             // the default placeholder
	settings map[string]string  // settings that are not secret (environment, region)
	vault    func() *vault
	hc       *http.Client
	userHC   *http.Client // the user's WithHTTPClient, for WebSocket handshakes
	rc       *retryablehttp.Client
	ua       []string
	logger   *slog.Logger
	limiter  config.Limiter    // nil: no limit
	tuned    *limits.Tuner     // the limiter, when answers retune it
	buckets  *limits.BucketSet // nil unless the service reports route budgets
	cache    *httpCache        // nil unless WithCache
	defaults *callSettings
}

// vault holds a client's secrets and the redactor that knows every form
// they take on the wire.
type vault struct {
	values map[string]string
	red    *redact.Set
}

// New builds a Client for svc from opts and the CONDUIT_* environment. A
// malformed option, setting or base URL fails here; a missing credential or
// base URL is reported by the first call that needs it, before any I/O, so
// a package with several hosts is usable with only the ones it has.
func New(svc *Service, opts ...conduit.Option) (*Client, error) {
	st := &config.Settings{Level: config.Client, Service: svc.Name}
	apply(st, opts)
	fail := func(field string, err error) (*Client, error) {
		return nil, &conduit.Error{Service: svc.Name, Op: "New", Field: field, Message: err.Error(), Err: conduit.ErrInvalidParam}
	}
	if errs := st.Errs(); len(errs) > 0 {
		return fail("options", errors.Join(errs...))
	}
	c := &Client{svc: svc, bases: map[string]baseURL{}, settings: map[string]string{}, logger: st.Logger}
	v := &vault{values: map[string]string{}, red: &redact.Set{}}
	c.vault = func() *vault { return v }
	if err := c.resolveValues(st, v); err != nil {
		return nil, err
	}
	c.def = svc.Bases[0].Name
	if svc.DefaultBase != nil {
		c.def = svc.DefaultBase(c.Value)
	}
	if err := c.resolveBases(st); err != nil {
		return nil, err
	}
	c.reportUnknownEnv(st.Logger)
	ua := "conduit-go/" + Version
	if st.UserAgent != nil && *st.UserAgent != "" {
		ua = *st.UserAgent
	}
	c.ua = []string{ua}
	switch {
	case st.LimiterSet:
		c.limiter = st.Limiter
	case svc.Limit.N > 0 && svc.Limit.Advertised:
		c.tuned = limits.Tuned(svc.Name, svc.Limit)
		c.limiter = c.tuned
	case svc.Limit.N > 0:
		c.limiter = limits.Shared(svc.Limit)
	}
	switch {
	case svc.Errors.Buckets != nil:
		c.buckets = limits.NewBucketSet(svc.Errors.Buckets, st.Buckets, v.values)
	case st.Buckets != nil:
		return fail("options", fmt.Errorf("conduit.WithBucketStore: %s reports no rate-limit buckets", svc.Name))
	}
	c.cache = newHTTPCache(st.Cache)
	c.defaults = clientDefaults(st)
	c.hc = c.httpClient(st.HTTPClient)
	c.userHC = st.HTTPClient
	c.rc = c.retryClient()
	return c, nil
}

// resolveValues reads every declared value from the options, else from the
// environment, checking settings against their enums and keeping secrets in
// the vault.
func (c *Client) resolveValues(st *config.Settings, v *vault) error {
	for _, d := range c.svc.Values {
		val, ok := st.Values[d.Name]
		if !ok {
			val = os.Getenv(EnvName(c.svc.Name, d.Name))
		}
		if val == "" {
			val = d.Default
		}
		if val == "" {
			continue
		}
		if !d.Secret && strings.ContainsAny(val, "\r\n\x00") {
			// A malformed credential fails the calls that need it, with the
			// same message as a missing one; a setting fails here.
			return &conduit.Error{Service: c.svc.Name, Op: "New", Field: d.Name, Message: "contains a control character", Err: conduit.ErrInvalidParam}
		}
		if len(d.Enum) > 0 {
			canon, ok := oneOf(val, d.Enum)
			if !ok {
				return &conduit.Error{Service: c.svc.Name, Op: "New", Field: d.Name,
					Message: fmt.Sprintf("%.40q is not one of %s (set by %s or %s)", val, strings.Join(d.Enum, ", "), d.Option, EnvName(c.svc.Name, d.Name)),
					Err:     conduit.ErrInvalidParam}
			}
			val = canon
		}
		if d.Secret {
			v.values[d.Name] = val
			v.red.Add(val)
		} else {
			c.settings[d.Name] = val
		}
	}
	if a := c.svc.Auth; a.Scheme == Basic && len(a.Values) == 2 {
		if u, p := v.values[a.Values[0]], v.values[a.Values[1]]; u != "" && p != "" {
			v.red.AddBasic(u, p)
		}
	}
	return nil
}

func oneOf(v string, enum []string) (string, bool) {
	for _, e := range enum {
		if strings.EqualFold(v, e) {
			return e, true
		}
	}
	return "", false
}

// Value returns a setting resolved at New (an environment, a region, a
// cloud name), or "". Secrets are not settings and are never returned.
func (c *Client) Value(name string) string { return c.settings[name] }

// Service returns the service the client was built for.
func (c *Client) Service() *Service { return c.svc }

// Format prints the service's name whatever the verb, so no credential can
// reach a log through a client value.
func (c *Client) Format(f fmt.State, _ rune) { fmt.Fprintf(f, "transport.Client{%s}", c.svc.Name) }

// LogValue keeps log/slog to the same short form.
func (c *Client) LogValue() slog.Value {
	return slog.StringValue("transport.Client{" + c.svc.Name + "}")
}

// sharedTransport is the process-wide connection pool behind every client
// that was not given an *http.Client: one pool means connections to a host
// are reused across clients. Its timeouts keep a call whose context has no
// deadline from hanging forever on a dead server; the idle timeout on
// bodies does the same once the headers are in.
var sharedTransport = &http.Transport{
	Proxy: http.ProxyFromEnvironment,
	DialContext: (&net.Dialer{
		Timeout:   15 * time.Second,
		KeepAlive: 30 * time.Second,
	}).DialContext,
	ForceAttemptHTTP2:     true,
	TLSHandshakeTimeout:   15 * time.Second,
	ResponseHeaderTimeout: 3 * time.Minute,
	ExpectContinueTimeout: time.Second,
	IdleConnTimeout:       90 * time.Second,
	MaxIdleConns:          256,
	MaxIdleConnsPerHost:   64,
}

func (c *Client) httpClient(user *http.Client) *http.Client {
	hc := &http.Client{Transport: &attemptTransport{user: user, limiter: c.limiter}}
	var userRedirect func(*http.Request, []*http.Request) error
	if user != nil {
		hc.Jar, hc.Timeout, userRedirect = user.Jar, user.Timeout, user.CheckRedirect
	}
	hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if err := checkRedirect(req, via); err != nil {
			return err
		}
		if userRedirect != nil {
			return userRedirect(req, via)
		}
		return nil
	}
	return hc
}
