package redislimit_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/filings"
)

// Two conduit clients with two limiters on one Redis, as two replicas of a
// service would be, share one budget through conduit.WithLimiter: of 12
// calls against 5 an hour, 5 reach the host and the other 7 fail at once
// with the deadline, having sent nothing. The budget is kept under the
// host the clients call.
func TestConduitClientsShareTheBudget(t *testing.T) {
	rdb := sharedRedis(t)
	fake := conduittest.NewServer(t)
	var mu sync.Mutex
	arrived := 0
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived++
		mu.Unlock()
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(host.Close)
	// Its own host name, so that no other test's budget applies.
	u := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)

	const n, calls = 5, 12
	var clients []*filings.Client
	for range 2 {
		l := newLimiter(t, rdb, n, time.Hour)
		c, err := filings.New(append(fake.OptionsAt("filings", u), conduit.WithLimiter(l))...)
		if err != nil {
			t.Fatal(err)
		}
		clients = append(clients, c)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	results := make(chan error, calls)
	for i := range calls {
		wg.Go(func() {
			_, err := clients[i%2].Submissions(ctx, 320193)
			results <- err
		})
	}
	wg.Wait()
	close(results)
	ok, refused := 0, 0
	for err := range results {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, context.DeadlineExceeded):
			refused++
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if ok != n || refused != calls-n || arrived != n {
		t.Errorf("%d calls succeeded, %d were refused, %d reached the host; want %d, %d, %d", ok, refused, arrived, n, calls-n, n)
	}
	key := newLimiter(t, rdb, n, time.Hour).Key(strings.TrimPrefix(u, "http://"))
	if got, err := rdb.ZCard(context.Background(), key).Result(); err != nil || got != n {
		t.Errorf("Redis key %s holds %d sends (%v), want %d", key, got, err, n)
	}
}
