package fxref

import (
	"cmp"
	"fmt"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Date is a calendar day as the rates are published: no time of day and no
// time zone, so it never shifts a day the way a time.Time at midnight does
// when converted between zones. It is written and read as "YYYY-MM-DD".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate parses exactly "YYYY-MM-DD" (four-digit year 0001–9999) and
// rejects days that do not exist, such as 2023-02-29.
func ParseDate(s string) (Date, error) {
	bad := fmt.Errorf("fxref: %q is not a YYYY-MM-DD date", s)
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, bad
	}
	num := func(p string) int {
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return -1
			}
		}
		n, _ := strconv.Atoi(p)
		return n
	}
	d := Date{Year: num(s[:4]), Month: time.Month(num(s[5:7])), Day: num(s[8:])}
	if !d.IsValid() {
		return Date{}, bad
	}
	return d, nil
}

// DateOf returns the day t falls on in t's own location, without moving it
// to UTC or to the local zone first.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// IsValid reports whether d names a day that exists, in years 1 to 9999.
func (d Date) IsValid() bool {
	if d.Year < 1 || d.Year > 9999 || d.Month < time.January || d.Month > time.December || d.Day < 1 {
		return false
	}
	return DateOf(time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC)) == d
}

// Weekday is the day of the week d falls on; the service publishes rates on
// working days only.
func (d Date) Weekday() time.Weekday {
	return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).Weekday()
}

// IsZero reports whether d is the zero Date, which means "not set".
func (d Date) IsZero() bool { return d == Date{} }

// Compare returns -1, 0 or +1 as d is before, the same day as, or after o.
func (d Date) Compare(o Date) int {
	return cmp.Or(cmp.Compare(d.Year, o.Year), cmp.Compare(d.Month, o.Month), cmp.Compare(d.Day, o.Day))
}

// String formats d as "YYYY-MM-DD".
func (d Date) String() string {
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// MarshalText writes "YYYY-MM-DD", so a Date can key a JSON object.
func (d Date) MarshalText() ([]byte, error) {
	if !d.IsValid() {
		return nil, fmt.Errorf("fxref: %s is not a valid date", d)
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads "YYYY-MM-DD", so JSON objects keyed by date decode
// into maps keyed by Date.
func (d *Date) UnmarshalText(b []byte) error {
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// MarshalJSON writes "YYYY-MM-DD", or null for the zero Date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	b, err := d.MarshalText()
	if err != nil {
		return nil, err
	}
	return strconv.AppendQuote(nil, string(b)), nil
}

// UnmarshalJSON reads a "YYYY-MM-DD" string; null leaves d unchanged.
func (d *Date) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	s, err := transport.JSONString(b)
	if err != nil {
		return fmt.Errorf("fxref: date: %w", err)
	}
	return d.UnmarshalText([]byte(s))
}
