package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Failer is implemented by results whose 2xx body can still report a
// failure (an envelope flag, a status word, an errors list). The core calls
// Failure after decoding and turns a failure into an *Error wrapping ErrAPI,
// also when the rest of the body did not decode (failure bodies often change
// a field's type, as sunrise's "results": "" does).
type Failer interface {
	Failure() (code, message string, failed bool)
}

// JSONString decodes one JSON string token, for UnmarshalJSON methods of
// tolerant types.
func JSONString(b []byte) (string, error) {
	// Most strings need no unescaping: copy them out directly, the way
	// encoding/json itself would, without a second scan and decode.
	if n := len(b); n >= 2 && b[0] == '"' && b[n-1] == '"' && plainJSON(b[1:n-1]) {
		return string(b[1 : n-1]), nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}

// plainJSON reports whether b can stand inside a JSON string as is: no
// escapes, no quotes, no control characters, only ASCII.
func plainJSON(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// StringOrNumber returns the text of a JSON string or number token: ids and
// amounts that providers send either way decode to the same text.
func StringOrNumber(b []byte) (string, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "", fmt.Errorf("empty JSON value")
	}
	if b[0] == '"' {
		return JSONString(b)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return "", fmt.Errorf("want a JSON string or number, got %.40s", b)
	}
	return n.String(), nil
}

// IsNull reports whether b is the JSON literal null.
func IsNull(b []byte) bool { return string(bytes.TrimSpace(b)) == "null" }
