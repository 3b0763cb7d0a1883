package wire

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Between returns the bytes between the quotes of b when b is a JSON
// string literal, escapes left as they stand: the text itself where the
// caller's grammar has no character a string escapes (digits, dates), as
// its parse then checks.
func Between(b []byte) (raw []byte, ok bool) {
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' {
		return b[1 : n-1], true
	}
	return nil, false
}

// Plain returns the contents of the JSON string literal b when they mean
// themselves: no escapes, no control characters, valid UTF-8. ok is false
// for anything else (another kind of value, an escape, invalid UTF-8),
// which the caller decodes the slow way. The contents are a slice of b.
func Plain(b []byte) (contents []byte, ok bool) {
	in, ok := Between(b)
	if !ok {
		return nil, false
	}
	// Eight bytes at a time: the timestamps, ids and numbers in strings
	// that most scalars are decoded from pass in three or four steps. The
	// last step reads the final eight bytes, overlapping the one before,
	// so that no byte is tested alone.
	if len(in) < 8 {
		return plainShort(in)
	}
	var seen uint64
	for i := 0; i < len(in); i += 8 {
		w := binary.LittleEndian.Uint64(in[min(i, len(in)-8):])
		if notPlain(w) {
			return nil, false
		}
		seen |= w
	}
	return in, seen&highBits == 0 || utf8.Valid(in)
}

// plainShort is Plain's test for fewer than eight bytes.
func plainShort(in []byte) ([]byte, bool) {
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

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// notPlain reports whether any of the eight bytes in w is a control
// character, a quote or a backslash. Each test is exact for whether some
// byte matches (a borrow only ever runs past a byte that matched).
func notPlain(w uint64) bool {
	control := (w - lowBits*0x20) &^ w
	q := w ^ (lowBits * '"')
	quote := (q - lowBits) &^ q
	e := w ^ (lowBits * '\\')
	escape := (e - lowBits) &^ e
	return (control|quote|escape)&highBits != 0
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

// AppendString appends s as a JSON string, byte for byte as encoding/json
// writes it: between quotes as it is when Safe, escaped otherwise.
func AppendString(dst []byte, s string) []byte {
	if Safe(s) {
		return append(append(append(dst, '"'), s...), '"')
	}
	b, _ := json.Marshal(s) // a string always encodes
	return append(dst, b...)
}

// Scalar returns what the JSON scalar b holds: the contents of a string
// (str is true) or the literal of anything else, for the caller to check;
// null reports null. A string without escapes is returned in place, without
// copying; only an escaped one is decoded into new memory.
func Scalar(b []byte) (tok []byte, str, null bool, err error) {
	b = Trim(b)
	switch {
	case string(b) == "null":
		return nil, false, true, nil
	case len(b) == 0 || b[0] != '"':
		return b, false, false, nil
	}
	if s, ok := Plain(b); ok {
		return s, true, false, nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, true, false, fmt.Errorf("%.40q is not a JSON string", b)
	}
	return []byte(s), true, false, nil
}

// String returns the contents of the JSON string b, "" for null, and an
// error for any other value.
func String(b []byte) (string, error) {
	tok, str, null, err := Scalar(b)
	switch {
	case err != nil:
		return "", err
	case null:
		return "", nil
	case !str:
		return "", fmt.Errorf("want a JSON string, got %.40s", tok)
	}
	return string(tok), nil
}

// StringEnd returns the index of the quote that ends the string whose text
// starts at b[start]. A quote ends it unless an odd run of backslashes
// stands before it, which is what reading the escapes one by one finds;
// the quote is found by a byte search, not by reading every byte. ok is
// false where the string does not end.
func StringEnd(b []byte, start int) (int, bool) {
	for j := start; ; {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, false
		}
		end := j + k
		p := end - 1
		for p >= start && b[p] == '\\' {
			p--
		}
		if (end-1-p)%2 == 0 {
			return end, true
		}
		j = end + 1
	}
}
