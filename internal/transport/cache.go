package transport

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
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
	return resp, nil
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

// cacheSpace returns the key space of a call the cache may serve, and
// false for one it may not: not a GET of JSON, a write, an upload, a call
// with secrets of its own, or a credentialed call on a service that does
// not let its answers be cached. Two credentials get two key spaces.
func (x *exchange) cacheSpace(a *Auth, p *placed, secrets []string) (string, bool) {
	op, call := x.op, x.call
	if x.c.cache == nil || op.Method != http.MethodGet || op.Write || call.Write || op.Accept != "" || call.Upload != nil || len(secrets) > 0 {
		return "", false
	}
	if !a.credentialed() {
		return "open", true
	}
	if !x.c.svc.CacheCredentialed {
		return "", false
	}
	h := sha256.New()
	for _, v := range append([]string{p.header[1], p.basic[0], p.basic[1], p.pathKey}, append(p.query, p.body...)...) {
		h.Write([]byte(strconv.Itoa(len(v)) + ":" + v))
	}
	return "cred-" + hex.EncodeToString(h.Sum(nil)), true
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
