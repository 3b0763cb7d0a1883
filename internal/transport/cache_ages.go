package transport

import (
	"net/http"
	"strings"
)

// maxDeltaSeconds is what RFC 9111 §1.2.2 has a cache read a
// delta-seconds value as when it is too large to compute with: 2^31.
const maxDeltaSeconds = "2147483648"

// boundAges rewrites, before the cache reads them, the Age header and the
// max-age and s-maxage directives an answer gives in seconds when they
// exceed 2^31: the cache multiplies them into a time.Duration, where a
// larger value wraps, and an Age wrapped negative served an answer stale
// on arrival as fresh.
func boundAges(h http.Header) {
	if v := h.Get("Age"); tooManySeconds(strings.TrimSpace(v)) {
		h.Set("Age", maxDeltaSeconds)
	}
	cc := h.Values("Cache-Control")
	changed := false
	out := make([]string, len(cc))
	for i, v := range cc {
		parts := strings.Split(v, ",")
		for j, d := range parts {
			name, val, ok := strings.Cut(strings.TrimSpace(d), "=")
			n := strings.ToLower(strings.TrimSpace(name))
			if ok && (n == "max-age" || n == "s-maxage") && tooManySeconds(strings.Trim(strings.TrimSpace(val), `"`)) {
				parts[j], changed = " "+n+"="+maxDeltaSeconds, true
			}
		}
		out[i] = strings.TrimSpace(strings.Join(parts, ","))
	}
	if changed {
		h["Cache-Control"] = out
	}
}

// tooManySeconds reports whether v is a delta-seconds value (digits only)
// above 2^31.
func tooManySeconds(v string) bool {
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return false
	}
	v = strings.TrimLeft(v, "0")
	return len(v) > len(maxDeltaSeconds) || len(v) == len(maxDeltaSeconds) && v > maxDeltaSeconds
}
