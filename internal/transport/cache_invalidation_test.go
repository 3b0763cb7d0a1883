package transport

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// thing is a resource the fake keeps: GET answers its version, fresh for
// ten minutes; any write moves it on and answers with status, and with the
// headers given.
func thing(status int, h http.Header) (http.HandlerFunc, *atomic.Int64) {
	var version atomic.Int64
	version.Store(1)
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			w.Header().Set("Cache-Control", "max-age=600")
			w.Write([]byte(`{"id":` + strconv.FormatInt(version.Load(), 10) + `}`))
			return
		}
		if status < 300 {
			version.Add(1)
		}
		for k, v := range h {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		w.Write([]byte(`{}`))
	}, &version
}

// readThing reads /things/1 and returns its version and where it came from.
func readThing(t *testing.T, c *Client) (int64, conduit.CacheStatus) {
	t.Helper()
	var it item
	var r conduit.Response
	require.NoError(t, into(bg, c, get("/things/1"), Call{}, &it, conduit.WithResponse(&r)))
	return it.ID, r.Cache
}

// A successful write invalidates what the cache holds for its URI and for
// the Location and Content-Location it answers with on the same host, so
// the next read fetches; a failed write invalidates nothing (RFC 9111
// §4.4). Every unsafe method, through one client or another on the store.
func TestCacheWriteInvalidates(t *testing.T) {
	for _, tc := range []struct {
		name, method, path string
		status             int
		header             http.Header
		stale              bool // the read after the write may still be served stored
	}{
		{"PUT its URI", http.MethodPut, "/things/1", 200, nil, false},
		{"PATCH its URI", http.MethodPatch, "/things/1", 204, nil, false},
		{"DELETE its URI", http.MethodDelete, "/things/1", 200, nil, false},
		{"POST its URI", http.MethodPost, "/things/1", 200, nil, false},
		{"POST naming it in Location", http.MethodPost, "/things", 201, http.Header{"Location": {"/things/1"}}, false},
		{"POST naming it in Content-Location", http.MethodPost, "/things", 200, http.Header{"Content-Location": {"/things/1"}}, false},
		{"POST naming it on another host", http.MethodPost, "/things", 201, http.Header{"Location": {"http://elsewhere.example/things/1"}}, true},
		{"POST elsewhere", http.MethodPost, "/others", 201, nil, true},
		{"PUT that failed", http.MethodPut, "/things/1", 409, nil, true},
	} {
		for _, clients := range []string{"one client", "two clients"} {
			t.Run(tc.name+"/"+clients, func(t *testing.T) {
				h, _ := thing(tc.status, tc.header)
				srv := newRecorder(t, h)
				store := conduit.NewMemoryCache(1 << 20)
				reader := newOpen(t, srv.URL, conduit.WithCache(store), conduit.WithMaxRetries(0))
				writer := reader
				if clients == "two clients" {
					writer = newOpen(t, srv.URL, conduit.WithCache(store), conduit.WithMaxRetries(0))
				}
				v, _ := readThing(t, reader)
				require.Equal(t, int64(1), v)
				_, st := readThing(t, reader)
				require.Equal(t, conduit.CacheHit, st)

				op := Op{Name: "Write", Method: tc.method, Path: tc.path, Write: true}
				err := send(bg, writer, op, Call{})
				if tc.status >= 400 {
					require.Error(t, err)
				} else {
					require.NoError(t, err)
				}
				v, st = readThing(t, reader)
				if tc.stale {
					assert.Equal(t, conduit.CacheHit, st, "nothing invalidated this entry")
					return
				}
				assert.Equal(t, conduit.CacheFetched, st)
				assert.Equal(t, int64(2), v, "a stale read after the write")
			})
		}
	}
}
