package limits

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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

// For every extreme value in a reset or wait header, the waits a bucket
// set keeps lie between now and the cap.
func TestBucketSetKeepsExtremeResetsWithinBounds(t *testing.T) {
	for _, v := range extremeTimes {
		for _, h := range []http.Header{
			{"X-Ratelimit-Reset-After": {v}, "X-Ratelimit-Remaining": {"0"}},
			{"X-Ratelimit-Reset": {v}, "X-Ratelimit-Remaining": {"0"}},
			{"Retry-After": {v}, "X-Ratelimit-Global": {"true"}},
			{"X-Ratelimit-Reset-After": {v}, "X-Ratelimit-Scope": {"global"}},
		} {
			b := NewBucketSet(&Buckets{}, nil, nil)
			status := http.StatusOK
			if h.Get("X-Ratelimit-Remaining") == "" {
				status = http.StatusTooManyRequests
			}
			before := time.Now()
			b.Update("GET /r", "", &http.Response{StatusCode: status, Header: h})
			after := time.Now()
			for _, bud := range b.budgets {
				assert.False(t, bud.reset.Before(before) && !bud.reset.IsZero() || bud.reset.After(after.Add(MaxRetryAfter)), "%v: reset at %v", h, bud.reset)
			}
			assert.False(t, b.global.After(after.Add(MaxRetryAfter)), "%v: global wait until %v", h, b.global)
		}
	}
}
