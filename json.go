package conduit

import (
	"encoding/json"
	"fmt"
)

// JSON is a JSON value a result keeps as the service sent it, where the
// service documents no shape for it. It is json.RawMessage with one
// difference: it prints as its text under every fmt verb, not as decimal
// bytes, so that a result printed with %+v stays readable.
type JSON []byte

// MarshalJSON returns the value as it is ("null" when empty).
func (j JSON) MarshalJSON() ([]byte, error) { return json.RawMessage(j).MarshalJSON() }

// UnmarshalJSON keeps a copy of data.
func (j *JSON) UnmarshalJSON(data []byte) error {
	*j = append((*j)[:0], data...)
	return nil
}

// String returns the value's text.
func (j JSON) String() string { return string(j) }

// Format prints the value's text for every verb (%q quotes it).
func (j JSON) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprintf(f, "%q", string(j))
		return
	}
	f.Write(j)
}
