package fiscal

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
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
// accessors parse it into that type.
type Value string

// Amount parses a CURRENCY value ("34831240048132.68") exactly.
func (v Value) Amount() (*big.Rat, error) { return v.decimal("amount") }

// Percentage parses a PERCENTAGE value exactly, in percent: "3.375" is
// 3.375 %, returned as 3.375, not 0.03375.
func (v Value) Percentage() (*big.Rat, error) { return v.decimal("percentage") }

// Date parses a DATE value, YYYY-MM-DD, as midnight UTC of that day.
func (v Value) Date() (time.Time, error) {
	if err := v.present("date"); err != nil {
		return time.Time{}, err
	}
	d, err := time.Parse(time.DateOnly, string(v))
	if err != nil {
		return time.Time{}, fmt.Errorf("fiscal: date %q is not YYYY-MM-DD", string(v))
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

func (v Value) decimal(kind string) (*big.Rat, error) {
	if err := v.present(kind); err != nil {
		return nil, err
	}
	r, err := transport.ParseDecimal(string(v))
	if err != nil {
		return nil, fmt.Errorf("fiscal: %s: %w", kind, err)
	}
	return r, nil
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
