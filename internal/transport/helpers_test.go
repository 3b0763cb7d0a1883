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
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
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
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *recorder) last() (*http.Request, []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reqs[len(r.reqs)-1], r.body[len(r.body)-1]
}

func testService(auth Auth, values ...Value) *Service {
	return &Service{Name: "testsvc", Bases: []string{"test_url", "other_url"}, Auth: auth, Values: values}
}

func fastRetries() Option { return WithRetryBackoff(time.Millisecond, 2*time.Millisecond) }

type okResult struct {
	Raw
	OK bool `json:"ok"`
}
