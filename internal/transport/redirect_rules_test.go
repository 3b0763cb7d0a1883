package transport

import (
	"bufio"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// dualServer answers https and plain http on one port, so that a redirect
// can change the scheme and nothing else: https://127.0.0.1:p/ and
// http://127.0.0.1:p/ have the same host and port.
type dualServer struct {
	host   string       // 127.0.0.1:port
	client *http.Client // trusts the server's certificate
	other  *httptest.Server
	tls    atomic.Int32 // requests that arrived over TLS
	plain  atomic.Int32 // requests that arrived in clear text
}

// newDualServer serves h on both schemes. other is a second https server,
// on another port, that answers {"ok":true}.
func newDualServer(t *testing.T, h func(d *dualServer, w http.ResponseWriter, r *http.Request)) *dualServer {
	t.Helper()
	d := &dualServer{}
	d.other = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(d.other.Close)
	d.client = d.other.Client()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	d.host = l.Addr().String()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil {
			d.tls.Add(1)
		} else {
			d.plain.Add(1)
		}
		h(d, w, r)
	})}
	go srv.Serve(&sniffListener{Listener: l, cfg: d.other.TLS})
	t.Cleanup(func() { srv.Close() })
	return d
}

func (d *dualServer) url(scheme, path string) string { return scheme + "://" + d.host + path }

// sniffListener hands a connection that opens with a TLS handshake to
// crypto/tls and any other as it is.
type sniffListener struct {
	net.Listener
	cfg *tls.Config
}

func (l *sniffListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		br := bufio.NewReader(c)
		first, err := br.Peek(1)
		c.SetReadDeadline(time.Time{})
		if err != nil {
			c.Close()
			continue
		}
		pc := &peekedConn{Conn: c, r: br}
		if first[0] == 0x16 { // a TLS record of type handshake
			return tls.Server(pc, l.cfg), nil
		}
		return pc, nil
	}
}

type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// credentialKind is one way a service's credential travels.
type credentialKind struct {
	name    string
	auth    Auth
	values  map[string]string
	method  string
	status  int
	secrets []string // per-call secrets, sent as the path argument
}

func credentialKinds() []credentialKind {
	one := func(v string) map[string]string { return map[string]string{"api_key": v} }
	return []credentialKind{
		{name: "bot", auth: Auth{Scheme: Bot, Values: []string{"api_key"}}, values: one("bot-Aa11")},
		{name: "bearer", auth: Auth{Scheme: Bearer, Values: []string{"api_key"}}, values: one("bearer-Bb22")},
		{name: "basic", auth: Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}},
			values: map[string]string{"api_key": "user-Cc33", "api_secret": "pass-Dd44"}},
		{name: "X-Service-Team", auth: Auth{Scheme: Header, Name: "X-Service-Team", Values: []string{"api_key"}}, values: one("team-Ee55")},
		{name: "Ci-Token", auth: Auth{Scheme: Header, Name: "Ci-Token", Values: []string{"api_key"}}, values: one("ci-Ff66")},
		{name: "x-api-key", auth: Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, values: one("xkey-Gg77")},
		{name: "X-Provider-Api-Key", auth: Auth{Scheme: Header, Name: "X-Provider-Api-Key", Values: []string{"api_key"}}, values: one("prov-Hh88")},
		{name: "query key", auth: Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, values: one("query-Ii99")},
		{name: "path key", auth: Auth{Scheme: PathKey, Values: []string{"api_key"}}, values: one("path-Jj00")},
		{name: "body 307", auth: Auth{Scheme: Body, Values: []string{"client_id", "secret", "access_token"}},
			values: map[string]string{"client_id": "cid-Kk12", "secret": "sec-Ll23", "access_token": "tok-Mm34"}, method: "POST", status: 307},
		{name: "body 308", auth: Auth{Scheme: Body, Values: []string{"client_id", "secret", "access_token"}},
			values: map[string]string{"client_id": "cid-Nn45", "secret": "sec-Oo56", "access_token": "tok-Pp67"}, method: "POST", status: 308},
		{name: "per-call token", auth: Auth{Scheme: None}, secrets: []string{"hook-Qq78"}, method: "POST", status: 307},
	}
}

// client builds a client of a service with this kind's credentials.
func (k credentialKind) client(t *testing.T, base string, opts ...conduit.Option) *Client {
	t.Helper()
	svc := testService(k.auth)
	for name := range k.values {
		svc.Values = append(svc.Values, Value{Name: name, Secret: true})
	}
	for name, v := range k.values {
		opts = append(opts, svc.Set(name, v))
	}
	return newClient(t, svc, append([]conduit.Option{conduit.WithBaseURL(base), conduit.WithMaxRetries(2)}, opts...)...)
}

// call is one request of this kind: the path carries the per-call secret.
func (k credentialKind) call(c *Client) error {
	op := Op{Name: "Start", Method: "GET", Path: "/start/{arg}"}
	if k.method != "" {
		op.Method = k.method
	}
	call := Call{Args: []string{"x"}, Secrets: k.secrets}
	if len(k.secrets) > 0 {
		call.Args = k.secrets
	}
	if op.Method == "POST" {
		call.Body = map[string]string{"q": "v"}
	}
	return send(bg, c, op, call)
}

func (k credentialKind) all() []string {
	out := append([]string(nil), k.secrets...)
	for _, v := range k.values {
		out = append(out, v)
	}
	return out
}

// landing redirects /start... to the same path under /landed at target,
// query included, so that a query or path key would travel with it.
func landing(status int, target func(r *http.Request) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/start") {
			w.Write([]byte(`{"ok":true}`))
			return
		}
		loc := target(r) + strings.Replace(r.URL.EscapedPath(), "/start", "/landed", 1)
		if r.URL.RawQuery != "" {
			loc += "?" + r.URL.RawQuery
		}
		w.Header().Set("Location", loc)
		w.WriteHeader(status)
	}
}

// An https request redirected to http on the same host
// and port was followed, sending every credential in clear text. Each kind
// of credential is now refused, nothing reaches the http side, and the
// error names the target with the secrets removed.
func TestHTTPSDowngradeRefusedForEveryCredential(t *testing.T) {
	for _, k := range credentialKinds() {
		t.Run(k.name, func(t *testing.T) {
			status := k.status
			if status == 0 {
				status = http.StatusFound
			}
			d := newDualServer(t, func(d *dualServer, w http.ResponseWriter, r *http.Request) {
				landing(status, func(*http.Request) string { return "http://" + d.host })(w, r)
			})
			c := k.client(t, d.url("https", ""), conduit.WithHTTPClient(d.client))
			err := k.call(c)
			require.ErrorIs(t, err, conduit.ErrRedirectRefused)
			assert.Equal(t, int32(1), d.tls.Load())
			assert.Zero(t, d.plain.Load(), "nothing may travel in clear text")
			e := asError(t, err)
			assert.Equal(t, 1, e.Attempts, "a refused redirect is not retried")
			assert.Contains(t, err.Error(), "http://"+d.host+"/landed", "the error names the target")
			for _, s := range k.all() {
				for _, text := range []string{err.Error(), fmt.Sprintf("%#v", err), e.URL} {
					assert.NotContains(t, text, s)
				}
			}
		})
	}
}

// A credentialed request never follows a redirect that
// changes scheme, host or port, whatever the status. The old check
// compared only the host and port, so a scheme change went through.
func TestCredentialedRedirectChangingOriginRefused(t *testing.T) {
	const key = "qk-Rr90"
	auth := Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}
	other := newRecorder(t, nil)
	for _, change := range []string{"scheme", "host", "port"} {
		for _, status := range []int{301, 302, 303, 307, 308} {
			t.Run(fmt.Sprintf("%s %d", change, status), func(t *testing.T) {
				var landed atomic.Int32
				d := newDualServer(t, func(d *dualServer, w http.ResponseWriter, r *http.Request) {
					if strings.HasPrefix(r.URL.Path, "/landed") {
						landed.Add(1)
					}
					landing(status, func(*http.Request) string {
						switch change {
						case "scheme":
							return "https://" + d.host
						case "host":
							return "http://" + strings.Replace(d.host, "127.0.0.1", "localhost", 1)
						}
						return other.URL
					})(w, r)
				})
				before := other.hits.Load()
				svc := testService(auth, apiKey)
				c := newClient(t, svc, conduit.WithBaseURL(d.url("http", "")), svc.Set("api_key", key), conduit.WithHTTPClient(d.client))
				err := send(bg, c, get("/start"), Call{})
				require.ErrorIs(t, err, conduit.ErrRedirectRefused)
				assert.Zero(t, landed.Load(), "the target saw nothing")
				assert.Equal(t, before, other.hits.Load(), "the other port saw nothing")
				assert.Contains(t, err.Error(), "/landed?key="+redact.Redacted, "the target is named, its key removed")
				assert.NotContains(t, err.Error(), key)
			})
		}
	}
}

// Requests without credentials may follow an https redirect to another
// origin, but never one to http; credentialed ones may follow https
// within their origin.
func TestRedirectRulesForOpenAndSameOriginRequests(t *testing.T) {
	d := newDualServer(t, func(d *dualServer, w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-other":
			http.Redirect(w, r, d.other.URL+"/landed", http.StatusMovedPermanently)
		case "/to-http":
			http.Redirect(w, r, "http://"+d.host+"/landed", http.StatusFound)
		case "/to-next":
			http.Redirect(w, r, "/next", http.StatusTemporaryRedirect)
		default:
			w.Write([]byte(`{"ok":true}`))
		}
	})
	open := newOpen(t, d.url("https", ""), conduit.WithHTTPClient(d.client))
	require.NoError(t, into(bg, open, get("/to-other"), Call{}, &okResult{}), "https to https, open request")
	err := send(bg, open, get("/to-http"), Call{})
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused, "https to http, open request")
	assert.Zero(t, d.plain.Load())

	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(d.url("https", "")), svc.Set("api_key", "k-Ss01"), conduit.WithHTTPClient(d.client))
	var out okResult
	require.NoError(t, into(bg, c, get("/to-next"), Call{}, &out), "https within the origin, credentialed")
	assert.True(t, out.OK)
	assert.ErrorIs(t, send(bg, c, get("/to-other"), Call{}), conduit.ErrRedirectRefused, "https to another origin, credentialed")
}

// writeServer redirects every request to /create with status, and answers
// /done with success, recording what arrived there.
type writeServer struct {
	*recorder
	mu      sync.Mutex
	methods []string
	bodies  []string
}

func newWriteServer(t *testing.T, status int) *writeServer {
	ws := &writeServer{}
	ws.recorder = newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/create" {
			http.Redirect(w, r, "/done", status)
			return
		}
		_, body := ws.last()
		ws.mu.Lock()
		ws.methods = append(ws.methods, r.Method)
		ws.bodies = append(ws.bodies, string(body))
		ws.mu.Unlock()
		w.Write([]byte(`{"ok":true}`))
	})
	return ws
}

// Net/http replays a POST answered 301, 302 or 303 as
// a GET without its body, and a 200 to that GET was reported as success
// although nothing was written. Such a redirect of a write is refused, for
// declared writes and for Do alike.
func TestWriteRedirectedAsGetRefused(t *testing.T) {
	for _, status := range []int{301, 302, 303} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			ws := newWriteServer(t, status)
			c := newOpen(t, ws.URL)
			err := send(bg, c, post("/create"), Call{Body: map[string]int{"n": 1}})
			require.ErrorIs(t, err, conduit.ErrRedirectRefused)
			assert.Contains(t, err.Error(), fmt.Sprint(status))
			assert.Contains(t, err.Error(), "/done")
			err = c.Do(bg, "PUT", "/create", map[string]int{"n": 2}, nil, nil)
			require.ErrorIs(t, err, conduit.ErrRedirectRefused, "Do with a write method")
			assert.Empty(t, ws.methods, "no GET was made in the write's place")
			assert.Equal(t, int32(2), ws.hits.Load(), "one attempt each: a refused redirect is not retried")
		})
	}
}

// A write answered 307 or 308 within its origin is resent as it was: same
// method, same body. To another origin it is refused.
func TestWriteRedirect307And308ResendMethodAndBody(t *testing.T) {
	for _, status := range []int{307, 308} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			ws := newWriteServer(t, status)
			c := newOpen(t, ws.URL)
			require.NoError(t, into(bg, c, post("/create"), Call{Body: map[string]int{"n": 1}}, &okResult{}))
			require.NoError(t, c.Do(bg, "PATCH", "/create", map[string]int{"n": 2}, nil, nil))
			assert.Equal(t, []string{"POST", "PATCH"}, ws.methods)
			assert.Equal(t, []string{`{"n":1}`, `{"n":2}`}, ws.bodies)

			far := newRecorder(t, nil)
			away := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, far.URL+"/done", status)
			})
			err := send(bg, newOpen(t, away.URL), post("/create"), Call{Body: map[string]int{"n": 3}})
			assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
			assert.Zero(t, far.hits.Load())
		})
	}
}

// An upload from a one-shot reader cannot be sent again: a 307 is refused
// before anything reaches the new target. One from a seekable reader is
// resent whole.
func TestWriteRedirectOfUpload(t *testing.T) {
	var mu sync.Mutex
	var files []string
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path == "/upload" {
			http.Redirect(w, r, "/again", http.StatusTemporaryRedirect)
			return
		}
		f, _, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		b, _ := io.ReadAll(f)
		mu.Lock()
		files = append(files, string(b))
		mu.Unlock()
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	c := testClient(t, srv.URL)
	err := upload(c, &countingReader{r: strings.NewReader("payload")})
	require.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assert.Contains(t, err.Error(), "cannot be sent again")
	assert.Equal(t, int32(1), hits.Load(), "the new target saw nothing")

	require.NoError(t, upload(c, strings.NewReader("seekable payload")))
	assert.Equal(t, []string{"seekable payload"}, files)
}
