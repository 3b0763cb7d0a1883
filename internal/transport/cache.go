package transport

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bartventer/httpcache"
	"github.com/bartventer/httpcache/store"
	"github.com/bartventer/httpcache/store/driver"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

// httpCache is a client's RFC 9111 cache: bartventer/httpcache's rules
// over the caller's store, one transport per key space (the open one, and
// one per credential where the service lets credentialed reads be cached).
// It sits inside the call's middleware and outside the retry loop, so a
// fresh answer is served without touching the limiter, and a revalidation
// goes through the loop like any request.
type httpCache struct {
	store config.CacheStore
	mu    sync.Mutex
	rts   map[string]http.RoundTripper // key space -> transport
}

func newHTTPCache(s config.CacheStore) *httpCache {
	if s == nil {
		return nil
	}
	return &httpCache{store: s, rts: map[string]http.RoundTripper{}}
}

// driverName is the scheme under which conduit's stores are registered
// with httpcache, whose transports open stores by name.
const driverName = "conduit-sdk-go"

var (
	registerDriver sync.Once
	pending        sync.Map // id -> driver.Conn, until its transport opens it
	nextID         atomic.Uint64
)

// transport returns the cache transport of the key space ns.
func (h *httpCache) transport(ns string) http.RoundTripper {
	h.mu.Lock()
	defer h.mu.Unlock()
	if rt, ok := h.rts[ns]; ok {
		return rt
	}
	registerDriver.Do(func() {
		store.Register(driverName, driver.DriverFunc(func(u *url.URL) (driver.Conn, error) {
			c, ok := pending.LoadAndDelete(u.Host)
			if !ok {
				return nil, errors.New("conduit: no such cache")
			}
			return c.(driver.Conn), nil
		}))
	})
	id := strconv.FormatUint(nextID.Add(1), 10)
	pending.Store(id, &storeConn{store: h.store, prefix: "conduit:" + ns + ":"})
	rt := httpcache.NewTransport(driverName+"://"+id, httpcache.WithUpstream(upstream{}))
	h.rts[ns] = rt
	return rt
}

// storeConn is a conduit store as httpcache sees it, with its keys in the
// client's key space.
type storeConn struct {
	store  config.CacheStore
	prefix string
}

func (s *storeConn) Get(key string) ([]byte, error) {
	v, err := s.store.Get(s.prefix + key)
	return v, missing(err)
}

func (s *storeConn) Set(key string, value []byte) error { return s.store.Set(s.prefix+key, value) }

func (s *storeConn) Delete(key string) error { return missing(s.store.Delete(s.prefix + key)) }

func missing(err error) error {
	if errors.Is(err, conduit.ErrCacheMiss) {
		return driver.ErrNotExist
	}
	return err
}

// upstream is how the cache reaches the service: through the retry loop of
// the call the request belongs to.
type upstream struct{}

// errCallEnded refuses a request the cache makes after its call returned.
var errCallEnded = errors.New("conduit: the call this cache request belongs to has ended")

func (upstream) RoundTrip(r *http.Request) (*http.Response, error) {
	if a, ok := r.Context().Value(cannedKey{}).(*http.Response); ok {
		return a, nil
	}
	x := exchangeOf(r.Context())
	if x == nil || x.mw == nil || x.mw.last == nil || x.mw.ended.Load() {
		return nil, errCallEnded
	}
	resp, err := x.mw.last(r)
	if err != nil {
		if resp != nil {
			drainClose(resp.Body)
		}
		return nil, err
	}
	noStale(resp.Header)
	boundAges(resp.Header)
	if x.mw.noStore.Load() || (x.mw.sharedSpace && private(resp.Header)) {
		x.mw.hideCacheControl(resp.Header)
	}
	return resp, nil
}

// cannedKey carries the answer a write got to the cache of another key
// space, whose upstream hands it back instead of sending anything, so that
// the cache invalidates there as it did in the write's own.
type cannedKey struct{}

// private reports whether an answer's Cache-Control has the private
// directive, with or without field names (RFC 9111 §5.2.2.7).
func private(h http.Header) bool {
	for _, v := range h.Values("Cache-Control") {
		for _, d := range strings.Split(v, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(d), "=")
			if strings.EqualFold(strings.TrimSpace(name), "private") {
				return true
			}
		}
	}
	return false
}

// hideCacheControl makes an answer no-store for the cache alone: the
// service's own Cache-Control goes back before the caller sees it.
func (w *wrapped) hideCacheControl(h http.Header) {
	w.hiddenCC, w.ccHidden = h["Cache-Control"], true
	h["Cache-Control"] = []string{"no-store"}
}

// restoreCacheControl gives an answer back the Cache-Control the service
// sent, if hideCacheControl replaced it.
func (w *wrapped) restoreCacheControl(h http.Header) {
	if !w.ccHidden {
		return
	}
	w.ccHidden = false
	if w.hiddenCC == nil {
		delete(h, "Cache-Control")
		return
	}
	h["Cache-Control"] = w.hiddenCC
}

// noStale drops stale-while-revalidate and stale-if-error from an answer:
// conduit serves nothing stale, and a revalidation in the background would
// outlive the call whose retry loop it needs.
func noStale(h http.Header) {
	cc := h.Values("Cache-Control")
	if len(cc) == 0 {
		return
	}
	var keep []string
	for _, v := range cc {
		for _, d := range strings.Split(v, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(d), "=")
			if n := strings.ToLower(name); n != "stale-while-revalidate" && n != "stale-if-error" && name != "" {
				keep = append(keep, strings.TrimSpace(d))
			}
		}
	}
	h["Cache-Control"] = []string{strings.Join(keep, ", ")}
}

// openSpace is the key space of reads without credentials: every client
// on a store and, with a store such as Redis, every process share it, so it
// is a shared cache in RFC 9111's sense and never stores a private answer.
// A key space per credential is that credential holder's private cache.
const openSpace = "open"

// cacheUse says what the cache does for a call.
type cacheUse uint8

const (
	cacheOff        cacheUse = iota
	cacheRead                // a read the cache may serve and store
	cacheInvalidate          // a write whose success makes stored answers stale
)

// cacheSpace returns the key space of a call and what the cache does for
// it. A read is served from it unless it is not a GET of JSON, an upload,
// a call with secrets of its own, or a credentialed call on a service that
// does not let its answers be cached; two credentials get two key spaces.
// A POST, PUT, PATCH or DELETE goes through the cache of its key space,
// which invalidates what the write makes stale (RFC 9111 §4.4).
func (x *exchange) cacheSpace(a *Auth, p *placed, secrets []string) (string, cacheUse) {
	op, call := x.op, x.call
	switch op.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		if a.credentialed() && x.c.svc.CacheCredentialed {
			return credentialSpace(p), cacheInvalidate
		}
		return openSpace, cacheInvalidate
	}
	if op.Method != http.MethodGet || op.Write || call.Write || op.Accept != "" || call.Upload != nil || len(secrets) > 0 {
		return "", cacheOff
	}
	if !a.credentialed() {
		return openSpace, cacheRead
	}
	if !x.c.svc.CacheCredentialed {
		return "", cacheOff
	}
	return credentialSpace(p), cacheRead
}

// credentialSpace is the key space of the credentials p placed.
func credentialSpace(p *placed) string {
	return "cred-" + digest(append([]string{p.header[1], p.basic[0], p.basic[1], p.pathKey}, append(p.query, p.body...)...))
}

// digest is a hash of values that no one can read them back from, each
// length-prefixed so that no two lists share one.
func digest(values []string) string {
	h := sha256.New()
	for _, v := range values {
		h.Write([]byte(strconv.Itoa(len(v)) + ":" + v))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// sentSpace returns the key space of a read as it is sent, after the call's
// middleware: a credential header a middleware added (Authorization,
// Cookie, an API key under the name a service reads) keys the entry by a
// digest of its values where the service lets credentialed answers be
// cached, and otherwise keeps the read out of the cache (false).
func (x *exchange) sentSpace(ns string, h http.Header) (string, bool) {
	var creds []string
	for _, k := range slices.Sorted(maps.Keys(h)) {
		if !sentCredential(k) {
			continue
		}
		for _, v := range h[k] {
			if v != "" {
				creds = append(creds, http.CanonicalHeaderKey(k), v)
			}
		}
	}
	if len(creds) == 0 {
		return ns, true
	}
	if !x.c.svc.CacheCredentialed {
		return "", false
	}
	return "cred-" + digest(append([]string{ns}, creds...)), true
}

// sentCredential reports whether a header called name carries a
// credential: its name says so (credentialName), or a registered service
// places its credential there (X-Service-Team).
func sentCredential(name string) bool {
	if credentialName(name) {
		return true
	}
	name = http.CanonicalHeaderKey(name)
	for _, svc := range Services() {
		for _, a := range svc.schemes() {
			if a.Scheme == Header && http.CanonicalHeaderKey(a.Name) == name {
				return true
			}
		}
	}
	return false
}

// addedCredential reports whether a middleware set or changed a credential
// header in its view.
func addedCredential(was, now http.Header) bool {
	for k, vs := range canonical(now) {
		if sentCredential(k) && !slices.Equal(vs, was[k]) {
			return true
		}
	}
	return false
}

// throughCache sends a call's request through the cache of its key space:
// a read is served from it or fetched through last and stored where it may
// be; a write is sent through last and, when it succeeds, invalidates its
// URI and its Location and Content-Location there and in the open space.
func (x *exchange) throughCache(last func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	return func(mreq *http.Request) (*http.Response, error) {
		ns := x.mw.cacheNS
		if x.mw.cacheUse == cacheRead {
			var ok bool
			if ns, ok = x.sentSpace(ns, mreq.Header); !ok {
				return last(mreq)
			}
		}
		x.mw.sharedSpace = ns == openSpace
		if x.mw.cacheUse == cacheRead {
			x.mw.info.Cache = conduit.CacheFetched // until the store says otherwise
		}
		resp, err := x.c.cache.transport(ns).RoundTrip(mreq.WithContext(x.own(mreq.Context())))
		if status := cacheStatus(resp); x.mw.cacheUse == cacheRead {
			x.mw.info.Cache = status // a write only invalidates: it stays CacheNone
		}
		if resp != nil {
			x.mw.restoreCacheControl(resp.Header)
		}
		if x.mw.cacheUse == cacheInvalidate && err == nil && ns != openSpace && resp.StatusCode < 400 {
			x.c.cache.invalidate(openSpace, mreq, resp)
		}
		return resp, err
	}
}

// invalidate does in the key space ns what a successful write did in its
// own: the cache there is handed the write's answer, not sent anything.
func (h *httpCache) invalidate(ns string, req *http.Request, resp *http.Response) {
	canned := &http.Response{StatusCode: resp.StatusCode, Header: http.Header{}, Body: http.NoBody, Request: req}
	for _, k := range []string{"Location", "Content-Location"} {
		if v := resp.Header.Values(k); len(v) > 0 {
			canned.Header[k] = v
		}
	}
	r := req.WithContext(context.WithValue(req.Context(), cannedKey{}, canned))
	if got, err := h.transport(ns).RoundTrip(r); err == nil {
		got.Body.Close()
	}
}

// cacheStatusHeader is where httpcache says where an answer came from.
const cacheStatusHeader = httpcache.CacheStatusHeader

// cacheStatus reads and removes httpcache's status header.
func cacheStatus(resp *http.Response) conduit.CacheStatus {
	if resp == nil {
		return conduit.CacheFetched
	}
	v := resp.Header.Get(cacheStatusHeader)
	resp.Header.Del(cacheStatusHeader)
	switch v {
	case "HIT", "STALE":
		return conduit.CacheHit
	case "REVALIDATED":
		return conduit.CacheRevalidated
	}
	return conduit.CacheFetched
}

// schemes lists every scheme s's requests may use: the service's, each
// base's and each operation's.
func (s *Service) schemes() []*Auth {
	out := []*Auth{&s.Auth}
	for i := range s.Bases {
		if s.Bases[i].Auth != nil {
			out = append(out, s.Bases[i].Auth)
		}
	}
	for _, op := range s.Ops() {
		if op.Auth != nil {
			out = append(out, op.Auth)
		}
	}
	return out
}
