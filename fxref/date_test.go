package fxref_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, even where the system has no zoneinfo

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// fxref's dates are conduit.Date values. TestDateCivil holds for any local
// time zone; TestDateUnderTimeZones runs it again under the zones furthest
// from UTC.
func TestDateCivil(t *testing.T) {
	if tz := os.Getenv("FXREF_CHILD_TZ"); tz != "" {
		require.Equal(t, tz, time.Local.String(), "the child runs in the zone it was given")
	}
	d, err := conduit.ParseDate("2024-01-01")
	require.NoError(t, err)
	assert.Equal(t, conduit.Date{Year: 2024, Month: time.January, Day: 1}, d)
	assert.Equal(t, "2024-01-01", d.String())

	b, err := json.Marshal(d)
	require.NoError(t, err)
	assert.Equal(t, `"2024-01-01"`, string(b))
	var back conduit.Date
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, d, back)

	// A Date keys JSON objects both ways, in date order.
	m := map[conduit.Date]int{d: 1, {Year: 2023, Month: time.December, Day: 31}: 0}
	b, err = json.Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, `{"2023-12-31":0,"2024-01-01":1}`, string(b))
	var mback map[conduit.Date]int
	require.NoError(t, json.Unmarshal(b, &mback))
	assert.Equal(t, m, mback)

	// DateOf reads the day in the time's own zone, converting nothing.
	kiritimati, err := time.LoadLocation("Pacific/Kiritimati") // UTC+14
	require.NoError(t, err)
	pagoPago, err := time.LoadLocation("Pacific/Pago_Pago") // UTC-11
	require.NoError(t, err)
	assert.Equal(t, d, conduit.DateOf(time.Date(2024, 1, 1, 0, 30, 0, 0, kiritimati)), "31 Dec in UTC")
	assert.Equal(t, d, conduit.DateOf(time.Date(2024, 1, 1, 23, 30, 0, 0, pagoPago)), "2 Jan in UTC")
	assert.Equal(t, d, conduit.DateOf(time.Date(2024, 1, 1, 23, 59, 59, 0, time.UTC)))
	assert.Equal(t, d, conduit.DateOf(time.Date(2024, 1, 1, 0, 0, 0, 0, time.Local)))
}

func TestDateUnderTimeZones(t *testing.T) {
	if os.Getenv("FXREF_CHILD_TZ") != "" {
		return
	}
	for _, tz := range []string{"Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns", "Asia/Kathmandu"} {
		t.Run(tz, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestDateCivil$", "-test.count=1")
			cmd.Env = append(os.Environ(), "TZ="+tz, "FXREF_CHILD_TZ="+tz)
			out, err := cmd.CombinedOutput()
			assert.NoError(t, err, "under TZ=%s:\n%s", tz, out)
		})
	}
}

func TestParseDateRejects(t *testing.T) {
	for _, s := range []string{
		"", "2024-1-01", "2024-01-1", "24-01-01", "2024/01/01", "2024-13-01", "2024-00-10", "2024-01-00",
		"2023-02-29", "2024-04-31", "0000-01-01", "+024-01-01", "-024-01-01", "2024-01-01T00:00:00Z",
		" 2024-01-01", "2024-01-01 ", "2024-0a-01", "2024-+1-01",
	} {
		_, err := conduit.ParseDate(s)
		assert.Error(t, err, "%q", s)
	}
	d, err := conduit.ParseDate("2024-02-29")
	require.NoError(t, err, "a leap day exists")
	assert.Equal(t, 29, d.Day)
}

func TestDateCompareAndValidity(t *testing.T) {
	a := conduit.Date{Year: 2024, Month: time.June, Day: 30}
	b := conduit.Date{Year: 2024, Month: time.July, Day: 1}
	c := conduit.Date{Year: 2025, Month: time.January, Day: 1}
	assert.Equal(t, -1, a.Compare(b))
	assert.Equal(t, 1, c.Compare(b))
	assert.Equal(t, 0, b.Compare(b))
	assert.True(t, conduit.Date{}.IsZero())
	assert.False(t, conduit.Date{}.IsValid())
	assert.False(t, conduit.Date{Year: 2024, Month: time.June, Day: 31}.IsValid())

	b2, err := json.Marshal(struct{ D conduit.Date }{})
	require.NoError(t, err)
	assert.Equal(t, `{"D":null}`, string(b2), "the zero Date is null")
	_, err = json.Marshal(conduit.Date{Year: 2024, Month: 2, Day: 30})
	assert.Error(t, err, "an impossible date is not written")

	var d conduit.Date
	for _, in := range []string{`"2024-02-30"`, `20240101`, `"yesterday"`, `{}`} {
		assert.Error(t, json.Unmarshal([]byte(in), &d), in)
	}
	require.NoError(t, json.Unmarshal([]byte(`null`), &d))
	assert.True(t, d.IsZero())
}

// Every string ParseDate accepts prints back unchanged and survives JSON.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2024-01-01", "2024-02-29", "2023-02-29", "9999-12-31", "0001-01-01", "+024-01-01", "2024-1-1", "１２３４-01-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := conduit.ParseDate(s)
		if err != nil {
			return
		}
		if !d.IsValid() || d.String() != s {
			t.Fatalf("%q parsed to %#v, which prints as %q", s, d, d.String())
		}
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var back conduit.Date
		if err := json.Unmarshal(b, &back); err != nil || back != d {
			t.Fatalf("%q: JSON round trip gave %v, %v", s, back, err)
		}
	})
}

// Whatever JSON a Date accepts leaves it zero (null) or valid.
func FuzzDateJSON(f *testing.F) {
	for _, s := range []string{`"2024-06-07"`, `null`, `"2024-02-30"`, `"\u0032024-01-01"`, `20240101`, `""`, `{"y":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d conduit.Date
		if err := json.Unmarshal([]byte(in), &d); err == nil && !d.IsZero() && !d.IsValid() {
			t.Fatalf("%s decoded to the impossible %#v", in, d)
		}
	})
}
