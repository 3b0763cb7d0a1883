package transport

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
)

// An Age past what a Duration holds made the cache's age arithmetic wrap
// negative, so an answer stale on arrival (Age far past max-age) was
// served as fresh; and a max-age past it wrapped to -1s, so an answer the
// service lets be kept was never served. RFC 9111 §1.2.2 reads any
// delta-seconds too large as 2^31: stale for the first, fresh for the
// second.
func TestCacheReadsHugeAgesAsTwoToThe31(t *testing.T) {
	huge := []string{"9223372037", "4611686018427387904", "9223372036854775807", "9223372036854775808", strings.Repeat("9", 400)}
	for _, age := range huge {
		srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"public, max-age=600"}, "Age": {age}}, 200))
		c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
		cachedGet(t, c)
		assert.Equal(t, conduit.CacheFetched, cachedGet(t, c).Cache, "Age: %.20s is older than max-age=600", age)
		assert.Equal(t, int32(2), srv.hits.Load(), "Age: %.20s", age)
	}
	for _, maxAge := range huge {
		srv := newRecorder(t, cacheAnswer(http.Header{"Cache-Control": {"public, max-age=" + maxAge}}, 200))
		c := newOpen(t, srv.URL, conduit.WithCache(conduit.NewMemoryCache(1<<20)))
		cachedGet(t, c)
		assert.Equal(t, conduit.CacheHit, cachedGet(t, c).Cache, "max-age=%.20s is fresh", maxAge)
		assert.Equal(t, int32(1), srv.hits.Load(), "max-age=%.20s", maxAge)
	}
}
