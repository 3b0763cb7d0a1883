package explorer

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// UnmarshalJSON decodes the typed fields and keeps the whole object for
// RawJSON. The spec gives no type for most of these statistics, so each
// accepts a JSON number or a numeric string; the integral ones also accept
// an integral float (2.5e3) but reject a fraction rather than round it.
func (x *Extras) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	type plain Extras
	w := struct {
		*plain
		Reward          number[int64]   `json:"reward"`
		TotalFees       number[int64]   `json:"totalFees"`
		AvgFee          number[int64]   `json:"avgFee"`
		AvgFeeRate      number[float64] `json:"avgFeeRate"`
		UTXOSetChange   number[int64]   `json:"utxoSetChange"`
		AvgTxSize       number[float64] `json:"avgTxSize"`
		TotalInputs     number[int64]   `json:"totalInputs"`
		TotalOutputs    number[int64]   `json:"totalOutputs"`
		TotalOutputAmt  number[int64]   `json:"totalOutputAmt"`
		SegwitTotalTxs  number[int64]   `json:"segwitTotalTxs"`
		SegwitTotalSize number[int64]   `json:"segwitTotalSize"`
	}{
		plain: (*plain)(x), Reward: num(&x.Reward), TotalFees: num(&x.TotalFees), AvgFee: num(&x.AvgFee),
		AvgFeeRate: num(&x.AvgFeeRate), UTXOSetChange: num(&x.UTXOSetChange), AvgTxSize: num(&x.AvgTxSize),
		TotalInputs: num(&x.TotalInputs), TotalOutputs: num(&x.TotalOutputs), TotalOutputAmt: num(&x.TotalOutputAmt),
		SegwitTotalTxs: num(&x.SegwitTotalTxs), SegwitTotalSize: num(&x.SegwitTotalSize),
	}
	return transport.DecodeJSON(b, &w, func(err error, _ string) error { return fmt.Errorf("explorer: extras: %w", err) })
}

// number decodes a tolerant number into the Extras field it points at.
type number[T int64 | float64] struct{ p *T }

func num[T int64 | float64](p *T) number[T] { return number[T]{p} }

func (n number[T]) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	s, err := transport.StringOrNumber(b)
	if err != nil {
		return err
	}
	switch p := any(n.p).(type) {
	case *int64:
		*p, err = parseInt(s)
	case *float64:
		*p, err = parseFloat(s)
	}
	return err
}

// FeeBucket is one step of the fee histogram: VSize virtual bytes of
// waiting transactions pay FeeRate sat/vB or more. On the wire it is the
// pair [rate, vsize], and it encodes back to that pair.
type FeeBucket struct {
	FeeRate float64
	VSize   int64
}

// UnmarshalJSON decodes a [rate, vsize] pair; either number may also come
// as a numeric string.
func (f *FeeBucket) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	var pair []json.RawMessage
	err := transport.DecodeJSON(b, &pair, func(err error, _ string) error { return err })
	if err == nil && len(pair) != 2 {
		err = fmt.Errorf("%d numbers", len(pair))
	}
	var rate, size string
	if err == nil {
		rate, err = transport.StringOrNumber(pair[0])
	}
	if err == nil {
		size, err = transport.StringOrNumber(pair[1])
	}
	if err == nil {
		f.FeeRate, err = parseFloat(rate)
	}
	if err == nil {
		f.VSize, err = parseInt(size)
	}
	if err != nil {
		return fmt.Errorf("explorer: fee_histogram entry %.60s is not a [fee rate, vsize] pair: %w", b, err)
	}
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

// parseInt reads an integer that may be written as an integral float.
func parseInt(s string) (int64, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	f, err := parseFloat(s)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
		return 0, fmt.Errorf("%q is not an integer", s)
	}
	return int64(f), nil
}

// parseFloat reads a finite number.
func parseFloat(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return f, nil
}
