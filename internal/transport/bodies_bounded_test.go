package transport

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// stallServer answers with status and the headers of h, writes first,
// then sends nothing more until the test ends.
func stallServer(t *testing.T, status int, h http.Header, first string) *recorder {
	release := make(chan struct{})
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		for k, v := range h {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		io.WriteString(w, first)
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) })
	return rec
}

const idle = 150 * time.Millisecond

// Without a deadline on the caller's context, a body
// that stalls blocked the call forever. With the idle-read timeout each of
// these ends with ErrStalled once the server has been silent for about the
// timeout: headers then nothing, a trickle slower than the timeout, and a
// 404 that declares 2 GB and sends a few bytes.
func TestStalledBodiesEndWithErrStalled(t *testing.T) {
	json := http.Header{"Content-Type": {"application/json"}}
	sized := func(n int64) http.Header {
		return http.Header{"Content-Type": {"application/json"}, "Content-Length": {strconv.FormatInt(n, 10)}}
	}
	trickle := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		for _, b := range []byte(`{"id":1, "pad": "`) {
			w.Write([]byte{b})
			w.(http.Flusher).Flush()
			select {
			case <-time.After(3 * idle):
			case <-r.Context().Done():
				return
			}
		}
	})
	for _, tc := range []struct {
		name string
		url  string
		is   error
	}{
		{"headers then silence", stallServer(t, 200, json, "").URL, nil},
		{"part of a sized body", stallServer(t, 200, sized(1000), `{"id":`).URL, nil},
		{"trickle", trickle.URL, nil},
		{"404 declaring 2 GB", stallServer(t, 404, sized(2<<30), `{"error":`).URL, conduit.ErrNotFound},
		{"503 that stalls", stallServer(t, 503, json, `{"err`).URL, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newOpen(t, tc.url, conduit.WithIdleTimeout(idle), conduit.WithMaxRetries(0))
			var err error
			took := finishes(t, 20*idle, func() { err = into(bg, c, get("/"), Call{}, &item{}) })
			assert.ErrorIs(t, err, conduit.ErrStalled)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is, "the status still says what failed")
			}
			assert.GreaterOrEqual(t, took, idle, "the call waited for the timeout")
			e := asError(t, err)
			assert.Equal(t, "GET /", e.Endpoint)
		})
	}
}

// The idle timeout is per read, not per body: a stream whose events come
// more often than the timeout runs as long as it likes, and one that goes
// quiet ends with ErrStalled.
func TestStreamChunksResetIdleTimeout(t *testing.T) {
	// Events come every idle/2 for longer than the timeout, four idles.
	const events, timeout = 10, 4 * idle
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := range events {
			fmt.Fprintf(w, "data: {\"id\":%d}\n\n", i)
			w.(http.Flusher).Flush()
			time.Sleep(idle / 2)
		}
		if r.URL.Path == "/quiet" {
			<-r.Context().Done()
			return
		}
		io.WriteString(w, "data: [DONE]\n\n")
	})
	c := newOpen(t, rec.URL, conduit.WithIdleTimeout(timeout))
	for _, path := range []string{"/talk", "/quiet"} {
		op := DeclareStream[item](c.svc, get(path), "[DONE]")
		s, err := op.Open(bg, c, Call{}, nil)
		require.NoError(t, err)
		var got int
		finishes(t, 10*timeout, func() {
			for s.Next() {
				got++
			}
		})
		assert.Equal(t, events, got, path)
		if path == "/talk" {
			assert.NoError(t, s.Err(), "a stream that keeps talking is never cut, though it lasts longer than the timeout")
			continue
		}
		assert.ErrorIs(t, s.Err(), conduit.ErrStalled)
		e := asError(t, s.Err())
		assert.Equal(t, "GET /quiet", e.Endpoint)
	}
}

// A download's body gets the idle timeout too.
func TestStalledDownload(t *testing.T) {
	rec := stallServer(t, 200, http.Header{"Content-Type": {"image/png"}}, "\x89PNG")
	c := newOpen(t, rec.URL, conduit.WithIdleTimeout(idle))
	op := DeclareDownload(c.svc, get("/img"), "image/*")
	body, _, err := op.Open(bg, c, Call{}, nil)
	require.NoError(t, err)
	defer body.Close()
	finishes(t, 20*idle, func() {
		_, err = io.ReadAll(body)
	})
	assert.ErrorIs(t, err, conduit.ErrStalled)
}

// The declared Content-Length was allocated before a
// byte arrived, so four calls waiting on 60 MB declared bodies pinned 240
// MiB. Memory now grows with what arrives.
func TestDeclaredLengthNotPreallocated(t *testing.T) {
	const declared = 60 << 20
	rec := stallServer(t, 200, http.Header{
		"Content-Type":   {"application/json"},
		"Content-Length": {strconv.Itoa(declared)},
	}, `{"id":1,"pad":"`)
	c := newOpen(t, rec.URL, conduit.WithIdleTimeout(idle), conduit.WithMaxRetries(0))
	op := Declare[item](c.svc, get("/"), nil)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = op.Do(bg, c, Call{}, nil)
		}()
	}
	finishes(t, 40*idle, wg.Wait)
	runtime.ReadMemStats(&after)
	for _, err := range errs {
		assert.ErrorIs(t, err, conduit.ErrStalled)
	}
	allocated := after.TotalAlloc - before.TotalAlloc
	assert.Less(t, allocated, uint64(declared/4), "four calls allocated %d MiB for bodies that never came", allocated>>20)
	t.Logf("four calls on 60 MB declared bodies allocated %d KiB", allocated>>10)
}
