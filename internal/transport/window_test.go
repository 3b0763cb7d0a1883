package transport

import (
	"context"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sort"
	"sync"
	"testing"
	"time"
)

// However late the waiters wake, no n+1 recorded departures fall within one
// span: the property holds by construction, not by timing.
func TestSendWindowBound(t *testing.T) {
	w := &sendWindow{n: 4, span: 30 * time.Millisecond}
	var mu sync.Mutex
	var sent []time.Time
	var wg sync.WaitGroup
	for range 14 {
		wg.Go(func() {
			at, err := w.wait(context.Background())
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			sent = append(sent, at)
			mu.Unlock()
		})
	}
	wg.Wait()
	sort.Slice(sent, func(i, j int) bool { return sent[i].Before(sent[j]) })
	for i := 0; i+w.n < len(sent); i++ {
		if gap := sent[i+w.n].Sub(sent[i]); gap < w.span {
			t.Errorf("departures %d and %d are %v apart, within one span of %v", i, i+w.n, gap, w.span)
		}
	}
}

func TestSendWindowCancel(t *testing.T) {
	w := &sendWindow{n: 1, span: time.Hour}
	if _, err := w.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.wait(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("a full window with a cancelled context returned %v", err)
	}
}

func TestWithSendWindowOption(t *testing.T) {
	def := Limit{N: 3, Per: time.Second}
	cfg := newConfig()
	WithRateLimit(0, 0)(cfg)
	WithSendWindow(def)(cfg)
	if cfg.httpClient != nil {
		t.Error("WithRateLimit(0, 0) must lift the window too")
	}

	jar, _ := cookiejar.New(nil)
	user := &http.Client{Jar: jar, Timeout: 7 * time.Second}
	cfg = newConfig()
	WithHTTPClient(user)(cfg)
	WithRateLimit(5, time.Minute)(cfg)
	WithSendWindow(def)(cfg)
	wt, ok := cfg.httpClient.Transport.(*windowTransport)
	if !ok || wt.user != user || wt.limit != (Limit{N: 5, Per: time.Minute}) {
		t.Fatalf("window not wrapping the caller's client with its limit: %#v", cfg.httpClient.Transport)
	}
	if cfg.httpClient.Jar != jar || cfg.httpClient.Timeout != 7*time.Second {
		t.Error("the caller's Jar and Timeout were dropped")
	}
}

// The caller's Transport is read at each request, so a test double swapped
// in after New still answers.
func TestWindowTransportReadsUserTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) }))
	defer srv.Close()
	user := &http.Client{}
	cfg := newConfig()
	WithHTTPClient(user)(cfg)
	WithSendWindow(Limit{N: 100, Per: time.Second})(cfg)
	user.Transport = roundTripFunc(func(*http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusAccepted, Body: http.NoBody}, nil
	})
	req, _ := http.NewRequest("GET", srv.URL, nil)
	resp, err := cfg.httpClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Errorf("status %d: the swapped-in transport was not used", resp.StatusCode)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
