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
)

// Two clients of one host share one limiter; the stricter limit wins.
func TestLimiterSharedPerHost(t *testing.T) {
	registerLimit("shared.example.test:443", Limit{N: 10, Per: time.Second})
	a := limiterFor("shared.example.test:443")
	registerLimit("shared.example.test:443", Limit{N: 2, Per: time.Second})
	b := limiterFor("shared.example.test:443")
	require.NotNil(t, a)
	assert.Same(t, a, b)
	assert.Equal(t, limitFor(Limit{N: 2, Per: time.Second}), b.bucket.Limit())
	assert.Len(t, b.sent, 2)
	assert.Nil(t, limiterFor("unlimited.example.test"))
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
	c1 := newOpen(t, rec.URL, WithRateLimit(n, per))
	c2 := newOpen(t, rec.URL, WithRateLimit(n, per))
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		c := c1
		if i%2 == 1 {
			c = c2
		}
		go func() {
			defer wg.Done()
			assert.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil))
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
	c := newOpen(t, rec.URL, WithRateLimit(1, time.Hour))
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := c.Do(ctx, &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	require.Error(t, err)
	assert.Equal(t, int32(1), rec.hits.Load())
}
