package noderpc

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// Quantity is a JSON-RPC hex quantity ("0x1b4") that fits in 64 bits: a
// block number, chain id, nonce or gas amount. Decode a Call result into it.
type Quantity uint64

// UnmarshalJSON accepts a JSON string holding a quantity, per
// ParseQuantity; null leaves q unchanged.
func (q *Quantity) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == 'n' {
		return nil
	}
	s, err := wire.String(b)
	if err != nil {
		return fmt.Errorf("noderpc: quantity: %w", err)
	}
	v, err := ParseQuantity(s)
	if err != nil {
		return err
	}
	*q = Quantity(v)
	return nil
}

// MarshalJSON writes the quantity in its wire form, so a Quantity can be
// sent as a parameter (a block number for eth_getBlockByNumber).
func (q Quantity) MarshalJSON() ([]byte, error) {
	return wire.AppendString(nil, "0x"+strconv.FormatUint(uint64(q), 16)), nil
}

// BigQuantity is a hex quantity of any size up to 256 bits (a balance in
// wei, a token amount), exact where float64 and uint64 are not.
type BigQuantity struct{ *big.Int }

// UnmarshalJSON accepts a hex quantity string and, since the spec does not
// show the type of a balance, also a non-negative JSON integer; null leaves
// q unchanged.
func (q *BigQuantity) UnmarshalJSON(b []byte) error {
	switch wire.Kind(b) {
	case 'n':
		return nil
	case '"':
		s, err := wire.String(b)
		if err != nil {
			return fmt.Errorf("noderpc: quantity: %w", err)
		}
		v, err := ParseBigQuantity(s)
		if err != nil {
			return err
		}
		q.Int = v
		return nil
	}
	s := string(b)
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 || v.BitLen() > 256 {
		return fmt.Errorf("noderpc: quantity %.40s is not an integer from 0 to 2^256-1", s)
	}
	q.Int = v
	return nil
}

// MarshalJSON writes the quantity in its wire form, so a BigQuantity can be
// sent as a parameter too.
func (q BigQuantity) MarshalJSON() ([]byte, error) {
	if q.Int == nil {
		return []byte("null"), nil
	}
	if q.Sign() < 0 {
		return nil, fmt.Errorf("noderpc: quantity %s is negative", q.Int)
	}
	return wire.AppendString(nil, "0x"+q.Text(16)), nil
}

// ParseQuantity parses a JSON-RPC hex quantity into a uint64. The quantity
// rules are strict: a 0x prefix, at least one hex digit, no leading zeros
// ("0x0" is zero; "0x", "12", "0xg1" and "0x01" are errors); a value beyond
// 64 bits is an error too.
func ParseQuantity(s string) (uint64, error) {
	d, err := quantityDigits(s)
	if err != nil {
		return 0, err
	}
	if len(d) > 16 {
		return 0, fmt.Errorf("noderpc: quantity %.40q overflows 64 bits", s)
	}
	v, err := strconv.ParseUint(d, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("noderpc: quantity %.40q: %w", s, err)
	}
	return v, nil
}

// ParseBigQuantity parses a hex quantity of up to 256 bits exactly, by the
// rules of ParseQuantity.
func ParseBigQuantity(s string) (*big.Int, error) {
	d, err := quantityDigits(s)
	if err != nil {
		return nil, err
	}
	if len(d) > 64 {
		return nil, fmt.Errorf("noderpc: quantity %.40q overflows 256 bits", s)
	}
	v, ok := new(big.Int).SetString(d, 16)
	if !ok {
		return nil, fmt.Errorf("noderpc: quantity %.40q is not hex", s)
	}
	return v, nil
}

// quantityDigits checks the quantity rules and returns the hex digits.
func quantityDigits(s string) (string, error) {
	if len(s) < 2 || s[:2] != "0x" {
		return "", fmt.Errorf("noderpc: quantity %.40q lacks the 0x prefix", s)
	}
	d := s[2:]
	switch {
	case d == "":
		return "", fmt.Errorf("noderpc: quantity %q has no digits", s)
	case len(d) > 1 && d[0] == '0':
		return "", fmt.Errorf("noderpc: quantity %.40q has leading zeros", s)
	case !isHex(d):
		return "", fmt.Errorf("noderpc: quantity %.40q has a non-hex digit", s)
	}
	return d, nil
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// isAddress reports whether s is 0x followed by 40 hex digits, in any case
// (checksummed mixed case included).
func isAddress(s string) bool {
	return len(s) == 42 && s[:2] == "0x" && isHex(s[2:])
}

// isBlockTag reports whether s is a named block or a block number quantity.
func isBlockTag(s string) bool {
	switch s {
	case "latest", "earliest", "pending", "safe", "finalized":
		return true
	}
	_, err := ParseQuantity(s)
	return err == nil
}
