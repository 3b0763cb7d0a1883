package transport

import (
	"math/big"
	"strings"
	"testing"
)

func TestParseDecimal(t *testing.T) {
	good := map[string]string{
		"-0.5":                 "-1/2",
		"123":                  "123",
		"0.000001":             "1/1000000",
		"-0":                   "0",
		"007.10":               "71/10",
		"26880124637592.64":    "2688012463759264/100",
		"0.10000000000000001":  "10000000000000001/100000000000000000",
		"99999999999999999999": "99999999999999999999",
	}
	for in, want := range good {
		got, err := ParseDecimal(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		w, _ := new(big.Rat).SetString(want)
		if got.Cmp(w) != 0 {
			t.Errorf("%q = %s, want %s", in, got.RatString(), w.RatString())
		}
	}
	bad := map[string]string{
		"":       "empty",
		"1e5":    "exponent",
		"1E-5":   "exponent",
		"+1":     `unexpected '+'`,
		"1/3":    `unexpected '/'`,
		".5":     `unexpected '.'`,
		"5.":     "no digits after the point",
		"-":      "no digits",
		"1.2.3":  `unexpected '.'`,
		" 1":     `unexpected ' '`,
		"1,000":  `unexpected ','`,
		"NaN":    `unexpected 'N'`,
		"Inf":    `unexpected 'I'`,
		"--1":    `unexpected '-'`,
		"1-":     `unexpected '-'`,
		"0x10":   `unexpected 'x'`,
		"null":   `unexpected 'n'`,
		"1_000":  `unexpected '_'`,
		"١٢":     "unexpected",
		"12\n":   "unexpected",
		"-.5":    `unexpected '.'`,
		"1.5e10": "exponent",
	}
	for in, want := range bad {
		_, err := ParseDecimal(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", in, err, want)
		}
	}
}

// Whatever ParseDecimal accepts is exact: the value written back with as
// many decimals as the input had is the input, up to a leading "-" on zero
// and leading zeros.
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"-0.5", "123", "0.000001", "1e5", "", ".", "-", "1/3", "+1", "00.10", "1e999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseDecimal(s)
		if err != nil {
			if r != nil {
				t.Fatalf("%q: value and error", s)
			}
			return
		}
		if strings.ContainsAny(s, "eE/+ ") {
			t.Fatalf("accepted %q", s)
		}
		decimals := 0
		if i := strings.IndexByte(s, '.'); i >= 0 {
			decimals = len(s) - i - 1
		}
		back, _ := new(big.Rat).SetString(r.FloatString(decimals))
		if back.Cmp(r) != 0 {
			t.Fatalf("%q round-trips to %s", s, r.FloatString(decimals))
		}
		want := strings.TrimLeft(strings.TrimPrefix(s, "-"), "0")
		got := strings.TrimLeft(strings.TrimPrefix(r.FloatString(decimals), "-"), "0")
		if want != got {
			t.Fatalf("%q reads back as %q", s, r.FloatString(decimals))
		}
	})
}
