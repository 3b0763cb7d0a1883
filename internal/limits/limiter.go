package limits

import (
	"context"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

// Limit is a request budget: at most N requests in any window of length Per.
type Limit struct {
	N   int
	Per time.Duration
	// Advertised says the service's answers state the limit it serves,
	// counted over Per (AniList's X-RateLimit-Limit, which drifts from its
	// documented figure), so the shared limiter retunes to each answer's.
	Advertised bool
}

var (
	sharedMu       sync.Mutex
	sharedLimiters = map[Limit]config.Limiter{}
)

// Shared returns the process-wide limiter of a published limit. Its
// keys are hosts, so every client of the process that calls a host shares
// that host's budget, as the service counts per requester.
func Shared(l Limit) config.Limiter {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	lim, ok := sharedLimiters[l]
	if !ok {
		lim = conduit.NewLimiter(l.N, l.Per)
		sharedLimiters[l] = lim
	}
	return lim
}

// maxAdvertised is how far above the published limit an advertised one may
// lift the pace: a larger figure is clamped, not believed.
const maxAdvertised = 10

var tunedLimiters = map[string]*Tuner{}

// Tuned returns the process-wide limiter of the service named service,
// whose answers advertise its limit: one per service, since each
// advertises its own. published is the limit it documents.
func Tuned(service string, published Limit) *Tuner {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	t, ok := tunedLimiters[service]
	if !ok || t.published != published {
		t = &Tuner{published: published, n: published.N, lim: conduit.NewLimiter(published.N, published.Per)}
		tunedLimiters[service] = t
	}
	return t
}

// Tuner paces at the limit the service last advertised, over the
// window it documents, starting from the published one.
type Tuner struct {
	published Limit
	mu        sync.Mutex
	n         int
	lim       config.Limiter
}

// Wait holds a request to host key until the pace allows it.
func (t *Tuner) Wait(ctx context.Context, key string) error {
	t.mu.Lock()
	lim := t.lim
	t.mu.Unlock()
	return lim.Wait(ctx, key)
}

// Current is the limit it paces at.
func (t *Tuner) Current() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

// Observe retunes to the request limit an answer advertises. No limit
// (none reported, 0) changes nothing, and a limit above maxAdvertised times
// the published one is clamped there. The new pace starts with the next
// request; a wait already under way ends at the old one.
func (t *Tuner) Observe(rl *conduit.RateLimit) {
	if rl == nil || rl.Requests.Limit <= 0 {
		return
	}
	n := int(min(rl.Requests.Limit, int64(maxAdvertised*t.published.N)))
	t.mu.Lock()
	defer t.mu.Unlock()
	if n != t.n {
		t.n, t.lim = n, conduit.NewLimiter(n, t.published.Per)
	}
}
