package transport

import "time"

// maxSince bounds what Since returns, about 146 years either way: further
// than any tolerance a check compares against, and small enough that
// negating it, or adding any such tolerance to it, cannot overflow a
// time.Duration.
const maxSince = time.Duration(1 << 62)

// Since returns how long before now the Unix time secs lies: positive for
// a time past, negative for one ahead. secs comes from outside (a webhook
// timestamp, a JWT iat), so it may be any int64: time.Time.Sub saturates
// at the ends of a Duration and its negation overflows back to a negative
// value, which made a timestamp 2^62 s ahead pass a "not too far ahead"
// check. Since computes the distance in whole seconds first and clamps it
// to ±maxSince, so that -Since(…) and comparisons with it are always
// sound.
func Since(now time.Time, secs int64) time.Duration {
	const limit = int64(maxSince / time.Second)
	n := now.Unix()
	switch {
	case secs < n-limit:
		return maxSince
	case secs > n+limit:
		return -maxSince
	}
	return now.Sub(time.Unix(secs, 0))
}
