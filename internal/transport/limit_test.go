package transport

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// Every client of a service with a published limit shares one limiter, keyed
// by host inside; a client's own limit, or none, replaces it for that
// client only.
func TestLimiterSharedAcrossClients(t *testing.T) {
	ten := limits.Limit{N: 10, Per: time.Second}
	assert.Same(t, limits.Shared(ten), limits.Shared(ten))
	assert.NotSame(t, limits.Shared(ten), limits.Shared(limits.Limit{N: 2, Per: time.Second}))

	svc := testService(Auth{})
	svc.Limit = ten
	a := newClient(t, svc, conduit.WithBaseURL("http://127.0.0.1:1"))
	b := newClient(t, svc, conduit.WithBaseURL("http://127.0.0.1:1"))
	require.NotNil(t, a.limiter)
	assert.Same(t, a.limiter, b.limiter)
	own := newClient(t, svc, conduit.WithBaseURL("http://127.0.0.1:1"), conduit.WithRateLimit(5, time.Second))
	assert.NotSame(t, a.limiter, own.limiter)
	none := newClient(t, svc, conduit.WithBaseURL("http://127.0.0.1:1"), conduit.WithRateLimit(0, 0))
	assert.Nil(t, none.limiter)
	assert.Nil(t, newOpen(t, "http://127.0.0.1:1").limiter, "a service that publishes no limit has none")
}

// Concurrent calls from two clients never put more than N requests in any
// sliding window, measured at the server.
func TestLimitHoldsInAnyWindow(t *testing.T) {
	var mu sync.Mutex
	var arrivals []time.Time
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrivals = append(arrivals, time.Now())
		mu.Unlock()
	})
	const n, per = 5, 200 * time.Millisecond
	shared := conduit.NewLimiter(n, per)
	c1 := newOpen(t, rec.URL, conduit.WithLimiter(shared))
	c2 := newOpen(t, rec.URL, conduit.WithLimiter(shared))
	op := get("/")
	e1, e2 := Declare[struct{}](c1.svc, op, nil), Declare[struct{}](c2.svc, op, nil)
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		c, e := c1, e1
		if i%2 == 1 {
			c, e = c2, e2
		}
		go func() {
			defer wg.Done()
			assert.NoError(t, e.Send(bg, c, Call{}, nil))
		}()
	}
	wg.Wait()
	sort.Slice(arrivals, func(i, j int) bool { return arrivals[i].Before(arrivals[j]) })
	require.Len(t, arrivals, 16)
	for i := range arrivals {
		j := i
		for j < len(arrivals) && arrivals[j].Sub(arrivals[i]) < per {
			j++
		}
		assert.LessOrEqual(t, j-i, n, "window starting at request %d", i)
	}
}

func TestLimiterWaitHonoursDeadline(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL, conduit.WithRateLimit(1, time.Hour))
	require.NoError(t, send(bg, c, get("/"), Call{}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := send(ctx, c, get("/"), Call{})
	require.Error(t, err)
	assert.Equal(t, int32(1), rec.hits.Load())
}
