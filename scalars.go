package conduit

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// Text is text a service sends either as a JSON string or as a JSON number:
// ids and codes, which one service, proxy or API version quotes and another
// does not. A number keeps its literal text, never passing through a
// float64, so the id 1180000000000000101 stays exact past 2^53.
//
// A package's own id type decodes through Text with a conversion, keeping
// its name and methods:
//
//	func (s *Snowflake) UnmarshalJSON(b []byte) error { return (*conduit.Text)(s).UnmarshalJSON(b) }
type Text string

// UnmarshalJSON reads a JSON string, or a JSON number as its literal text
// (a number in ParseDecimal's grammar, so an exponent past ±100 is an
// error); null is "". Anything else (true, an object) is an error rather
// than a silent "".
func (t *Text) UnmarshalJSON(b []byte) error {
	return decodeScalar(t, "text", b, func(tok []byte, str bool) (Text, error) {
		if !str {
			if _, err := scanDecimal(tok); err != nil {
				return "", fmt.Errorf("conduit: text: want a JSON string or number, got %s", quoted(tok))
			}
		}
		return Text(tok), nil
	})
}

// MarshalJSON writes a JSON string, whatever form the value arrived in, so
// an id has one form on the way out.
func (t Text) MarshalJSON() ([]byte, error) {
	return wire.AppendString(make([]byte, 0, len(t)+2), string(t)), nil
}

// Int is an integer a service sends as a JSON number (131072) or as a
// numeric string ("131072"): counts, sizes and limits whose type the
// service does not keep steady. It is read from the digits, never through
// a float64, so every int64 is exact. A package's own count type decodes
// through it with a conversion, as with Text.
type Int int64

// UnmarshalJSON reads a number or a numeric string in ParseDecimal's
// grammar whose value is a whole number in the int64 range: "120",
// 1.2e2 and 120.0 are 120; 1.5, 1e-3 and 9223372036854775808 are errors.
// null is 0.
func (n *Int) UnmarshalJSON(b []byte) error {
	return decodeDigits(n, "integer", b, func(tok []byte, _ bool) (Int, error) {
		f, err := scanDecimal(tok)
		if err != nil {
			return 0, numberError("integer", tok, err)
		}
		v, exact, fits := scaleInt(tok, f, 0)
		switch {
		case !fits:
			return 0, numberError("integer", tok, errors.New("beyond the int64 range"))
		case !exact:
			return 0, numberError("integer", tok, errors.New("not a whole number"))
		}
		return Int(v), nil
	})
}

// MarshalJSON writes a JSON number, whatever form the value arrived in.
func (n Int) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(make([]byte, 0, 20), int64(n), 10), nil
}
