package limits

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
)

// Read reads the budget an answer reports, in whichever of the header
// families services use: Discord's and GitHub-style X-RateLimit-*, the
// OpenAI-compatible x-ratelimit-*-requests and -tokens, the IETF RateLimit
// fields (both drafts' forms) and Cloudinary's X-FeatureRateLimit-*. It
// returns nil when the answer reports none. resetUnit is how the service
// writes X-RateLimit-Reset.
func Read(h http.Header, resetUnit Unit) *conduit.RateLimit {
	now := time.Now()
	rl := &conduit.RateLimit{Requests: unknownBudget(), Tokens: unknownBudget()}
	found := false
	read := func(b *conduit.Budget, limit, remaining, reset string, unit Unit) {
		l, lok := count(h.Get(limit))
		r, rok := count(h.Get(remaining))
		d, dok := ParseWait(h.Get(reset), unit, now)
		if !lok && !rok && !dok {
			return
		}
		found = true
		if lok {
			b.Limit = l
		}
		if rok {
			b.Remaining = r
		}
		if dok {
			b.Reset = d
		}
	}
	read(&rl.Requests, "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", resetUnit)
	if d, ok := ParseWait(h.Get("X-RateLimit-Reset-After"), Seconds, now); ok {
		rl.Requests.Reset, found = d, true // Discord's precise form wins over its epoch
	}
	read(&rl.Requests, "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", Seconds)
	read(&rl.Requests, "X-FeatureRateLimit-Limit", "X-FeatureRateLimit-Remaining", "X-FeatureRateLimit-Reset", HTTPDate)
	read(&rl.Requests, "X-RateLimit-Limit-Requests", "X-RateLimit-Remaining-Requests", "X-RateLimit-Reset-Requests", GoDuration)
	read(&rl.Tokens, "X-RateLimit-Limit-Tokens", "X-RateLimit-Remaining-Tokens", "X-RateLimit-Reset-Tokens", GoDuration)
	if v := h.Get("RateLimit"); v != "" {
		if r, ok := ietfField(v, "remaining", "r"); ok {
			rl.Requests.Remaining, found = r, true
		}
		if d, ok := IETFReset(v); ok {
			rl.Requests.Reset, found = d, true
		}
		if l, ok := ietfField(v, "limit", ""); ok {
			rl.Requests.Limit, found = l, true
		}
	}
	if l, ok := ietfField(h.Get("RateLimit-Policy"), "", "q"); ok && rl.Requests.Limit < 0 {
		rl.Requests.Limit, found = l, true
	}
	if v := h.Get("X-RateLimit-Bucket"); v != "" {
		rl.Bucket, found = v, true
	}
	if v := h.Get("X-RateLimit-Scope"); v != "" {
		rl.Scope, found = v, true
	}
	if strings.EqualFold(h.Get("X-RateLimit-Global"), "true") {
		rl.Global, found = true, true
	}
	if !found {
		return nil
	}
	return rl
}

func unknownBudget() conduit.Budget { return conduit.Budget{Limit: -1, Remaining: -1} }

func count(v string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	return n, err == nil && n >= 0
}

// ietfField reads a parameter of an IETF RateLimit field in either draft's
// syntax: "limit=100, remaining=50, reset=30" (older) or
// `"default";r=50;t=30` (newer); old and short name the parameter in each.
func ietfField(v, old, short string) (int64, bool) {
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || (k != old && k != short) || k == "" {
			continue
		}
		if n, ok := count(val); ok {
			return n, true
		}
	}
	return 0, false
}

// IETFReset reads the seconds until reset from a RateLimit field.
func IETFReset(v string) (time.Duration, bool) {
	n, ok := ietfField(v, "reset", "t")
	if !ok {
		return 0, false
	}
	return ClampWait(float64(n)), true
}
