package transport

import (
	"bytes"
	"io"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// A long body costs about its length: with Content-Length, the sixteenth
// that proves the length and then one buffer; without, the chunks and the
// one buffer they are joined into. Either is read whole and exact.
func TestLongBodyMemory(t *testing.T) {
	const size = 8 << 20
	body := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	for _, tc := range []struct {
		name     string
		declared int64
		most     float64 // bytes allocated, as a multiple of the body
	}{
		{"sized", size, 1.1},
		{"unsized", -1, 2.2},
	} {
		resp := &http.Response{ContentLength: tc.declared, Body: io.NopCloser(bytes.NewReader(body))}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := readBody(resp, 64<<20)
		runtime.ReadMemStats(&after)
		require.NoError(t, err, tc.name)
		assert.True(t, bytes.Equal(body, got), tc.name)
		allocated := float64(after.TotalAlloc - before.TotalAlloc)
		assert.LessOrEqual(t, allocated/size, tc.most, "%s: allocated %.0f bytes for %d", tc.name, allocated, size)
	}
}

// The idle timeout counts only the time a Read waits for the server: a
// caller that pauses longer than it between Reads is not cut, and a Read
// that then waits longer than it is.
func TestIdleTimeoutCountsOnlyBlockedReads(t *testing.T) {
	const d = 30 * time.Millisecond
	pr, pw := io.Pipe()
	b := newIdleBody(pr, d, 0)
	defer b.Close()
	go func() {
		for range 3 {
			pw.Write([]byte("x"))
		}
	}()
	buf := make([]byte, 1)
	for i := range 3 {
		time.Sleep(3 * d) // the caller is slow; the server's byte waits in the pipe
		n, err := b.Read(buf)
		require.NoError(t, err, "read %d", i)
		assert.Equal(t, 1, n)
	}
	_, err := b.Read(buf) // nothing more comes
	assert.ErrorIs(t, err, conduit.ErrStalled)
}
