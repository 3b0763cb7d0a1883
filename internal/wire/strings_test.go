package wire

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// Wherever Plain answers, encoding/json reads the same string; it answers
// for the plain strings.
func TestPlainAgreesWithEncodingJSON(t *testing.T) {
	for _, tc := range []struct {
		in    string
		plain bool
	}{
		{`"plain"`, true},
		{`""`, true},
		{`"é and ü"`, true},
		{`"a\"b"`, false},
		{`"\u00e9"`, false},
		{`"tab` + "\t" + `"`, false},
		{`"bad ` + "\xff" + `"`, false},
		{`"a"b"`, false},
		{`"open`, false},
		{` "spaced"`, false},
		{`12`, false},
		{`null`, false},
		{`"`, false},
	} {
		got, ok := Plain([]byte(tc.in))
		if ok != tc.plain {
			t.Errorf("%q: ok = %v, want %v", tc.in, ok, tc.plain)
		}
		if !ok {
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(tc.in), &want); err != nil || string(got) != want {
			t.Errorf("%q: %q, encoding/json %q (%v)", tc.in, got, want, err)
		}
	}
}

func FuzzPlain(f *testing.F) {
	for _, s := range []string{`"plain"`, `"é"`, `"a\nb"`, `"\u0041"`, `1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := Plain([]byte(in))
		if !ok {
			return
		}
		var want string
		if err := json.Unmarshal([]byte(in), &want); err != nil || string(got) != want {
			t.Fatalf("%q: %q, encoding/json %q (%v)", in, got, want, err)
		}
	})
}

// Wherever Safe says so, encoding/json writes the string between quotes
// as it is; it says so for ordinary text.
func TestSafeAgreesWithEncodingJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		safe bool
	}{
		{"plain text, with punctuation!", true},
		{"", true},
		{"café ü 日本 🙂", true},
		{`a"b`, false},
		{`a\b`, false},
		{"tab\t", false},
		{"a<b", false},
		{"a>b", false},
		{"a&b", false},
		{"line\u2028sep", false},
		{"para\u2029sep", false},
		{"bad \xff", false},
	} {
		if got := Safe(tc.in); got != tc.safe {
			t.Errorf("%q: Safe = %v, want %v", tc.in, got, tc.safe)
		}
		if tc.safe {
			b, err := json.Marshal(tc.in)
			if err != nil || string(b) != `"`+tc.in+`"` {
				t.Errorf("%q: encoding/json writes %s", tc.in, b)
			}
		}
	}
}

func FuzzSafe(f *testing.F) {
	for _, s := range []string{"plain", "é", "a<b", "\u2028", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !Safe(in) {
			return
		}
		if b, err := json.Marshal(in); err != nil || string(b) != `"`+in+`"` {
			t.Fatalf("%q: encoding/json writes %s", in, b)
		}
	})
}

// Plain, reading eight bytes at a time, answers as a byte-by-byte reading
// does for every byte value at every place in strings of every length up
// to three words, beside every other byte value.
func TestPlainWordsAgreeWithBytes(t *testing.T) {
	byteWise := func(in []byte) bool {
		for _, c := range in {
			if c < 0x20 || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	for n := 1; n <= 24; n++ {
		for pos := range n {
			for c := range 256 {
				for _, fill := range []byte{'a', 0x1f, 0x20, 0x21, '"' + 1, '\\' + 1, 0x7f, 0x80, 0xff} {
					in := make([]byte, n+2)
					for i := range in {
						in[i] = fill
					}
					in[0], in[n+1], in[pos+1] = '"', '"', byte(c)
					_, ok := Plain(in)
					if want := byteWise(in[1:n+1]) && utf8.Valid(in[1:n+1]); ok != want {
						t.Fatalf("%q: ok = %v, byte by byte %v", in, ok, want)
					}
				}
			}
		}
	}
}

// StringEnd finds the quote that ends a string where a decoder does: past
// escaped quotes and runs of backslashes, and not at all in a string cut
// short.
func TestStringEndAgreesWithTheDecoder(t *testing.T) {
	for _, s := range []string{``, `a`, `a\"b`, `a\\`, `a\\\"`, `\\\\`, `\u0022`, `é\/x`} {
		b := []byte(`"` + s + `" , "next"`)
		end, ok := StringEnd(b, 1)
		var got string
		if err := json.Unmarshal(b[:end+1], &got); !ok || err != nil {
			t.Errorf("%s: end %d, ok %v, %v", b, end, ok, err)
		}
	}
	for _, cut := range []string{`"abc`, `"a\"`, `"a\\\"`} {
		if end, ok := StringEnd([]byte(cut), 1); ok {
			t.Errorf("%s: ends at %d", cut, end)
		}
	}
}
