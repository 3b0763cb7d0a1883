package transport

import (
	"net/http"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// rateLimit reads the budget an answer reports (see limits.Read), with the
// service's unit for X-RateLimit-Reset.
func (p *Profile) rateLimit(h http.Header) *conduit.RateLimit {
	return limits.Read(h, p.resetUnit())
}

// wait reads how long the service asked the caller to wait: the standard
// headers, and for a rate limit the profile's own headers, its body member,
// the reset of the budget that ran out. 0 means the answer names none.
func (p *Profile) wait(h http.Header, doc any, m Meaning) time.Duration {
	now := time.Now()
	rateLimited := m.Kind == conduit.ErrRateLimited
	waits := []Wait{{"Retry-After-Ms", limits.Milliseconds}, {"Retry-After", retryAfterUnit(h)}}
	if rateLimited {
		// The service's own headers also come with answers that ask for no
		// wait; they count only when the budget ran out.
		waits = append(waits, p.Waits...)
	}
	for _, w := range waits {
		if d, ok := limits.ParseWait(h.Get(w.Header), w.Unit, now); ok {
			return d
		}
	}
	paths := p.RetryAfter
	if rateLimited {
		paths = append(paths[:len(paths):len(paths)], "retry_after", "error.retry_after")
	}
	if d, ok := limits.ParseWait(first(doc, paths), limits.GoDuration, now); ok {
		return d
	}
	if !rateLimited {
		return 0
	}
	for _, w := range []Wait{{"X-RateLimit-Reset-After", limits.Seconds}, {"RateLimit-Reset", limits.Seconds}, {"X-RateLimit-Reset", p.resetUnit()}} {
		if d, ok := limits.ParseWait(h.Get(w.Header), w.Unit, now); ok {
			return d
		}
	}
	if d, ok := limits.IETFReset(h.Get("RateLimit")); ok {
		return d
	}
	return 0
}

// retryAfterUnit tells the two forms of Retry-After apart.
func retryAfterUnit(h http.Header) limits.Unit {
	if v := h.Get("Retry-After"); strings.ContainsAny(v, ",:") {
		return limits.HTTPDate
	}
	return limits.Seconds
}

func (p *Profile) resetUnit() limits.Unit {
	if p.ResetUnit == limits.Seconds {
		return limits.AutoSeconds // unset: tell an epoch from a count of seconds by size
	}
	return p.ResetUnit
}
