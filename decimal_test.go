package conduit_test

import (
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return r
}

func decimal(t testing.TB, s string) conduit.Decimal {
	t.Helper()
	d, err := conduit.ParseDecimal(s)
	require.NoError(t, err, s)
	return d
}

func TestParseDecimalAccepts(t *testing.T) {
	for in, want := range map[string]string{
		"64000.12":                 "6400012/100",          // cryptoprices
		"109.95":                   "10995/100",            // store
		"1203.42":                  "120342/100",           // banklink
		"34831240048132.68":        "3483124004813268/100", // fiscal
		"-0.125":                   "-1/8",
		"0.25":                     "1/4",                  // imageedit credits
		"12345678901234567891":     "12345678901234567891", // filings, past 2^64
		"-9007199254740993":        "-9007199254740993",
		"0.000001":                 "1/1000000",
		"-0":                       "0",
		"007.10":                   "71/10",
		"0.10000000000000001":      "10000000000000001/100000000000000000",
		"1.5e3":                    "1500",
		"1E5":                      "100000",
		"1e+5":                     "100000",
		"-0.5e-3":                  "-1/2000",
		"1e100":                    "1" + strings.Repeat("0", 100),
		"1e-100":                   "1/1" + strings.Repeat("0", 100),
		"1e0000000000000000000100": "1" + strings.Repeat("0", 100),
	} {
		d, err := conduit.ParseDecimal(in)
		require.NoError(t, err, in)
		assert.Equal(t, in, d.String(), "kept as sent")
		assert.False(t, d.IsZero(), in)
		assert.Zero(t, d.Rat().Cmp(rat(t, want)), "%s = %s, want %s", in, d.Rat().RatString(), want)
	}
}

func TestParseDecimalRejects(t *testing.T) {
	for in, want := range map[string]string{
		"":            "empty",
		"-":           "no digits",
		"+1":          `unexpected '+' at offset 0`,
		".5":          "no digit before the '.'",
		"-.5":         "no digit before the '.'",
		"5.":          "no digit after the '.'",
		"5.e3":        "no digit after the '.'",
		"1.2.3":       `unexpected '.' at offset 3`,
		" 1":          `unexpected ' ' at offset 0`,
		"1 ":          `unexpected ' ' at offset 1`,
		"12\n":        `unexpected '\n' at offset 2`,
		"1,000":       `unexpected ',' at offset 1`,
		"12,50":       `unexpected ','`,
		"$5":          `unexpected '$'`,
		"3.5%":        `unexpected '%'`,
		"1/3":         `unexpected '/'`,
		"1_000":       `unexpected '_'`,
		"NaN":         `unexpected 'N'`,
		"Inf":         `unexpected 'I'`,
		"-Inf":        `unexpected 'I' at offset 1`,
		"--1":         `unexpected '-' at offset 1`,
		"1-":          `unexpected '-' at offset 1`,
		"0x10":        `unexpected 'x'`,
		"null":        `unexpected 'n'`,
		"١٢":          `unexpected '١'`,
		"1\xff":       "unexpected byte 0xff at offset 1",
		"1e":          "no digits in the exponent",
		"1e+":         "no digits in the exponent",
		"1ex":         "no digits in the exponent",
		"1e5.5":       `unexpected '.' at offset 3`,
		"1e101":       "exponent beyond ±100",
		"1e-101":      "exponent beyond ±100",
		"1e999999999": "exponent beyond ±100",
	} {
		d, err := conduit.ParseDecimal(in)
		require.Error(t, err, "%q", in)
		assert.True(t, d.IsZero(), "%q", in)
		assert.Contains(t, err.Error(), want, "%q", in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: decimal "+strconv.Quote(in)+": "), err.Error())
	}

	long := strings.Repeat("9", 60) + "x"
	_, err := conduit.ParseDecimal(long)
	require.Error(t, err)
	assert.Contains(t, err.Error(), strconv.Quote(long[:40])+"…", "the text is named, cut short")
	assert.NotContains(t, err.Error(), long[:41])
}

func TestDecimalAccessors(t *testing.T) {
	var absent conduit.Decimal
	assert.True(t, absent.IsZero())
	assert.Equal(t, "", absent.String())
	assert.Nil(t, absent.Rat())
	assert.Zero(t, absent.Float64())
	assert.Zero(t, absent.Sign())
	_, ok := absent.Int64()
	assert.False(t, ok)

	zero := decimal(t, "0.00")
	assert.False(t, zero.IsZero(), "0.00 is a value, not absent")
	assert.Zero(t, zero.Sign())

	for in, sign := range map[string]int{"-0": 0, "-0.000": 0, "0e5": 0, "-0.01": -1, "0.01": 1, "-1e-100": -1, "10e-3": 1} {
		assert.Equal(t, sign, decimal(t, in).Sign(), in)
	}

	assert.Equal(t, 1.52, decimal(t, "1.52").Float64())
	assert.Equal(t, 1500.0, decimal(t, "1.5e3").Float64())
	assert.True(t, math.IsInf(decimal(t, strings.Repeat("9", 400)).Float64(), 1), "past float64's range")

	for in, want := range map[string]int64{
		"120": 120, "1.20e2": 120, "120.000": 120, "-0": 0, "0e100": 0, "0.0": 0, "1e18": 1e18,
		"-9007199254740993": -9007199254740993, "9223372036854775807": math.MaxInt64,
		"-9223372036854775808": math.MinInt64, "-92233720368547758.08e2": math.MinInt64,
	} {
		v, ok := decimal(t, in).Int64()
		assert.True(t, ok, in)
		assert.Equal(t, want, v, in)
	}
	for _, in := range []string{"1.52", "12345678901234567891", "9223372036854775808", "-9223372036854775809", "1e19", "1e-100", "0.5", "1e100"} {
		_, ok := decimal(t, in).Int64()
		assert.False(t, ok, in)
	}
}

func TestDecimalCmp(t *testing.T) {
	var absent conduit.Decimal
	for _, tc := range []struct {
		a, b conduit.Decimal
		want int
	}{
		{decimal(t, "1.0"), decimal(t, "1.00"), 0},
		{decimal(t, "1e2"), decimal(t, "99.9"), 1},
		{decimal(t, "-1"), decimal(t, "1"), -1},
		{decimal(t, "-0"), decimal(t, "0.000"), 0},
		{decimal(t, "0.1"), decimal(t, "0.10000000000000001"), -1},
		{absent, decimal(t, "0"), -1},
		{absent, decimal(t, "-1e100"), -1},
		{decimal(t, "0"), absent, 1},
		{absent, absent, 0},
	} {
		assert.Equal(t, tc.want, tc.a.Cmp(tc.b), "%q vs %q", tc.a, tc.b)
		assert.Equal(t, -tc.want, tc.b.Cmp(tc.a), "%q vs %q", tc.b, tc.a)
	}
}

func TestDecimalUnmarshalJSON(t *testing.T) {
	for in, want := range map[string]string{
		`109.95`: "109.95", `"64000.12"`: "64000.12", `-3`: "-3", `0`: "0", `1.5e3`: "1.5e3",
		`"0.000001"`: "0.000001", `12345678901234567891`: "12345678901234567891", `"\u0031"`: "1",
		` 7 `: "7", `"01"`: "01", `null`: "", `""`: "", ` null `: "",
	} {
		var d conduit.Decimal
		require.NoError(t, json.Unmarshal([]byte(in), &d), in)
		assert.Equal(t, want, d.String(), in)
		assert.Equal(t, want == "", d.IsZero(), in)
	}
	for _, in := range []string{
		`true`, `{}`, `[]`, `[1]`, `"1,000"`, `"12,50"`, `"$5"`, `"abc"`, `"NaN"`, `"+1"`, `" 1"`, `"1 "`,
		`1e9999`, `"1e9999"`, `"null"`, `"0x10"`, `"`, `"\u00311,0"`,
	} {
		d := decimal(t, "5")
		err := d.UnmarshalJSON([]byte(in))
		require.Error(t, err, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: decimal"), err.Error())
		assert.Equal(t, "5", d.String(), "%s: a failed decode leaves the value", in)
	}
	d := decimal(t, "5")
	require.NoError(t, json.Unmarshal([]byte(`null`), &d))
	assert.True(t, d.IsZero(), "null makes a decoded value absent")
}

func TestDecimalMarshalJSON(t *testing.T) {
	for in, want := range map[string]string{
		"109.95": "109.95", "-3": "-3", "-0": "-0", "0": "0", "0.5": "0.5", "1.5E+3": "1.5E+3",
		"12345678901234567891": "12345678901234567891", "007.5": "7.5", "-00.5": "-0.5", "000": "0", "00e5": "0e5",
	} {
		b, err := json.Marshal(decimal(t, in))
		require.NoError(t, err, in)
		assert.Equal(t, want, string(b), in)
	}
	type prices struct {
		Bid, Ask, Last conduit.Decimal
	}
	p := prices{Bid: decimal(t, "64000.12"), Ask: decimal(t, "0.10000000000000001")}
	b, err := json.Marshal(p)
	require.NoError(t, err)
	assert.Equal(t, `{"Bid":64000.12,"Ask":0.10000000000000001,"Last":null}`, string(b))
	var back prices
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, p, back, "survives a round trip exactly")
}

func TestDecimalText(t *testing.T) {
	rates := map[conduit.Decimal]string{decimal(t, "1.5"): "a", decimal(t, "-2e3"): "b"}
	b, err := json.Marshal(rates)
	require.NoError(t, err)
	assert.Equal(t, `{"-2e3":"b","1.5":"a"}`, string(b))
	var back map[conduit.Decimal]string
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rates, back, "a Decimal keys a JSON object both ways")

	assert.Error(t, json.Unmarshal([]byte(`{"1,5":"a"}`), &back))

	var d conduit.Decimal
	require.NoError(t, d.UnmarshalText([]byte("7.25")))
	assert.Equal(t, "7.25", d.String())
	require.NoError(t, d.UnmarshalText(nil))
	assert.True(t, d.IsZero(), "empty text is absent")
	out, err := d.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, out)
	err = d.UnmarshalText([]byte("7,25"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"7,25"`)
}

// decimalGrammar is ParseDecimal's grammar written another way, as an
// oracle; the exponent bound is checked separately.
var decimalGrammar = regexp.MustCompile(`^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?([0-9]+))?$`)

func exponentInBounds(digits string) bool {
	digits = strings.TrimLeft(digits, "0")
	n, err := strconv.Atoi(digits)
	return digits == "" || (err == nil && n <= 100)
}

// ParseDecimal accepts exactly the grammar, keeps the text, and everything
// derived from it agrees with big.Rat.
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"-0.5", "123", "0.000001", "1e5", "1e101", "", ".", "-", "1/3", "+1", "00.10", "1e999999999", "9223372036854775808", "-92233720368547758.08e2", "1e-0100"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := conduit.ParseDecimal(s)
		m := decimalGrammar.FindStringSubmatch(s)
		if want := m != nil && exponentInBounds(m[1]); want != (err == nil) {
			t.Fatalf("%q: accepted %v, the grammar says %v (%v)", s, err == nil, want, err)
		}
		if err != nil {
			return
		}
		if d.String() != s || d.IsZero() {
			t.Fatalf("%q kept as %q", s, d.String())
		}
		r := rat(t, s)
		if d.Rat().Cmp(r) != 0 || d.Sign() != r.Sign() {
			t.Fatalf("%q: Rat %s, Sign %d", s, d.Rat().RatString(), d.Sign())
		}
		v, ok := d.Int64()
		if fits := r.IsInt() && r.Num().IsInt64(); ok != fits || (ok && v != r.Num().Int64()) {
			t.Fatalf("%q: Int64 = %d, %v", s, v, ok)
		}
		if want, _ := r.Float64(); d.Float64() != want {
			t.Fatalf("%q: Float64 = %v, want %v", s, d.Float64(), want)
		}
		if back := jsonRoundTrip(t, d); back.Cmp(d) != 0 {
			t.Fatalf("%q: JSON round trip gave %q", s, back)
		}
		var text conduit.Decimal
		if err := text.UnmarshalText([]byte(s)); err != nil || text != d {
			t.Fatalf("%q: text round trip gave %q, %v", s, text, err)
		}
	})
}

// Whatever JSON a Decimal accepts is absent or a number in the grammar that
// encodes back to the same value; a JSON number keeps its literal text.
func FuzzDecimalJSON(f *testing.F) {
	for _, s := range []string{`"64123.45"`, `"-0.5"`, `1.5`, `1e5`, `null`, `""`, `"1e5"`, `"\u0031"`, `true`, `{}`, `"12,50"`, `1e99999`, `"-"`, ` 0.1 `} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d conduit.Decimal
		if err := d.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		if d.IsZero() {
			return
		}
		if _, err := conduit.ParseDecimal(d.String()); err != nil {
			t.Fatalf("%s decoded to %q, outside the grammar", in, d)
		}
		if trimmed := strings.Trim(in, " \t\r\n"); trimmed[0] != '"' && d.String() != trimmed {
			t.Fatalf("number %s kept as %q", in, d)
		}
		if back := jsonRoundTrip(t, d); back.Cmp(d) != 0 {
			t.Fatalf("%s: round trip gave %q", in, back)
		}
	})
}
