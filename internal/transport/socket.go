package transport

import (
	"crypto/tls"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
)

// Socket returns what a push channel's connection named name ("Gateway",
// "Subscribe") dials with: raw resolved (an absolute ws, wss, http or https
// URL as is, a path against the client's default base), with http and
// https turned into ws and wss; the client's User-Agent and HTTP client;
// and a Fail that makes every error of the connection the client's
// *conduit.Error, credentials (the client's and secrets) removed from its
// URL, path and query included, and from every message. Plain ws is
// refused to any host but loopback, where a credential would travel in
// clear text.
func (c *Client) Socket(name, raw string, secrets ...string) (socket.Config, error) {
	red := c.vault().red.With(secrets)
	op := &Op{Name: name, Method: "GET", Path: "(WebSocket)"}
	fail := func(u string) func(error) error {
		return func(err error) error {
			var ce *socket.CloseError
			if errors.As(err, &ce) {
				// The close's reason is the server's text, which may echo a
				// credential; the code and its meaning stay reachable.
				err = &socket.CloseError{Code: ce.Code, Reason: red.Text(ce.Reason), Kind: ce.Kind}
			}
			e := &conduit.Error{Service: c.svc.Name, Op: name, Endpoint: op.Endpoint(), URL: red.Text(u), Err: red.Err(err)}
			var he *socket.HandshakeError
			if errors.As(err, &he) {
				e.StatusCode = he.StatusCode
			}
			return e
		}
	}
	if !strings.Contains(raw, "://") {
		b, err := c.base(op, "")
		if err != nil {
			return socket.Config{}, err
		}
		raw = b.url + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return socket.Config{}, fail("")(&url.Error{Op: "parse", URL: red.Text(raw), Err: errors.New("not an absolute URL")})
	}
	switch u.Scheme {
	case "http", "ws":
		u.Scheme = "ws"
	case "https", "wss":
		u.Scheme = "wss"
	default:
		return socket.Config{}, fail(u.String())(errors.New("a WebSocket URL is ws:// or wss://"))
	}
	if u.Scheme == "ws" && !isLoopback(u.Hostname()) {
		return socket.Config{}, fail(u.String())(errors.New("plain ws:// to a host other than loopback would carry credentials in clear text; use wss://"))
	}
	h := http.Header{}
	h.Set("User-Agent", c.ua[0])
	return socket.Config{URL: u.String(), Header: h, HTTPClient: c.socketClient(), Fail: fail(u.String())}, nil
}

// socketClient is the HTTP client of WebSocket handshakes: the user's, or
// one on a clone of the shared pool's settings that speaks HTTP/1.1 only,
// since an upgrade cannot travel over HTTP/2.
func (c *Client) socketClient() *http.Client {
	if c.userHC != nil {
		return c.userHC
	}
	return socketHC()
}

var socketHC = sync.OnceValue(func() *http.Client {
	t := sharedTransport.Clone()
	t.ForceAttemptHTTP2 = false
	t.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
	return &http.Client{Transport: t}
})
