// Package jsonstr reads JSON string literals that need no decoding, so that
// the custom JSON types of the packages take their common case without
// encoding/json.
package jsonstr

import "unicode/utf8"

// Plain returns the contents of the JSON string literal b when they mean
// themselves: no escapes, no control characters, valid UTF-8. ok is false
// for anything else (another kind of value, an escape, invalid UTF-8),
// which the caller decodes the slow way. The contents are a slice of b.
func Plain(b []byte) (contents []byte, ok bool) {
	n := len(b)
	if n < 2 || b[0] != '"' || b[n-1] != '"' {
		return nil, false
	}
	in := b[1 : n-1]
	ascii := true
	for _, c := range in {
		switch {
		case c < 0x20 || c == '"' || c == '\\':
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return in, ascii || utf8.Valid(in)
}
