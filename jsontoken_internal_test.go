package conduit

import (
	"encoding/json"
	"testing"
)

// scalarToken's fast path for plain strings agrees with encoding/json on
// every string, escaped or malformed.
func TestScalarTokenAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{`"plain"`, `""`, `"a\"b"`, `"tab\there"`, `"é"`, `"\u00e9"`, `"a"b"`, `"open`, `"ctl` + "\x01" + `"`, " \"spaced\"\n"} {
		tok, str, null, err := scalarToken([]byte(in))
		var want string
		wantErr := json.Unmarshal([]byte(in), &want)
		if !str || null {
			t.Errorf("%q: not read as a string", in)
			continue
		}
		if (wantErr == nil) != (err == nil) {
			t.Errorf("%q: error %v, encoding/json %v", in, err, wantErr)
			continue
		}
		if err == nil && string(tok) != want {
			t.Errorf("%q: %q, encoding/json %q", in, tok, want)
		}
	}
	if _, str, _, err := scalarToken([]byte(`5`)); str || err != nil {
		t.Error("a number is a literal, not a string")
	}
	if _, _, null, _ := scalarToken([]byte(` null `)); !null {
		t.Error("null is null")
	}
}
