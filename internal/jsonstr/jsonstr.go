// Package jsonstr reads and writes JSON string literals that need no
// escaping, so that the custom JSON types of the packages take their common
// case without encoding/json.
package jsonstr

import (
	"strings"
	"unicode/utf8"
)

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

// Safe reports whether encoding/json writes s as it is between quotes:
// nothing it escapes (quotes, backslashes, control characters, <, > and &,
// U+2028 and U+2029) and valid UTF-8.
func Safe(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&':
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return ascii || (utf8.ValidString(s) && !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029"))
}
