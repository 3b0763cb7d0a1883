package conduit

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf8"
)

// Decimal is an exact decimal number as a service sent it: money, prices,
// rates, XBRL fact values. It keeps the text itself, so nothing is rounded
// through a float64 on the way in (a ledger amount past 2^53, or "0.1",
// survives exactly) and the value prints back as it was sent. Rat, Float64
// and Int64 convert on demand.
//
// The zero Decimal is absent: the service sent null or "". A Decimal
// holding "0.00" is present and not IsZero; its Sign is 0. Two Decimals are
// == when their texts are equal ("1.0" is not == "1.00"); Cmp compares
// values.
type Decimal struct {
	text string // as sent; always matches the grammar of ParseDecimal, or ""
}

// maxExponent bounds the exponent a Decimal may carry, so that Rat, which
// expands it, can never be asked for unbounded memory by "1e999999999".
const maxExponent = 100

// ParseDecimal reads a decimal number in the one grammar every conduit
// package accepts: an optional "-", digits, an optional "." followed by
// digits, and an optional exponent ("e" or "E", an optional sign, digits)
// of at most ±100. It rejects a "+" sign, spaces, a leading or trailing
// ".", thousands separators, NaN, Inf and hex, since no service sends them
// for a number and each would otherwise need a guess at what was meant.
func ParseDecimal(s string) (Decimal, error) { return decimalOf(s) }

// decimalOf is ParseDecimal over any text, copying it only once it is
// known to be good.
func decimalOf[T text](s T) (Decimal, error) {
	if _, err := scanDecimal(s); err != nil {
		return Decimal{}, numberError("decimal", s, err)
	}
	return Decimal{text: string(s)}, nil
}

// String returns the text exactly as sent, "" when absent, so printing
// and logging show what the service said.
func (d Decimal) String() string { return d.text }

// IsZero reports whether d is absent (the service sent null or ""). It is
// not a numeric test: "0.00" is present; use Sign for the value.
func (d Decimal) IsZero() bool { return d.text == "" }

// Sign returns -1, 0 or +1 as the value is negative, zero or positive,
// without building a big.Rat; it is 0 when d is absent.
func (d Decimal) Sign() int {
	for i := 0; i < len(d.text); i++ {
		switch c := d.text[i]; {
		case c == 'e' || c == 'E':
			return 0
		case c >= '1' && c <= '9':
			if d.text[0] == '-' {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Rat returns the exact value, for arithmetic on money that must not
// round; nil when d is absent.
func (d Decimal) Rat() *big.Rat {
	if d.text == "" {
		return nil
	}
	r, _ := new(big.Rat).SetString(d.text) // the grammar is a subset of what SetString reads
	return r
}

// Float64 returns the nearest float64, for display and statistics where
// rounding is acceptable: ±Inf past its range, 0 when d is absent.
func (d Decimal) Float64() float64 {
	f, _ := strconv.ParseFloat(d.text, 64) // the grammar is a subset of ParseFloat's; range errors still return the nearest value
	return f
}

// Int64 returns the value when it is a whole number in the int64 range
// ("120", "1.20e2"), for counts and amounts in minor units that packages
// sent as decimals; ok is false otherwise and when d is absent.
func (d Decimal) Int64() (v int64, ok bool) {
	f, err := scanDecimal(d.text)
	if err != nil {
		return 0, false
	}
	v, exact, fits := scaleInt(d.text, f, 0)
	return v, exact && fits
}

// Cmp compares values exactly, returning -1, 0 or +1 as d is less than,
// equal to or greater than o ("1.0" equals "1.00"). An absent Decimal is
// not a number, so it is not treated as 0: it sorts before every present
// one and equals another absent one, which keeps sorting total.
func (d Decimal) Cmp(o Decimal) int {
	switch {
	case d.text == "" || o.text == "":
		return boolInt(o.text == "") - boolInt(d.text == "")
	case d.text == o.text:
		return 0
	}
	return d.Rat().Cmp(o.Rat())
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// UnmarshalJSON reads a JSON number (109.95) or a JSON string holding one
// ("64000.12", as Coinbase sends), in ParseDecimal's grammar; null and ""
// (which treasury datasets send for a missing amount) leave d absent.
// Anything else is an error.
func (d *Decimal) UnmarshalJSON(b []byte) error {
	return decodeDigits(d, "decimal", b, decimalToken)
}

// decimalToken reads a JSON string's contents (where "" is absent) or a
// JSON literal as a Decimal.
func decimalToken(tok []byte, str bool) (Decimal, error) {
	if str {
		return decimalText(tok)
	}
	return decimalOf(tok)
}

// MarshalJSON writes the value as a JSON number in its text as sent, or
// null when absent. Leading zeros, which the grammar allows ("007.5") but
// JSON does not, are dropped so the output is always valid JSON.
func (d Decimal) MarshalJSON() ([]byte, error) {
	if d.text == "" {
		return []byte("null"), nil
	}
	s := d.text
	start := 0
	if s[0] == '-' {
		start = 1
	}
	zeros := 0
	for start+zeros+1 < len(s) && s[start+zeros] == '0' && isDigit(s[start+zeros+1]) {
		zeros++
	}
	out := make([]byte, 0, len(s)-zeros)
	out = append(out, s[:start]...)
	return append(out, s[start+zeros:]...), nil
}

// MarshalText writes the text as sent ("" when absent), so a Decimal works
// as a JSON map key, in slog text output and with flag.TextVar.
func (d Decimal) MarshalText() ([]byte, error) { return []byte(d.text), nil }

// UnmarshalText reads ParseDecimal's grammar; empty text is absent.
func (d *Decimal) UnmarshalText(b []byte) error {
	v, err := decimalText(b)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// decimalText reads the text of a Decimal, where "" is absent.
func decimalText(b []byte) (Decimal, error) {
	if len(b) == 0 {
		return Decimal{}, nil
	}
	return decimalOf(b)
}

// numberError names the kind of value, the offending text and what is
// wrong with it.
func numberError[T text](kind string, s T, err error) error {
	return fmt.Errorf("conduit: %s %s: %w", kind, quoted(s), err)
}

// decimalForm locates the parts of a number's text found by scanDecimal:
// integer digits s[intStart:intEnd], fraction digits s[fracStart:fracEnd]
// (empty when there is no "."), and the exponent's value.
type decimalForm struct {
	neg                bool
	intStart, intEnd   int
	fracStart, fracEnd int
	exp                int
}

// scanDecimal checks s against ParseDecimal's grammar, which is also the
// grammar of every number Int, Duration and Text accept, and says what is
// wrong where it fails.
func scanDecimal[T text](s T) (f decimalForm, err error) {
	if len(s) == 0 {
		return f, errors.New("empty")
	}
	i := 0
	if s[0] == '-' {
		f.neg, i = true, 1
	}
	f.intStart = i
	i = skipDigits(s, i)
	f.intEnd, f.fracStart, f.fracEnd = i, i, i
	if f.intEnd == f.intStart {
		switch {
		case i == len(s):
			return f, errors.New("no digits")
		case s[i] == '.':
			return f, errors.New("no digit before the '.'")
		}
		return f, unexpected(s, i)
	}
	if i < len(s) && s[i] == '.' {
		f.fracStart = i + 1
		i = skipDigits(s, f.fracStart)
		f.fracEnd = i
		if f.fracEnd == f.fracStart {
			return f, errors.New("no digit after the '.'")
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		neg := i < len(s) && s[i] == '-'
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for ; i < len(s) && isDigit(s[i]); i++ {
			if f.exp = f.exp*10 + int(s[i]-'0'); f.exp > maxExponent {
				return f, fmt.Errorf("exponent beyond ±%d", maxExponent)
			}
		}
		if i == start {
			return f, errors.New("no digits in the exponent")
		}
		if neg {
			f.exp = -f.exp
		}
	}
	if i < len(s) {
		return f, unexpected(s, i)
	}
	return f, nil
}

func skipDigits[T text](s T, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// unexpected names the character at offset i, or its byte when s is not
// valid UTF-8 there.
func unexpected[T text](s T, i int) error {
	r, _ := utf8.DecodeRuneInString(string(s[i:]))
	if r == utf8.RuneError {
		return fmt.Errorf("unexpected byte 0x%02x at offset %d", s[i], i)
	}
	return fmt.Errorf("unexpected %q at offset %d", r, i)
}

// scaleInt returns the number s, as scanned into f, times 10^scale as an
// int64, truncated toward zero. exact reports that no non-zero digit was
// cut off; fits, that the result is in the int64 range. It works on the
// digits themselves, so large and long values are never rounded.
func scaleInt[T text](s T, f decimalForm, scale int) (v int64, exact, fits bool) {
	nInt := f.intEnd - f.intStart
	nAll := nInt + f.fracEnd - f.fracStart
	keep := nInt + f.exp + scale // how many digits end up before the point
	if nAll <= keep && keep < len(pow10) {
		// Every digit is kept and the result has at most 18 digits, below
		// any limit: no digit is dropped and nothing overflows.
		var u uint64
		for j := range nAll {
			if j < nInt {
				u = u*10 + uint64(s[f.intStart+j]-'0')
			} else {
				u = u*10 + uint64(s[f.fracStart+j-nInt]-'0')
			}
		}
		return signed(u*pow10[keep-nAll], f.neg), true, true
	}
	limit := uint64(math.MaxInt64)
	if f.neg {
		limit++
	}
	// u*10+d > limit, tested without a division per digit.
	top, last := limit/10, limit%10
	var u uint64
	for j := 0; j < max(keep, nAll); j++ {
		var d uint64
		switch {
		case j < nInt:
			d = uint64(s[f.intStart+j] - '0')
		case j < nAll:
			d = uint64(s[f.fracStart+j-nInt] - '0')
		}
		if j >= keep {
			if d != 0 {
				return signed(u, f.neg), false, true
			}
			continue
		}
		if u > top || u == top && d > last {
			return 0, false, false
		}
		u = u*10 + d
	}
	return signed(u, f.neg), true, true
}

// pow10 holds the powers of ten a uint64 holds with room to spare.
var pow10 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// signed applies the sign to a magnitude of at most 2^63 (which wraps to
// math.MinInt64, as it should).
func signed(u uint64, neg bool) int64 {
	if neg {
		return -int64(u)
	}
	return int64(u)
}

// MustParseDecimal is ParseDecimal for a decimal written in the program
// ("39.90"), which cannot fail at run time unless the program is wrong: it
// panics on an error.
func MustParseDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}
