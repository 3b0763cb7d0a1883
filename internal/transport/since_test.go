package transport

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Since stays within ±maxSince for every int64 a sender can write, keeps
// its sign (past positive, ahead negative), and its negation never wraps.
func TestSinceIsBoundedAndNegatable(t *testing.T) {
	now := time.Unix(1_719_307_544, 0)
	for _, tc := range []struct {
		secs int64
		sign int
	}{
		{math.MaxInt64, -1}, {math.MaxInt64 - 1, -1}, {1 << 62, -1}, {253402300800, -1},
		{math.MinInt64, 1}, {math.MinInt64 + 1, 1}, {-1 << 62, 1}, {-62135596801, 1},
		{0, 1}, {now.Unix(), 0},
	} {
		d := Since(now, tc.secs)
		assert.True(t, d >= -maxSince && d <= maxSince, "%d reads as %v", tc.secs, d)
		assert.Equal(t, tc.sign, signOf(d), "%d reads as %v", tc.secs, d)
		assert.Equal(t, -tc.sign, signOf(-d), "-Since(%d) wraps: %v", tc.secs, -d)
	}
	assert.Equal(t, 90*time.Second, Since(now, now.Unix()-90))
	assert.Equal(t, -5*time.Minute, Since(now, now.Unix()+300))
}

func signOf(d time.Duration) int {
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}
