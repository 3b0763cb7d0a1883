package explorer

import "github.com/conduit-sdk/conduit/internal/transport"

// hash64 checks a transaction id or block hash: 64 hexadecimal digits,
// as the explorer prints them.
func hash64(op *transport.Op, field, h string) error {
	if len(h) != 64 || !isHex(h) {
		return op.Invalid(field, "%.80q is not 64 hexadecimal digits", h)
	}
	return nil
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

// checkAddress checks a Bitcoin address (base58 or bech32): letters and digits
// only, of a length an address can have.
func checkAddress(op *transport.Op, a string) error {
	if len(a) < 14 || len(a) > 100 {
		return op.Invalid("address", "%.110q is not a Bitcoin address (%d characters)", a, len(a))
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return op.Invalid("address", "%q is not a Bitcoin address: %q is neither a letter nor a digit", a, c)
		}
	}
	return nil
}
