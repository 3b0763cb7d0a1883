package transport

import (
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
