package transport

import (
	"fmt"
	"math/big"
)

// ParseDecimal parses an exact decimal string as providers send money,
// prices and rates: an optional leading "-", one or more digits, and
// optionally "." followed by one or more digits ("-0.5", "123",
// "0.000001"). Nothing else is accepted: no "+", no exponent ("1e5", whose
// exponent could ask big.Rat for unbounded memory), no fractions ("1/3"),
// no spaces, thousands separators, "NaN" or "Inf". The result is exact.
func ParseDecimal(s string) (*big.Rat, error) {
	if err := checkDecimal(s); err != nil {
		return nil, err
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("decimal %q: not a number", s)
	}
	return r, nil
}

// checkDecimal says what is wrong with s as a plain decimal, or nil.
func checkDecimal(s string) error {
	if s == "" {
		return fmt.Errorf("empty decimal")
	}
	digits, dot, fracDigits := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '-' && i == 0:
		case ch >= '0' && ch <= '9':
			digits++
			if dot {
				fracDigits++
			}
		case ch == '.' && !dot && digits > 0:
			dot = true
		case ch == 'e' || ch == 'E':
			return fmt.Errorf("decimal %q: exponent notation is not accepted", s)
		default:
			return fmt.Errorf("decimal %q: unexpected %q at offset %d", s, ch, i)
		}
	}
	switch {
	case digits == 0:
		return fmt.Errorf("decimal %q: no digits", s)
	case dot && fracDigits == 0:
		return fmt.Errorf("decimal %q: no digits after the point", s)
	}
	return nil
}
