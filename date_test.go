package conduit_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, even where the system has no zoneinfo

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

func day(y int, m time.Month, d int) conduit.Date { return conduit.Date{Year: y, Month: m, Day: d} }

func TestParseDate(t *testing.T) {
	for in, want := range map[string]conduit.Date{
		"2024-01-01": day(2024, time.January, 1),
		"2024-02-29": day(2024, time.February, 29), // a leap day exists
		"2000-02-29": day(2000, time.February, 29),
		"2001-09-30": day(2001, time.September, 30), // fiscal record_date
		"2023-07-02": day(2023, time.July, 2),       // filings start
		"0001-01-01": day(1, time.January, 1),
		"9999-12-31": day(9999, time.December, 31),
	} {
		d, err := conduit.ParseDate(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, d, in)
		assert.Equal(t, in, d.String())
		assert.True(t, d.IsValid(), in)
	}
	for in, want := range map[string]string{
		"2023-02-29": "does not exist", "2023-02-30": "does not exist", "1900-02-29": "does not exist",
		"2024-04-31": "does not exist", "2024-13-01": "does not exist", "2024-00-10": "does not exist",
		"2024-01-00": "does not exist", "0000-01-01": "does not exist",
		"": "YYYY-MM-DD", "2024-1-01": "YYYY-MM-DD", "2024-01-1": "YYYY-MM-DD", "24-01-01": "YYYY-MM-DD",
		"2024/01/01": "YYYY-MM-DD", "+024-01-01": "YYYY-MM-DD", "-024-01-01": "YYYY-MM-DD",
		"2024-01-01T00:00:00Z": "YYYY-MM-DD", " 2024-01-01": "YYYY-MM-DD", "2024-01-01 ": "YYYY-MM-DD",
		"2024-0a-01": "YYYY-MM-DD", "2024-+1-01": "YYYY-MM-DD", "06/28/2024": "YYYY-MM-DD",
		"１２３４-01-01": "YYYY-MM-DD", "yesterday": "YYYY-MM-DD",
	} {
		d, err := conduit.ParseDate(in)
		require.Error(t, err, "%q", in)
		assert.True(t, d.IsZero(), in)
		assert.Contains(t, err.Error(), want, "%q", in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: date "), err.Error())
	}
}

func TestDateOf(t *testing.T) {
	kiritimati, err := time.LoadLocation("Pacific/Kiritimati") // UTC+14
	require.NoError(t, err)
	pagoPago, err := time.LoadLocation("Pacific/Pago_Pago") // UTC-11
	require.NoError(t, err)
	want := day(2024, time.January, 1)
	assert.Equal(t, want, conduit.DateOf(time.Date(2024, 1, 1, 0, 30, 0, 0, kiritimati)), "31 Dec in UTC")
	assert.Equal(t, want, conduit.DateOf(time.Date(2024, 1, 1, 23, 30, 0, 0, pagoPago)), "2 Jan in UTC")
	assert.Equal(t, want, conduit.DateOf(time.Date(2024, 1, 1, 23, 59, 59, 999999999, time.UTC)))

	assert.Equal(t, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), want.In(nil), "nil means UTC")
	at := want.In(kiritimati)
	assert.Equal(t, time.Date(2024, 1, 1, 0, 0, 0, 0, kiritimati), at)
	assert.Equal(t, want, conduit.DateOf(at), "In and DateOf are inverses")
	assert.Equal(t, "2023-12-31T10:00:00Z", at.UTC().Format(time.RFC3339))
}

func TestDateArithmetic(t *testing.T) {
	for _, tc := range []struct {
		from conduit.Date
		n    int
		want conduit.Date
	}{
		{day(2024, time.February, 28), 1, day(2024, time.February, 29)},
		{day(2023, time.February, 28), 1, day(2023, time.March, 1)},
		{day(2024, time.December, 31), 1, day(2025, time.January, 1)},
		{day(2024, time.January, 1), -1, day(2023, time.December, 31)},
		{day(2024, time.March, 31), -31, day(2024, time.February, 29)},
		{day(2024, time.June, 7), 0, day(2024, time.June, 7)},
		{day(2024, time.January, 1), 366, day(2025, time.January, 1)},
		{conduit.Date{}, 5, conduit.Date{}},
	} {
		assert.Equal(t, tc.want, tc.from.AddDays(tc.n), "%v + %d", tc.from, tc.n)
	}

	a, b, c := day(2024, time.June, 30), day(2024, time.July, 1), day(2025, time.January, 1)
	assert.Equal(t, -1, a.Compare(b))
	assert.Equal(t, 1, c.Compare(b))
	assert.Equal(t, 0, b.Compare(b))
	assert.Equal(t, -1, conduit.Date{}.Compare(a), "the zero Date sorts first")
	assert.True(t, a.Before(b))
	assert.False(t, b.Before(a))
	assert.False(t, b.Before(b))
	assert.True(t, c.After(b))
	assert.False(t, b.After(c))
	assert.False(t, b.After(b))

	assert.Equal(t, time.Friday, day(2024, time.June, 7).Weekday())
	assert.Equal(t, time.Monday, day(2024, time.January, 1).Weekday())
}

func TestDateZeroAndInvalid(t *testing.T) {
	var zero conduit.Date
	assert.True(t, zero.IsZero())
	assert.False(t, zero.IsValid())
	assert.Equal(t, "", zero.String())
	assert.False(t, day(2024, time.June, 31).IsValid())
	assert.False(t, day(10000, time.January, 1).IsValid())
	assert.False(t, day(2024, 13, 1).IsValid())
	assert.Equal(t, "2024-02-30", day(2024, time.February, 30).String(), "String shows the fields, valid or not")
	assert.Equal(t, "0012-03-04", day(12, time.March, 4).String())

	b, err := json.Marshal(struct{ D conduit.Date }{})
	require.NoError(t, err)
	assert.Equal(t, `{"D":null}`, string(b), "the zero Date is null")
	for _, bad := range []conduit.Date{day(2024, time.February, 30), day(0, time.January, 1), day(2024, 0, 1)} {
		_, err := json.Marshal(bad)
		assert.Error(t, err, "an impossible date is not written: %v", bad)
		_, err = bad.MarshalText()
		assert.Error(t, err, "%v", bad)
	}
}

func TestDateJSON(t *testing.T) {
	for in, want := range map[string]conduit.Date{
		`"2024-06-07"`:      day(2024, time.June, 7),
		` "2024-06-07" `:    day(2024, time.June, 7),
		`"\u0032024-01-01"`: day(2024, time.January, 1),
		`null`:              {},
		`""`:                {},
	} {
		d := day(1999, time.December, 31)
		require.NoError(t, json.Unmarshal([]byte(in), &d), in)
		assert.Equal(t, want, d, in)
	}
	for _, in := range []string{`"2024-02-30"`, `20240101`, `"yesterday"`, `{}`, `[]`, `true`, `"2024-06-07T00:00:00Z"`, `"`, `"2024-06-07`} {
		d := day(1999, time.December, 31)
		err := d.UnmarshalJSON([]byte(in))
		require.Error(t, err, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: date"), err.Error())
		assert.Equal(t, day(1999, time.December, 31), d, "%s: a failed decode leaves the value", in)
	}

	type filing struct {
		Filed, Period conduit.Date
	}
	f := filing{Filed: day(2024, time.November, 1)}
	b, err := json.Marshal(f)
	require.NoError(t, err)
	assert.Equal(t, `{"Filed":"2024-11-01","Period":null}`, string(b))
	var back filing
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, f, back)
}

func TestDateText(t *testing.T) {
	rates := map[conduit.Date]int{day(2024, time.January, 1): 1, day(2023, time.December, 31): 0}
	b, err := json.Marshal(rates)
	require.NoError(t, err)
	assert.Equal(t, `{"2023-12-31":0,"2024-01-01":1}`, string(b), "a Date keys a JSON object, in date order")
	var back map[conduit.Date]int
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rates, back)
	assert.Error(t, json.Unmarshal([]byte(`{"2024-02-30":1}`), &back))

	var d conduit.Date
	out, err := d.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, out, "the zero Date is empty text")
	require.NoError(t, d.UnmarshalText([]byte("2024-06-07")))
	assert.Equal(t, day(2024, time.June, 7), d)
	require.NoError(t, d.UnmarshalText(nil))
	assert.True(t, d.IsZero(), "and empty text is the zero Date")
}

// ParseDate agrees with time.Parse on four-digit years from 0001, and what
// it accepts prints back unchanged and survives JSON and text.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2024-01-01", "2024-02-29", "2023-02-29", "9999-12-31", "0001-01-01", "0000-01-01", "+024-01-01", "2024-1-1", "１２３４-01-01", "2024-01-01 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := conduit.ParseDate(s)
		tp, perr := time.Parse(time.DateOnly, s)
		want := perr == nil && tp.Year() >= 1 && len(s) == 10 && strings.Trim(s[:4], "0123456789") == ""
		if want != (err == nil) {
			t.Fatalf("%q: accepted %v, time.Parse says %v (%v, %v)", s, err == nil, want, err, perr)
		}
		if err != nil {
			return
		}
		if d != conduit.DateOf(tp) || !d.IsValid() || d.String() != s {
			t.Fatalf("%q parsed to %#v, which prints as %q", s, d, d.String())
		}
		if back := jsonRoundTrip(t, d); back != d {
			t.Fatalf("%q: JSON round trip gave %v", s, back)
		}
		txt, err := d.MarshalText()
		if err != nil || string(txt) != s {
			t.Fatalf("%q: text %q, %v", s, txt, err)
		}
		if next := d.AddDays(1); !next.After(d) || next.AddDays(-1) != d {
			t.Fatalf("%q: the next day is %v", s, next)
		}
	})
}
