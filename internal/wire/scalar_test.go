package wire

import (
	"encoding/json"
	"testing"
)

// Scalar's fast path for plain strings agrees with encoding/json on
// every string, escaped or malformed.
func TestScalarTokenAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{`"plain"`, `""`, `"a\"b"`, `"tab\there"`, `"é"`, `"\u00e9"`, `"a"b"`, `"open`, `"ctl` + "\x01" + `"`, " \"spaced\"\n"} {
		tok, str, null, err := Scalar([]byte(in))
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
	if _, str, _, err := Scalar([]byte(`5`)); str || err != nil {
		t.Error("a number is a literal, not a string")
	}
	if _, _, null, _ := Scalar([]byte(` null `)); !null {
		t.Error("null is null")
	}
}

func TestString(t *testing.T) {
	for in, want := range map[string]string{`"a"`: "a", `null`: "", ` "\u00e9" `: "é"} {
		if got, err := String([]byte(in)); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`1`, `{}`, `"open`, ``} {
		if _, err := String([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

// AppendString writes what encoding/json writes, safe or not.
func TestAppendStringAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "", "a<b&c", "quote\"", "tab\t", "é", "bad \xff", "\u2028"} {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("%q: %s, encoding/json %s", s, got, want)
		}
	}
}

func TestKindAndMember(t *testing.T) {
	for in, want := range map[string]byte{` "s"`: '"', `{}`: '{', `[1]`: '[', `null`: 'n', `true`: 't', `-1`: '0', `7`: '0', ` `: 0, `nope`: 0, `nul`: 0} {
		if got := Kind([]byte(in)); got != want {
			t.Errorf("Kind(%q) = %q, want %q", in, got, want)
		}
	}
	obj := []byte(` {"a": 1, "message": "first", "b": {"message": "inner"}, "message": "last"} `)
	if v, ok := Member(obj, "message"); !ok || string(v) != `"last"` {
		t.Errorf("Member = %s, %v; want the last \"message\"", v, ok)
	}
	if _, ok := Member(obj, "missing"); ok {
		t.Error("a missing member was found")
	}
	if _, ok := Member([]byte(`["message"]`), "message"); ok {
		t.Error("an array has no members")
	}
	if !IsObject(obj) || IsObject([]byte(`{"a":}`)) || IsObject([]byte(`[]`)) {
		t.Error("IsObject is wrong")
	}
}
