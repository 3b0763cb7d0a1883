package transport

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// extremeTimes are values a server can put where conduit expects seconds,
// an epoch, milliseconds or a date: the ends of int64, ±2^62, digit
// strings far past any integer type, the float forms strconv accepts.
var extremeTimes = []string{
	"4611686018427387904", "-4611686018427387904", "9223372036854775807", "-9223372036854775808",
	"9223372036854775808", "-9223372036854775809", strings.Repeat("9", 400), "-" + strings.Repeat("9", 400),
	"NaN", "Inf", "-Inf", "1e308", "-1e308", "4.611686018427388e18",
	"Mon, 01 Jan 0001 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "2562047h47m16.854775807s", "-2562047h",
}

// Every reader of a reset or wait header, in every family and for every
// extreme value, yields a wait between zero and the cap: the rate limit an
// answer reports, and the waits a bucket store keeps.
func TestExtremeResetsStayWithinBounds(t *testing.T) {
	budgetHeaders := []string{"X-RateLimit-Reset", "X-RateLimit-Reset-After", "RateLimit-Reset", "X-FeatureRateLimit-Reset",
		"X-RateLimit-Reset-Requests", "X-RateLimit-Reset-Tokens"}
	profiles := []*Profile{{}, {ResetUnit: limits.EpochSeconds}, {ResetUnit: limits.Milliseconds}, {ResetUnit: limits.HTTPDate}}
	for _, v := range extremeTimes {
		for _, name := range budgetHeaders {
			for _, p := range profiles {
				rl := p.rateLimit(headers(name, v, "X-RateLimit-Limit", "5"))
				if assert.NotNil(t, rl) {
					assert.True(t, inBounds(rl.Requests.Reset) && inBounds(rl.Tokens.Reset), "%s: %q reads as %v, %v", name, v, rl.Requests.Reset, rl.Tokens.Reset)
				}
			}
		}
		for _, field := range []string{"reset=" + v, `"default";r=0;t=` + v} {
			rl := (&Profile{}).rateLimit(headers("RateLimit", field))
			if rl != nil {
				assert.True(t, inBounds(rl.Requests.Reset), "RateLimit %q reads as %v", field, rl.Requests.Reset)
			}
		}
		for _, p := range profiles {
			for _, name := range []string{"Retry-After", "Retry-After-Ms", "X-RateLimit-Reset", "RateLimit-Reset", "X-RateLimit-Reset-After"} {
				d := p.wait(headers(name, v), nil, Meaning{Kind: conduit.ErrRateLimited})
				assert.True(t, inBounds(d), "%s: %q waits %v", name, v, d)
			}
			d := p.wait(nil, map[string]any{"retry_after": v}, Meaning{Kind: conduit.ErrRateLimited})
			assert.True(t, inBounds(d), "retry_after %q waits %v", v, d)
		}
	}
}

func inBounds(d time.Duration) bool { return d >= 0 && d <= limits.MaxRetryAfter }
