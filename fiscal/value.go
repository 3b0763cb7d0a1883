package fiscal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// Errors of the Value accessors, for errors.Is: the service writes "null"
// where a dataset has no value, and an empty string is not a value either.
// Neither is turned into a zero.
var (
	ErrNull  = errors.New(`value is "null": the dataset has none here`)
	ErrEmpty = errors.New("value is empty")
)

// Value is one record value exactly as the service sent it. The service
// sends every value as a string, whatever its type in Meta.DataTypes; the
// accessors read it as that column type says.
type Value string

// Amount reads a CURRENCY value ("34831240048132.68") as an exact decimal
// in plain notation: no exponent, no sign but "-", no separators.
func (v Value) Amount() (conduit.Decimal, error) { return v.decimal("amount") }

// Percentage reads a PERCENTAGE value exactly, in percent: "3.375" is
// 3.375 %, returned as 3.375, not 0.03375.
func (v Value) Percentage() (conduit.Decimal, error) { return v.decimal("percentage") }

// Date reads a DATE value, YYYY-MM-DD.
func (v Value) Date() (conduit.Date, error) {
	if err := v.present("date"); err != nil {
		return conduit.Date{}, err
	}
	d, err := conduit.ParseDate(string(v))
	if err != nil {
		return conduit.Date{}, fmt.Errorf("fiscal: date %q is not YYYY-MM-DD", string(v))
	}
	return d, nil
}

// Int parses an INTEGER, YEAR, QUARTER, MONTH or DAY value ("2024", "06")
// as a base-10 integer, optionally negative.
func (v Value) Int() (int64, error) {
	if err := v.present("integer"); err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil || v[0] == '+' {
		return 0, fmt.Errorf("fiscal: integer %q is not a base-10 int64", string(v))
	}
	return n, nil
}

func (v Value) decimal(kind string) (conduit.Decimal, error) {
	if err := v.present(kind); err != nil {
		return conduit.Decimal{}, err
	}
	if strings.ContainsAny(string(v), "eE") {
		return conduit.Decimal{}, fmt.Errorf("fiscal: %s %q has an exponent; the dataset writes plain decimals", kind, string(v))
	}
	d, err := conduit.ParseDecimal(string(v))
	if err != nil {
		return conduit.Decimal{}, fmt.Errorf("fiscal: %s: %w", kind, err)
	}
	return d, nil
}

// present reports "null" and "" as ErrNull and ErrEmpty.
func (v Value) present(kind string) error {
	switch v {
	case "null":
		return fmt.Errorf("fiscal: %s: %w", kind, ErrNull)
	case "":
		return fmt.Errorf("fiscal: %s: %w", kind, ErrEmpty)
	}
	return nil
}
