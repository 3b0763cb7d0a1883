package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/refused"
)

// recorder is a test server that remembers every request it saw.
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []*http.Request
	body [][]byte
	hits atomic.Int32
}

func newRecorder(t *testing.T, h http.HandlerFunc) *recorder {
	t.Helper()
	r := &recorder{}
	r.Server = httptest.NewServer(r.handler(h))
	t.Cleanup(r.Close)
	return r
}

// handler records each request, then answers with h, or with {"ok":true}.
func (r *recorder) handler(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.reqs = append(r.reqs, req.Clone(context.Background()))
		r.body = append(r.body, b)
		r.mu.Unlock()
		r.hits.Add(1)
		if h != nil {
			h(w, req)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	})
}

func (r *recorder) last() (*http.Request, []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reqs[len(r.reqs)-1], r.body[len(r.body)-1]
}

// testService is a fresh, unregistered service with two bases: each test
// declares on its own, so nothing is shared between tests.
func testService(auth Auth, values ...Value) *Service {
	return &Service{
		Name: "testsvc",
		Bases: []Base{
			{Name: "test_url", Option: "conduit.WithBaseURL"},
			{Name: "other_url", Option: "testsvc.WithOtherURL"},
		},
		Auth:   auth,
		Values: values,
	}
}

// apiKey is the credential most tests declare.
var apiKey = Value{Name: "api_key", Option: "testsvc.WithAPIKey", Secret: true}

func newClient(t *testing.T, svc *Service, opts ...conduit.Option) *Client {
	t.Helper()
	c, err := New(svc, opts...)
	require.NoError(t, err)
	return c
}

// newOpen is a client of a service without credentials, with fast retries.
func newOpen(t *testing.T, url string, opts ...conduit.Option) *Client {
	t.Helper()
	return newClient(t, testService(Auth{}), append([]conduit.Option{conduit.WithBaseURL(url), fastRetries()}, opts...)...)
}

func fastRetries() conduit.Option {
	return conduit.WithRetryBackoff(time.Millisecond, 2*time.Millisecond)
}

type okResult struct {
	conduit.Raw
	OK bool `json:"ok"`
}

type item struct {
	conduit.Raw
	ID int64 `json:"id"`
}

// get is an ad-hoc read of path.
func get(path string) Op { return Op{Name: "X", Method: "GET", Path: path} }

// post is an ad-hoc write of path.
func post(path string) Op { return Op{Name: "Create", Method: "POST", Path: path, Write: true} }

// into declares op on c's service and makes one call of it, decoding a 2xx
// answer into out, or discarding it when out is nil.
func into[T any](ctx context.Context, c *Client, op Op, call Call, out *T, opts ...conduit.Option) error {
	e := Declare[T](c.svc, op, nil)
	if out == nil {
		return e.Send(ctx, c, call, opts)
	}
	return e.Into(ctx, c, call, opts, out)
}

// send declares op on c's service and makes one call of it whose answer is
// discarded.
func send(ctx context.Context, c *Client, op Op, call Call, opts ...conduit.Option) error {
	return into[struct{}](ctx, c, op, call, nil, opts...)
}

var bg = context.Background()

// asError returns err's *conduit.Error or fails the test.
func asError(t *testing.T, err error) *conduit.Error {
	t.Helper()
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	return e
}

// closedURL is the address of a port nothing listens on.
func closedURL(t *testing.T) string {
	addr, release, err := refused.Port()
	require.NoError(t, err)
	t.Cleanup(release)
	return "http://" + addr
}

// finishes runs f and fails the test if it has not returned within limit:
// the calls it makes have no deadline of their own, so a hang would
// otherwise block the suite. It returns how long f took.
func finishes(t *testing.T, limit time.Duration, f func()) time.Duration {
	t.Helper()
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
		return time.Since(start)
	case <-time.After(limit):
		t.Fatalf("still running after %v", limit)
		return 0
	}
}
