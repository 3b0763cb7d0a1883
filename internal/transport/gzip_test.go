package transport

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gunzip returns what b decompresses to, failing the test if it is not gzip.
func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	plain, err := io.ReadAll(zr)
	require.NoError(t, err)
	return string(plain)
}

func TestGzipBodySentCompressed(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	body := []map[string]any{{"data": map[string]any{"route": "/cart"}}}
	require.NoError(t, send(bg, c, post("/batch"), Call{Body: body, Gzip: true}))
	req, b := rec.last()
	assert.Equal(t, "gzip", req.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/json", req.Header.Get("Content-Type"))
	assert.JSONEq(t, `[{"data":{"route":"/cart"}}]`, gunzip(t, b))

	require.NoError(t, send(bg, c, post("/batch"), Call{Body: body}))
	req, b = rec.last()
	assert.Empty(t, req.Header.Get("Content-Encoding"), "plain unless asked")
	assert.JSONEq(t, `[{"data":{"route":"/cart"}}]`, string(b))
}

func TestGzipBodyResentWholeAfter429(t *testing.T) {
	var n atomic.Int32
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) == 1 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"error":"slow down"}`))
			return
		}
		w.Write([]byte(`{}`))
	})
	c := newOpen(t, rec.URL)
	require.NoError(t, send(bg, c, post("/batch"), Call{Body: []int{1, 2, 3}, Gzip: true}))
	require.Len(t, rec.body, 2)
	for _, b := range rec.body {
		assert.Equal(t, "[1,2,3]", gunzip(t, b), "each attempt carries the whole compressed body")
	}
}
