// Package limits holds what paces a client: the limiter a service's
// published limit sets (and retunes from the limit its answers advertise),
// the route buckets a service reports (Discord), the budget an answer
// reports in any of the header families, and the reading of a wait
// header in whichever unit it is written. It knows nothing of a call: the
// core asks it before each attempt and tells it each answer.
package limits

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Unit is how a header writes a time.
type Unit uint8

// The units services use.
const (
	Seconds      Unit = iota // "30", "1.5"
	Milliseconds             // "1500"
	HTTPDate                 // "Wed, 21 Oct 2015 07:28:00 GMT"
	EpochSeconds             // "1700000000", "1700000000.123"
	GoDuration               // "1m30s", "7.66s", "250ms"
	AutoSeconds              // seconds until, or an epoch when the value passes 1e9
)

// MaxRetryAfter is what an absurd wait (1e300 seconds, an overflowing
// epoch) reads as: longer than any cap, so the call ends at once with the
// error instead of retrying at once on a negative duration.
const MaxRetryAfter = 24 * time.Hour

// ParseWait reads one header value in unit; ok is false for a value that
// says nothing usable.
func ParseWait(v string, unit Unit, now time.Time) (time.Duration, bool) {
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
		return ClampWait(t.Sub(now).Seconds()), true
	case GoDuration:
		d, err := time.ParseDuration(v)
		if err != nil {
			if s, ok := number(v); ok { // some hosts send bare seconds here
				return ClampWait(s), true
			}
			return 0, false
		}
		return ClampWait(d.Seconds()), true
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
	return ClampWait(s), true
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

// ClampWait turns seconds into a wait: nothing for a time already past,
// MaxRetryAfter for anything longer, infinities included.
func ClampWait(s float64) time.Duration {
	switch {
	case !(s > 0): // NaN, zero, negative
		return 0
	case s >= MaxRetryAfter.Seconds():
		return MaxRetryAfter
	}
	return time.Duration(s * float64(time.Second))
}
