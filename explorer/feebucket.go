package explorer

import (
	"fmt"
	"math"
	"strconv"

	"github.com/conduit-sdk/conduit"
)

// FeeBucket is one step of the fee histogram: VSize virtual bytes of
// waiting transactions pay FeeRate sat/vB or more. On the wire it is the
// pair [rate, vsize], and it encodes back to that pair.
type FeeBucket struct {
	FeeRate float64
	VSize   int64
}

// UnmarshalJSON decodes a [rate, vsize] pair; either number may also come
// as a numeric string, and the size must be whole. null leaves f as it is.
func (f *FeeBucket) UnmarshalJSON(b []byte) error {
	var pair []conduit.Decimal
	err := conduit.Unmarshal(b, &pair)
	switch {
	case err == nil && pair == nil:
		return nil // null
	case err == nil && len(pair) != 2:
		err = fmt.Errorf("%d numbers", len(pair))
	case err == nil && (pair[0].IsZero() || pair[1].IsZero()):
		err = fmt.Errorf("a number is null or empty")
	}
	var size int64
	if err == nil {
		var whole bool
		if size, whole = pair[1].Int64(); !whole {
			err = fmt.Errorf("the size %s is not a whole number", pair[1])
		}
	}
	if err != nil {
		return fmt.Errorf("explorer: fee_histogram entry %.60s is not a [fee rate, vsize] pair: %w", b, err)
	}
	f.FeeRate, f.VSize = pair[0].Float64(), size
	return nil
}

// MarshalJSON writes the [rate, vsize] pair the service sends.
func (f FeeBucket) MarshalJSON() ([]byte, error) {
	if math.IsNaN(f.FeeRate) || math.IsInf(f.FeeRate, 0) {
		return nil, fmt.Errorf("explorer: fee rate %v has no JSON form", f.FeeRate)
	}
	format := byte('f')
	if a := math.Abs(f.FeeRate); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b := append([]byte{'['}, strconv.FormatFloat(f.FeeRate, format, -1, 64)...)
	b = append(b, ',')
	b = strconv.AppendInt(b, f.VSize, 10)
	return append(b, ']'), nil
}
