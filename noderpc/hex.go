package noderpc

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// Address is a 20-byte account or contract address. It parses from 0x and
// 40 hex digits in any case, rejects any other length, and prints in
// EIP-55's checksummed case, so a value round-trips through its text.
type Address [20]byte

// Hash is a 32-byte hash: of a block, a transaction, an event signature
// (a log topic), or a storage slot and its value.
type Hash [32]byte

// Data is a byte string of any length as the node writes it, 0x and an
// even number of hex digits: calldata, contract code, a signed
// transaction, a log's data.
type Data []byte

// ParseAddress reads 0x and 40 hex digits. A mixed-case address must carry
// a valid EIP-55 checksum, which catches a mistyped digit; all lower or
// all upper case carries none and is accepted.
func ParseAddress(s string) (Address, error) {
	var a Address
	if err := parseFixed(a[:], s, "address"); err != nil {
		return Address{}, err
	}
	body := s[2:]
	if body != strings.ToLower(body) && body != strings.ToUpper(body) && a.String() != s {
		return Address{}, fmt.Errorf("noderpc: address %.50q fails its EIP-55 checksum", s)
	}
	return a, nil
}

// MustAddress is ParseAddress for constants; it panics on bad input.
func MustAddress(s string) Address {
	a, err := ParseAddress(s)
	if err != nil {
		panic(err)
	}
	return a
}

// String writes the address checksummed (EIP-55): each letter upper case
// when the matching nibble of the Keccak-256 of the lower-case hex is 8 or
// more.
func (a Address) String() string {
	lower := hex.EncodeToString(a[:])
	sum := Keccak256([]byte(lower))
	out := []byte(lower)
	for i, ch := range out {
		nibble := sum[i/2] >> 4
		if i%2 == 1 {
			nibble = sum[i/2] & 0xf
		}
		if ch >= 'a' && nibble >= 8 {
			out[i] = ch - 'a' + 'A'
		}
	}
	return "0x" + string(out)
}

// MarshalText writes String.
func (a Address) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads what the node sends: 0x and 40 hex digits, in
// whatever case (nodes write addresses lower case).
func (a *Address) UnmarshalText(b []byte) error { return parseFixed(a[:], string(b), "address") }

// IsZero reports whether a is the zero address.
func (a Address) IsZero() bool { return a == Address{} }

// ParseHash reads 0x and 64 hex digits.
func ParseHash(s string) (Hash, error) {
	var h Hash
	err := parseFixed(h[:], s, "hash")
	return h, err
}

// MustHash is ParseHash for constants; it panics on bad input.
func MustHash(s string) Hash {
	h, err := ParseHash(s)
	if err != nil {
		panic(err)
	}
	return h
}

// String writes 0x and 64 lower-case hex digits.
func (h Hash) String() string { return "0x" + hex.EncodeToString(h[:]) }

// MarshalText writes String.
func (h Hash) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads 0x and 64 hex digits.
func (h *Hash) UnmarshalText(b []byte) error { return parseFixed(h[:], string(b), "hash") }

// IsZero reports whether h is all zeros.
func (h Hash) IsZero() bool { return h == Hash{} }

// ParseData reads 0x and an even number of hex digits ("0x" is empty).
func ParseData(s string) (Data, error) {
	if len(s) < 2 || s[:2] != "0x" {
		return nil, fmt.Errorf("noderpc: data %.50q lacks the 0x prefix", s)
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, fmt.Errorf("noderpc: data %.50q is not an even number of hex digits", s)
	}
	return Data(b), nil
}

// String writes 0x and the bytes in lower-case hex.
func (d Data) String() string { return "0x" + hex.EncodeToString(d) }

// MarshalJSON writes the hex string, "0x" for empty data.
func (d Data) MarshalJSON() ([]byte, error) { return wire.AppendString(nil, d.String()), nil }

// UnmarshalJSON reads ParseData's form; null leaves d empty.
func (d *Data) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == 'n' {
		*d = nil
		return nil
	}
	s, err := wire.String(b)
	if err != nil {
		return fmt.Errorf("noderpc: data: %w", err)
	}
	v, err := ParseData(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// parseFixed decodes 0x and exactly 2*len(dst) hex digits into dst.
func parseFixed(dst []byte, s, what string) error {
	if len(s) != 2+2*len(dst) || s[:2] != "0x" {
		return fmt.Errorf("noderpc: %s %.70q is not 0x followed by %d hex digits", what, s, 2*len(dst))
	}
	if _, err := hex.Decode(dst, []byte(s[2:])); err != nil {
		return fmt.Errorf("noderpc: %s %.70q has a non-hex digit", what, s)
	}
	return nil
}
