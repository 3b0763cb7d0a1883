package fiscal_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
)

func TestValueAccessors(t *testing.T) {
	amount, err := fiscal.Value("34831240048132.68").Amount()
	require.NoError(t, err)
	assert.Equal(t, "34831240048132.68", amount.Rat().FloatString(2))
	assert.Equal(t, "870781001203317/25", amount.Rat().RatString())
	pct, err := fiscal.Value("-0.125").Percentage()
	require.NoError(t, err)
	assert.Equal(t, "-1/8", pct.Rat().RatString())
	d, err := fiscal.Value("2001-09-30").Date()
	require.NoError(t, err)
	assert.Equal(t, conduit.Date{Year: 2001, Month: time.September, Day: 30}, d)
	n, err := fiscal.Value("07").Int()
	require.NoError(t, err)
	assert.EqualValues(t, 7, n)

	for _, v := range []fiscal.Value{"null", ""} {
		want := fiscal.ErrNull
		if v == "" {
			want = fiscal.ErrEmpty
		}
		for _, kind := range []string{"amount", "percentage", "date", "integer"} {
			err := parse(v, kind)
			assert.ErrorIs(t, err, want, "%q as %s", v, kind)
			assert.True(t, strings.HasPrefix(err.Error(), "fiscal: "+kind+": "), err.Error())
		}
	}

	bad := []struct {
		v    fiscal.Value
		kind string
	}{
		{"$1,234.00", "amount"}, {"1e3", "amount"}, {"3.5%", "percentage"}, {"NULL", "percentage"},
		{"2024-13-01", "date"}, {"2024-6-1", "date"}, {"06/28/2024", "date"}, {"2024-06-28T00:00:00Z", "date"},
		{"+7", "integer"}, {"7.0", "integer"}, {"Q3", "integer"}, {" 7", "integer"}, {"9223372036854775808", "integer"},
	}
	for _, tc := range bad {
		err := parse(tc.v, tc.kind)
		require.Error(t, err, "%q as %s", tc.v, tc.kind)
		assert.False(t, errors.Is(err, fiscal.ErrNull) || errors.Is(err, fiscal.ErrEmpty), tc.v)
		assert.True(t, strings.HasPrefix(err.Error(), "fiscal: "), err.Error())
	}
}

// parse runs the accessor for kind and keeps its error.
func parse(v fiscal.Value, kind string) error {
	var err error
	switch kind {
	case "amount":
		_, err = v.Amount()
	case "percentage":
		_, err = v.Percentage()
	case "date":
		_, err = v.Date()
	case "integer":
		_, err = v.Int()
	}
	return err
}

// Whatever the accessors accept reads back as the same text; "null" and ""
// are always reported as such, never as a value.
func FuzzValue(f *testing.F) {
	for _, s := range []string{"34831240048132.68", "3.375", "2024-06-28", "2024", "06", "null", "", "-0", "1e5", "+1", "2024-02-30"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := fiscal.Value(s)
		if s == "null" || s == "" {
			for _, kind := range []string{"amount", "percentage", "date", "integer"} {
				if e := parse(v, kind); !errors.Is(e, fiscal.ErrNull) && !errors.Is(e, fiscal.ErrEmpty) {
					t.Fatalf("%q as %s: %v", s, kind, e)
				}
			}
			return
		}
		if a, err := v.Amount(); err == nil {
			r := a.Rat()
			if strings.ContainsAny(s, "eE+/ ") {
				t.Fatalf("amount accepted %q", s)
			}
			if _, err := v.Percentage(); err != nil {
				t.Fatalf("%q: amount and percentage disagree", s)
			}
			if r.IsInt() && !strings.Contains(s, ".") {
				if got := r.Num().String(); strings.TrimLeft(strings.TrimPrefix(s, "-"), "0") != strings.TrimLeft(strings.TrimPrefix(got, "-"), "0") {
					t.Fatalf("%q reads as %s", s, got)
				}
			}
		}
		if d, err := v.Date(); err == nil && d.String() != s {
			t.Fatalf("date %q reads as %s", s, d)
		}
		if n, err := v.Int(); err == nil {
			if strings.TrimLeft(strings.TrimPrefix(s, "-"), "0") != strings.TrimLeft(strings.TrimPrefix(strconv.FormatInt(n, 10), "-"), "0") {
				t.Fatalf("integer %q reads as %d", s, n)
			}
		}
	})
}
