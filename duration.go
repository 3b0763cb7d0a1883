package conduit

import (
	"errors"
	"strconv"
	"time"
)

// Duration is a length of time in any of the forms services send one: a
// JSON number of seconds (51444, 3.5), a numeric string of seconds, the
// protobuf JSON form with an "s" suffix ("165s", "1.5s", "-2s",
// "0.000001s", as Google APIs send), or a clock "HH:MM:SS" / "H:MM:SS"
// (sunrise-sunset.org's day_length). It embeds time.Duration, so its
// methods (Seconds, String, …) and arithmetic on d.Duration apply.
type Duration struct{ time.Duration }

// UnmarshalJSON reads any of Duration's forms; null is 0. Digits past the
// nanosecond are dropped (truncated toward zero), as time.Duration cannot
// hold them. Other text, and a length beyond time.Duration's ±292 years,
// is an error.
func (d *Duration) UnmarshalJSON(b []byte) error {
	return decodeDigits(&d.Duration, "duration", b, parseDuration)
}

// parseDuration reads tok, the contents of a JSON string when str is true
// and a JSON literal otherwise.
func parseDuration(tok []byte, str bool) (time.Duration, error) {
	num := tok
	if str {
		if v, ok := parseClock(tok); ok {
			return v, nil
		}
		if n := len(tok); n > 0 && tok[n-1] == 's' {
			num = tok[:n-1]
		}
	}
	f, err := scanDecimal(num)
	if err != nil {
		return 0, numberError("duration", tok, errors.New(`want seconds ("90", "1.5s") or "H:MM:SS"`))
	}
	ns, _, fits := scaleInt(num, f, 9)
	if !fits {
		return 0, numberError("duration", tok, errors.New("beyond time.Duration's ±292 years"))
	}
	return time.Duration(ns), nil
}

// parseClock reads "HH:MM:SS" or "H:MM:SS", minutes and seconds below 60.
func parseClock(s []byte) (time.Duration, bool) {
	n := len(s)
	if (n != 7 && n != 8) || s[n-3] != ':' || s[n-6] != ':' {
		return 0, false
	}
	h, ok1 := digitsValue(s[:n-6])
	m, ok2 := digitsValue(s[n-5 : n-3])
	sec, ok3 := digitsValue(s[n-2:])
	if !ok1 || !ok2 || !ok3 || m > 59 || sec > 59 {
		return 0, false
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second, true
}

// MarshalJSON writes a JSON number of seconds, with as many decimals as
// the nanoseconds need ("1.5", "0.000000001", "-2"), which every form above
// reads back to the same Duration.
func (d Duration) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 30)
	u := uint64(d.Duration)
	if d.Duration < 0 {
		b = append(b, '-')
		u = -u // also right for math.MinInt64, whose magnitude fits a uint64
	}
	b = strconv.AppendUint(b, u/uint64(time.Second), 10)
	ns := u % uint64(time.Second)
	if ns == 0 {
		return b, nil
	}
	var frac [9]byte
	last := 0
	for i := len(frac) - 1; i >= 0; i-- {
		frac[i] = byte('0' + ns%10)
		if ns%10 != 0 && last == 0 {
			last = i + 1
		}
		ns /= 10
	}
	return append(append(b, '.'), frac[:last]...), nil
}
