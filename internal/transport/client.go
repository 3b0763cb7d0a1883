package transport

import (
	"errors"
	"fmt"
	"github.com/hashicorp/go-retryablehttp"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// Client sends the requests of one interface package. It is safe for
// concurrent use.
type Client struct {
	svc      *Service
	bases    map[string]string // placeholder -> base URL without trailing slash
	def      string            // default placeholder
	values   map[string]string
	hc       *http.Client
	rc       *retryablehttp.Client
	red      *redactor
	ua       string
	uaHeader []string
	logger   *slog.Logger
	maxBytes int64
	retry    retryPolicy
}

// New builds a Client for svc. Base URLs and named values come from opts,
// else from the environment; a missing one is reported by the first request
// that needs it, before any I/O, so a package with several hosts is usable
// with only the ones it has.
func New(svc *Service, opts ...Option) (*Client, error) {
	cfg := newConfig()
	for _, o := range opts {
		if o != nil {
			o(cfg)
		}
	}
	if len(cfg.errs) > 0 {
		return nil, &Error{Service: svc.Name, Op: "New", Message: errors.Join(cfg.errs...).Error(), Err: ErrInvalidParam}
	}
	c := &Client{
		svc:      svc,
		bases:    make(map[string]string, len(svc.Bases)),
		values:   make(map[string]string, len(svc.Values)),
		red:      &redactor{},
		ua:       cfg.userAgent,
		logger:   cfg.logger,
		maxBytes: cfg.maxBytes,
		retry: retryPolicy{
			max:        cfg.maxRetries,
			maxWait:    cfg.maxWait,
			minBackoff: cfg.minBackoff,
			maxBackoff: cfg.maxBackoff,
		},
	}
	if c.ua == "" {
		c.ua = "conduit-go/" + Version
	}
	c.uaHeader = []string{c.ua}
	for _, v := range svc.Values {
		val, ok := cfg.values[v.Name]
		if !ok {
			val = os.Getenv(EnvName(svc.Name, v.Name))
		}
		if val == "" {
			continue
		}
		c.values[v.Name] = val
		if v.Secret {
			c.red.add(val)
		}
	}
	if a := svc.Auth; a.Scheme == Basic && len(a.Values) == 2 {
		if u, p := c.values[a.Values[0]], c.values[a.Values[1]]; u != "" && p != "" {
			c.red.addBasic(u, p)
		}
	}
	c.def = svc.Bases[0]
	if svc.DefaultBase != nil {
		c.def = svc.DefaultBase(c.Value)
	}
	for _, name := range svc.Bases {
		u, ok := cfg.bases[name]
		if !ok && name == c.def {
			u, ok = cfg.bases[""]
		}
		if !ok {
			u = os.Getenv(EnvName("", name))
		}
		if u == "" {
			continue
		}
		pu, err := url.Parse(u)
		if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" || pu.RawQuery != "" || pu.Fragment != "" {
			return nil, &Error{Service: svc.Name, Op: "New", Field: name, Message: fmt.Sprintf("base URL %q is not an absolute http(s) URL without query or fragment", c.red.string(u)), Err: ErrInvalidParam}
		}
		c.bases[name] = strings.TrimRight(u, "/")
		limit := svc.Limit
		if cfg.limit != nil {
			limit = *cfg.limit
		}
		if limit.N > 0 {
			registerLimit(pu.Host, limit)
		}
	}
	c.hc = c.httpClient(cfg.httpClient)
	c.rc = c.retryClient()
	return c, nil
}

// EnvName is the environment variable of a named value of a service
// (CONDUIT_INFERENCE_API_KEY), or of a placeholder when service is empty
// (CONDUIT_SUN_URL).
func EnvName(service, name string) string {
	if service == "" {
		return "CONDUIT_" + strings.ToUpper(name)
	}
	return "CONDUIT_" + strings.ToUpper(service) + "_" + strings.ToUpper(name)
}

// Value returns a named value resolved at New, or "".
func (c *Client) Value(name string) string { return c.values[name] }

// Service returns the package's name, for errors built by the package.
func (c *Client) Service() string { return c.svc.Name }

// InvalidParam builds this service's ErrInvalidParam error for op.
func (c *Client) InvalidParam(op, field, format string, args ...any) *Error {
	return InvalidParam(c.svc.Name, op, field, format, args...)
}

// sharedTransport is the process-wide connection pool behind every client
// that was not given an *http.Client: one pool means connections to a host
// are reused across clients. Its timeouts keep a call whose context has no
// deadline from hanging forever on a dead server.
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
	hc := &http.Client{Transport: &attemptTransport{user: user}}
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
