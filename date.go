package conduit

import (
	"cmp"
	"fmt"
	"strconv"
	"time"
)

// Date is a civil date, a day on the calendar with no time of day and no
// time zone: fx reference dates, filing dates, treasury record dates, the
// day a sunrise is asked for. A time.Time at midnight shifts to the
// previous or next day when converted between zones; a Date cannot. It is
// written and read as "YYYY-MM-DD". The zero Date means "not set".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads exactly "YYYY-MM-DD", years 0001 to 9999, and only a day
// that exists: "2023-02-29" and "2024-04-31" are errors rather than being
// rolled over into the next month, as time.Date would.
func ParseDate(s string) (Date, error) { return parseDate(s) }

// parseDate is ParseDate over any text, so JSON is read without a copy.
func parseDate[T text](s T) (Date, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, fmt.Errorf("conduit: date %s is not written YYYY-MM-DD", quoted(s))
	}
	y, ok1 := digitsValue(s[0:4])
	m, ok2 := digitsValue(s[5:7])
	day, ok3 := digitsValue(s[8:10])
	if !ok1 || !ok2 || !ok3 {
		return Date{}, fmt.Errorf("conduit: date %s is not written YYYY-MM-DD", quoted(s))
	}
	d := Date{Year: y, Month: time.Month(m), Day: day}
	if !d.IsValid() {
		return Date{}, fmt.Errorf("conduit: date %s does not exist", quoted(s))
	}
	return d, nil
}

// digitsValue reads s as base-10 digits only (no sign, no spaces).
func digitsValue[T text](s T) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// DateOf returns the day t falls on in t's own location, converting
// nothing: 00:30 on 1 January in UTC+14 is 1 January, though it is still
// 31 December in UTC.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// IsValid reports whether d names a day that exists in the years 1 to 9999,
// the days "YYYY-MM-DD" can write; a Date built as a literal may not.
func (d Date) IsValid() bool {
	return d.Year >= 1 && d.Year <= 9999 && d.Month >= time.January && d.Month <= time.December &&
		d.Day >= 1 && d.Day <= daysIn(d.Year, d.Month)
}

// daysIn is the length of month m of year y in the Gregorian calendar.
func daysIn(y int, m time.Month) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

// IsZero reports whether d is the zero Date, which means "not set".
func (d Date) IsZero() bool { return d == Date{} }

// String returns "YYYY-MM-DD", or "" for the zero Date, so an unset date
// prints as nothing rather than as "0000-00-00".
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return string(d.appendText(make([]byte, 0, 10)))
}

func (d Date) appendText(b []byte) []byte {
	if y, m, day := d.Year, int(d.Month), d.Day; 0 <= y && y <= 9999 && 0 <= m && m <= 99 && 0 <= day && day <= 99 {
		// What appendPadded writes for these, a digit at a time.
		return append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
			byte('0'+m/10), byte('0'+m%10), '-', byte('0'+day/10), byte('0'+day%10))
	}
	b = appendPadded(b, d.Year, 4)
	b = append(b, '-')
	b = appendPadded(b, int(d.Month), 2)
	b = append(b, '-')
	return appendPadded(b, d.Day, 2)
}

// appendPadded writes n with leading zeros up to width digits.
func appendPadded(b []byte, n, width int) []byte {
	for p := 10; width > 1; p, width = p*10, width-1 {
		if n >= 0 && n < p {
			b = append(b, '0')
		}
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// In returns midnight at the start of d in loc (UTC when loc is nil), for
// comparing with instants and for APIs that want a time.Time. Where a
// zone skips midnight, time.Date's rule picks the instant.
func (d Date) In(loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// AddDays returns the date n days after d (before it when n < 0), for
// date ranges and "the previous working day"; months and years roll over.
// The zero Date stays zero, as "not set" has no neighbours.
func (d Date) AddDays(n int) Date {
	if d.IsZero() {
		return d
	}
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
}

// Weekday is the day of the week d falls on, since services publish on
// working days only (fx reference rates, treasury data).
func (d Date) Weekday() time.Weekday { return d.In(nil).Weekday() }

// Compare returns -1, 0 or +1 as d is before, the same day as, or after o,
// for slices.SortFunc; the zero Date sorts first.
func (d Date) Compare(o Date) int {
	return cmp.Or(cmp.Compare(d.Year, o.Year), cmp.Compare(d.Month, o.Month), cmp.Compare(d.Day, o.Day))
}

// Before reports whether d is an earlier day than o.
func (d Date) Before(o Date) bool { return d.Compare(o) < 0 }

// After reports whether d is a later day than o.
func (d Date) After(o Date) bool { return d.Compare(o) > 0 }

// MarshalText writes "YYYY-MM-DD" ("" for the zero Date), so a Date can key
// a JSON object, print in slog text output and serve flag.TextVar. A day
// that does not exist is an error rather than text no parser would read.
func (d Date) MarshalText() ([]byte, error) {
	if d.IsZero() {
		return []byte{}, nil
	}
	return d.appendValid(make([]byte, 0, 10))
}

// appendValid writes d, refusing a day that does not exist.
func (d Date) appendValid(b []byte) ([]byte, error) {
	if !d.IsValid() {
		return nil, fmt.Errorf("conduit: date %s does not exist", d.appendText(nil))
	}
	return d.appendText(b), nil
}

// UnmarshalText reads "YYYY-MM-DD" as ParseDate does; empty text is the
// zero Date, the inverse of MarshalText.
func (d *Date) UnmarshalText(b []byte) error {
	v, err := dateText(b)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// dateText reads the text of a Date, where "" is the zero Date.
func dateText(b []byte) (Date, error) {
	if len(b) == 0 {
		return Date{}, nil
	}
	return parseDate(b)
}

// MarshalJSON writes "YYYY-MM-DD", or null for the zero Date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	b, err := d.appendValid(append(make([]byte, 0, 12), '"'))
	if err != nil {
		return nil, err
	}
	return append(b, '"'), nil
}

// UnmarshalJSON reads a "YYYY-MM-DD" string; null and "" leave d zero.
// Anything else, a number such as 20240101 included, is an error.
func (d *Date) UnmarshalJSON(b []byte) error {
	return decodeDigits(d, "date", b, func(tok []byte, str bool) (Date, error) {
		if !str {
			return Date{}, fmt.Errorf("conduit: date: want a \"YYYY-MM-DD\" string, got %s", quoted(tok))
		}
		return dateText(tok)
	})
}
