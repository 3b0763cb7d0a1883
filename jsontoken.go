package conduit

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// text is what the scanners of this package read: a string, or the bytes a
// JSON method was handed, so a value is checked without first copying it.
type text interface{ ~string | ~[]byte }

// decodeScalar decodes the JSON scalar b into *dst with parse, which is
// handed a string's contents (str true) or any other literal; null sets the
// zero value, the absent one. On error *dst is left as it was.
func decodeScalar[T any](dst *T, kind string, b []byte, parse func(tok []byte, str bool) (T, error)) error {
	tok, str, null, err := scalarToken(b)
	switch {
	case err != nil:
		return fmt.Errorf("conduit: %s: %w", kind, err)
	case null:
		var zero T
		*dst = zero
		return nil
	}
	v, err := parse(tok, str)
	if err != nil {
		return err
	}
	*dst = v
	return nil
}

// scalarToken returns what the JSON scalar b holds: the contents of a
// string (str is true) or the literal of anything else, to be checked by
// the caller; null reports null. A string without escapes is returned in
// place, without copying; only an escaped one is decoded into new memory.
func scalarToken(b []byte) (tok []byte, str, null bool, err error) {
	b = trimJSON(b)
	switch {
	case string(b) == "null":
		return nil, false, true, nil
	case len(b) == 0 || b[0] != '"':
		return b, false, false, nil
	}
	if n := len(b); n >= 2 && b[n-1] == '"' && plainJSON(b[1:n-1]) {
		return b[1 : n-1], true, false, nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, true, false, fmt.Errorf("%s is not a JSON string", quoted(b))
	}
	return []byte(s), true, false, nil
}

// trimJSON drops JSON whitespace around b. encoding/json hands a method the
// bare value, but a caller passing a json.RawMessage on may not.
func trimJSON(b []byte) []byte {
	for len(b) > 0 && isJSONSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isJSONSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// plainJSON reports whether b can stand inside a JSON string as it is and
// mean itself: no escapes, quotes or control characters, and valid UTF-8
// (encoding/json replaces invalid bytes, so those must take its path).
func plainJSON(b []byte) bool {
	plain, ascii := scanPlain(b)
	return plain && (ascii || utf8.Valid(b))
}

// scanPlain reports whether s holds no byte that JSON must escape, and
// whether it is all ASCII; the caller checks UTF-8 in its own type.
func scanPlain[T text](s T) (plain, ascii bool) {
	ascii = true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			return false, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return true, ascii
}

// quoted writes s for an error message: quoted, and cut after 40 bytes so a
// huge value cannot flood a log line.
func quoted[T text](s T) string {
	const limit = 40
	if len(s) > limit {
		return strconv.Quote(string(s[:limit])) + "…"
	}
	return strconv.Quote(string(s))
}
