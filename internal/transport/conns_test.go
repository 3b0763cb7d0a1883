package transport

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// connKinds are the answers TestConnectionsReused cycles through: every one
// must leave the connection reusable, error paths included.
var connKinds = []struct {
	name    string
	status  int
	ctype   string
	body    string
	chunked bool // sent without a Content-Length
	post    bool
	want    error // nil for success
}{
	{"ok", 200, "application/json", `{"id":1,"extra":"x"}`, false, false, nil},
	{"ok chunked", 200, "application/json", `{"id":2}`, true, false, nil},
	{"ok post", 200, "application/json", `{"id":3}`, false, true, nil},
	{"404 json", 404, "application/json", `{"error":{"code":"not_found","message":"no such thing"}}`, false, false, conduit.ErrNotFound},
	{"404 html", 404, "text/html", "<html><body>" + strings.Repeat("Not Found ", 2000) + "</body></html>", false, false, conduit.ErrNotFound},
	{"500", 500, "text/plain", "internal error", false, false, nil},
	{"500 chunked", 500, "application/json", `{"message":"boom"}`, true, false, nil},
	{"503 large", 503, "text/html", strings.Repeat("<p>upstream unavailable</p>", 1500), false, false, nil},
	{"malformed", 200, "application/json", `{"id":`, false, false, conduit.ErrMalformedResponse},
	{"malformed chunked", 200, "application/json", `{"id": nope}`, true, false, conduit.ErrMalformedResponse},
	{"wrong type", 200, "application/json", `{"id":"one"}`, false, false, conduit.ErrMalformedResponse},
	{"null", 200, "application/json", `null`, false, false, conduit.ErrMalformedResponse},
	{"not json", 200, "text/html", `<html>maintenance</html>`, false, false, conduit.ErrMalformedResponse},
}

// 1,000 sequential calls that mix successes, 404s, 500s (retries off) and
// decode errors open at most 2 TCP connections: every path drains and
// closes the body, so the connection goes back to the pool. (2, not 1: the
// transport puts a connection back asynchronously, so a call may dial while
// the previous call's connection is on its way back.)
func TestConnectionsReused(t *testing.T) {
	var opened atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		k := connKinds[kindIndex(r.URL.Path)]
		w.Header().Set("Content-Type", k.ctype)
		w.WriteHeader(k.status)
		if k.chunked {
			// Two flushed writes force chunked framing.
			half := len(k.body) / 2
			io.WriteString(w, k.body[:half])
			w.(http.Flusher).Flush()
			io.WriteString(w, k.body[half:])
			return
		}
		io.WriteString(w, k.body)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	c := newOpen(t, srv.URL, conduit.WithMaxRetries(0))
	getKind := Declare[item](c.svc, get("/{kind}"), nil)
	postKind := Declare[item](c.svc, Op{Name: "X", Method: "POST", Path: "/{kind}"}, nil)

	ctx := context.Background()
	seen := make([]int, len(connKinds))
	for i := range 1000 {
		ki := i % len(connKinds)
		k := connKinds[ki]
		op, call := getKind, Call{Args: []string{string(rune('a' + ki))}}
		if k.post {
			op, call.Body = postKind, map[string]int{"n": i}
		}
		_, err := op.Do(ctx, c, call, nil)
		switch {
		case k.want == nil && k.status == 200:
			require.NoError(t, err, k.name)
		case k.want != nil:
			require.ErrorIs(t, err, k.want, k.name)
		default:
			var e *conduit.Error
			require.True(t, errors.As(err, &e), "%s: %v", k.name, err)
			require.Equal(t, k.status, e.StatusCode, k.name)
			require.Equal(t, 1, e.Attempts, "%s: retries are off", k.name)
		}
		seen[ki]++
	}
	for ki, n := range seen {
		assert.NotZero(t, n, connKinds[ki].name)
	}
	assert.LessOrEqual(t, int(opened.Load()), 2, "TCP connections opened for 1,000 sequential calls")
	t.Logf("1,000 calls over %d kinds of answer opened %d connection(s)", len(connKinds), opened.Load())
}

func kindIndex(path string) int {
	if len(path) == 2 && path[1] >= 'a' && int(path[1]-'a') < len(connKinds) {
		return int(path[1] - 'a')
	}
	return 0
}

// A retried 5xx whose error page is larger than retryablehttp's own 4 KiB
// drain must not cost a connection per retry.
func TestRetriedLargeErrorPageKeepsConnection(t *testing.T) {
	var opened, calls atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1)%2 == 1 {
			w.WriteHeader(503)
			io.WriteString(w, strings.Repeat("x", 8<<10))
			return
		}
		io.WriteString(w, `{"id":1}`)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	c := newOpen(t, srv.URL, conduit.WithRetryBackoff(0, 0))
	op := Declare[item](c.svc, get("/"), nil)
	for i := 0; i < 100; i++ {
		_, err := op.Do(context.Background(), c, Call{}, nil)
		require.NoError(t, err)
	}
	assert.LessOrEqual(t, opened.Load(), int32(2))
}
