package transport

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
)

// maxRetryAfter is what an absurd wait (1e300 seconds, an overflowing
// epoch) reads as: longer than any cap, so the call ends at once with the
// error instead of retrying at once on a negative duration.
const maxRetryAfter = 24 * time.Hour

// parseWait reads one header value in unit; ok is false for a value that
// says nothing usable.
func parseWait(v string, unit Unit, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	switch unit {
	case HTTPDate:
		t, err := http.ParseTime(v)
		if err != nil {
			return 0, false
		}
		return clampWait(t.Sub(now).Seconds()), true
	case GoDuration:
		d, err := time.ParseDuration(v)
		if err != nil {
			if s, ok := number(v); ok { // some hosts send bare seconds here
				return clampWait(s), true
			}
			return 0, false
		}
		return clampWait(d.Seconds()), true
	}
	s, ok := number(v)
	if !ok {
		return 0, false
	}
	switch unit {
	case Milliseconds:
		s /= 1000
	case EpochSeconds:
		s -= float64(now.UnixNano()) / 1e9
	case AutoSeconds:
		if s > 1e9 {
			s -= float64(now.UnixNano()) / 1e9
		}
	}
	return clampWait(s), true
}

// number parses a decimal number, refusing NaN and the hex and underscore
// forms strconv also accepts.
func number(v string) (float64, bool) {
	if strings.ContainsAny(v, "xX_pP") {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil && !math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// clampWait turns seconds into a wait: nothing for a time already past,
// maxRetryAfter for anything longer, infinities included.
func clampWait(s float64) time.Duration {
	switch {
	case !(s > 0): // NaN, zero, negative
		return 0
	case s >= maxRetryAfter.Seconds():
		return maxRetryAfter
	}
	return time.Duration(s * float64(time.Second))
}

// wait reads how long the service asked the caller to wait: the standard
// headers, and for a rate limit the profile's own headers, its body member,
// the reset of the budget that ran out. 0 means the answer names none.
func (p *Profile) wait(h http.Header, doc any, m Meaning) time.Duration {
	now := time.Now()
	rateLimited := m.Kind == conduit.ErrRateLimited
	waits := []Wait{{"Retry-After-Ms", Milliseconds}, {"Retry-After", retryAfterUnit(h)}}
	if rateLimited {
		// The service's own headers also come with answers that ask for no
		// wait; they count only when the budget ran out.
		waits = append(waits, p.Waits...)
	}
	for _, w := range waits {
		if d, ok := parseWait(h.Get(w.Header), w.Unit, now); ok {
			return d
		}
	}
	paths := p.RetryAfter
	if rateLimited {
		paths = append(paths[:len(paths):len(paths)], "retry_after", "error.retry_after")
	}
	if d, ok := parseWait(first(doc, paths), GoDuration, now); ok {
		return d
	}
	if !rateLimited {
		return 0
	}
	for _, w := range []Wait{{"X-RateLimit-Reset-After", Seconds}, {"RateLimit-Reset", Seconds}, {"X-RateLimit-Reset", p.resetUnit()}} {
		if d, ok := parseWait(h.Get(w.Header), w.Unit, now); ok {
			return d
		}
	}
	if d, ok := ietfReset(h.Get("RateLimit")); ok {
		return d
	}
	return 0
}

// retryAfterUnit tells the two forms of Retry-After apart.
func retryAfterUnit(h http.Header) Unit {
	if v := h.Get("Retry-After"); strings.ContainsAny(v, ",:") {
		return HTTPDate
	}
	return Seconds
}

func (p *Profile) resetUnit() Unit {
	if p.ResetUnit == Seconds {
		return AutoSeconds // unset: tell an epoch from a count of seconds by size
	}
	return p.ResetUnit
}
