package limits

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The parser alone: every hostile value is a wait between zero and the
// cap, whatever its unit.
func TestHostileWaitsParseWithinBounds(t *testing.T) {
	now := time.Now()
	for _, v := range []string{"1e300", "Inf", "-Inf", "NaN", "9223372037", "9223372036854775807", "-1", "1e-300",
		"18446744073709551616", "0x1p10", "1_000", "", " ", "Fri, 31 Dec 9999 23:59:59 GMT", "1.7976931348623157e308"} {
		for _, u := range []Unit{Seconds, Milliseconds, HTTPDate, EpochSeconds, GoDuration, AutoSeconds} {
			d, _ := ParseWait(v, u, now)
			assert.True(t, d >= 0 && d <= MaxRetryAfter, "%q in unit %d reads as %v", v, u, d)
		}
	}
	for _, v := range []string{"0x10", "1_000", "0x1p10"} {
		_, ok := ParseWait(v, Seconds, now)
		assert.False(t, ok, "%q is not a decimal number of seconds", v)
	}
}
