package transport

import (
	"context"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

var (
	sharedMu       sync.Mutex
	sharedLimiters = map[Limit]config.Limiter{}
)

// sharedLimiter returns the process-wide limiter of a published limit. Its
// keys are hosts, so every client of the process that calls a host shares
// that host's budget, as the service counts per requester.
func sharedLimiter(l Limit) config.Limiter {
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

var tunedLimiters = map[string]*tunedLimiter{}

// tunedFor returns the process-wide limiter of svc, whose answers advertise
// its limit: one per service, since each advertises its own.
func tunedFor(svc *Service) *tunedLimiter {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	t, ok := tunedLimiters[svc.Name]
	if !ok || t.published != svc.Limit {
		t = &tunedLimiter{published: svc.Limit, n: svc.Limit.N, lim: conduit.NewLimiter(svc.Limit.N, svc.Limit.Per)}
		tunedLimiters[svc.Name] = t
	}
	return t
}

// tunedLimiter paces at the limit the service last advertised, over the
// window it documents, starting from the published one.
type tunedLimiter struct {
	published Limit
	mu        sync.Mutex
	n         int
	lim       config.Limiter
}

func (t *tunedLimiter) Wait(ctx context.Context, key string) error {
	t.mu.Lock()
	lim := t.lim
	t.mu.Unlock()
	return lim.Wait(ctx, key)
}

// current is the limit it paces at.
func (t *tunedLimiter) current() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

// observe retunes to the request limit an answer advertises. No limit
// (none reported, 0) changes nothing, and a limit above maxAdvertised times
// the published one is clamped there. The new pace starts with the next
// request; a wait already under way ends at the old one.
func (t *tunedLimiter) observe(rl *conduit.RateLimit) {
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
