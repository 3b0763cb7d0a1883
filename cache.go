package conduit

import (
	"errors"

	"github.com/conduit-sdk/conduit/internal/config"
)

// CacheStore holds cached answers for WithCache: entries are opaque bytes
// under opaque keys, so that a store can live in memory (NewMemoryCache),
// in Redis (the rediscache module) or anywhere else. It must be safe for
// concurrent use. A store that fails never fails a call: conduit goes to
// the service instead.
type CacheStore interface {
	// Get returns the value stored under key, or ErrCacheMiss.
	Get(key string) ([]byte, error)
	// Set stores value under key, replacing any value there.
	Set(key string, value []byte) error
	// Delete removes key; a missing key is ErrCacheMiss.
	Delete(key string) error
}

// ErrCacheMiss is what a CacheStore returns for a key it does not hold.
var ErrCacheMiss = errors.New("conduit: not in the cache")

// CacheStatus says where a call's answer came from, with WithCache.
type CacheStatus string

// The statuses Response.Cache (and CallInfo.Cache) can hold.
const (
	// CacheNone: no cache took part in the call, because the client has no
	// WithCache or because the call is one that is never cached (a write,
	// a stream, a download, a credentialed read its service does not let
	// a cache keep). It is the zero value.
	CacheNone CacheStatus = ""
	// CacheFetched: the cache was asked and did not hold a fresh answer,
	// so the service answered in full (and the answer may now be stored).
	CacheFetched CacheStatus = "fetched"
	// CacheHit: the answer came from the cache, fresh; nothing was sent
	// and no rate budget was spent.
	CacheHit CacheStatus = "hit"
	// CacheRevalidated: a conditional request (If-None-Match,
	// If-Modified-Since) was sent, which spends budget, and the service
	// answered 304 Not Modified: the stored body was used.
	CacheRevalidated CacheStatus = "revalidated"
)

// WithCache turns on HTTP caching (RFC 9111) for the client's reads that
// may be cached: GET calls with a JSON answer, on services without
// credentials, or whose service lets a credentialed answer be cached, then
// under a key of that credential, so that two credentials never share an
// entry. The service's Cache-Control (max-age, no-store, no-cache), Expires,
// ETag, Last-Modified and Vary decide what is stored, for how long, and
// when a conditional request revalidates it. Off by default. Client level.
func WithCache(store CacheStore) Option {
	return option(func(s *config.Settings) {
		if !s.Only(config.Client, "conduit.WithCache") {
			return
		}
		if store == nil {
			s.Fail("conduit.WithCache: the CacheStore is nil")
			return
		}
		s.Cache = store
	})
}
