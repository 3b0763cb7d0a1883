package conduit_test

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// snowflake is a package's own id type, decoding through Text the way
// chat.Snowflake will.
type snowflake string

func (s *snowflake) UnmarshalJSON(b []byte) error { return (*conduit.Text)(s).UnmarshalJSON(b) }

// window is a package's own count type, decoding through Int.
type window int64

func (w *window) UnmarshalJSON(b []byte) error { return (*conduit.Int)(w).UnmarshalJSON(b) }

func TestTextUnmarshalJSON(t *testing.T) {
	for in, want := range map[string]conduit.Text{
		`"1180000000000000102"`: "1180000000000000102",
		`1180000000000000101`:   "1180000000000000101", // past 2^53, exact
		`18446744073709551615`:  "18446744073709551615",
		`"hcxik_01"`:            "hcxik_01",
		`4711`:                  "4711",
		`-3`:                    "-3",
		`1.5`:                   "1.5",
		`1e20`:                  "1e20",
		`"404"`:                 "404",
		`""`:                    "",
		`"h\u00e9llo"`:          "héllo",
		`"héllo"`:               "héllo",
		`"a\"b\\c"`:             `a"b\c`,
		` "x" `:                 "x",
		`null`:                  "",
	} {
		v := conduit.Text("before")
		require.NoError(t, json.Unmarshal([]byte(in), &v), in)
		assert.Equal(t, want, v, in)
	}
	for _, in := range []string{`true`, `false`, `{}`, `[]`, `["1"]`, `"unterminated`, `01x`, `+1`, `NaN`, `1e999`} {
		v := conduit.Text("before")
		err := v.UnmarshalJSON([]byte(in))
		require.Error(t, err, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: text: "), err.Error())
		assert.Equal(t, conduit.Text("before"), v, in)
	}
}

func TestTextMarshalJSON(t *testing.T) {
	for in, want := range map[conduit.Text]string{
		"1180000000000000101": `"1180000000000000101"`,
		"":                    `""`,
		"héllo":               `"héllo"`,
		`a"b\c`:               `"a\"b\\c"`,
		"tab\there":           `"tab\there"`,
		"bad \xff byte":       `"bad \ufffd byte"`,
	} {
		b, err := json.Marshal(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, string(b), "%q", in)
		var back conduit.Text
		require.NoError(t, json.Unmarshal(b, &back))
		if strings.ToValidUTF8(string(in), "\ufffd") == string(in) {
			assert.Equal(t, in, back, "%q survives a round trip", in)
		}
	}
}

func TestTextForANamedID(t *testing.T) {
	var msg struct {
		ID        snowflake `json:"id"`
		ChannelID snowflake `json:"channel_id"`
		Author    snowflake `json:"author"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"id":"1180000000000005001","channel_id":1180000000000000101,"author":null}`), &msg))
	assert.Equal(t, snowflake("1180000000000005001"), msg.ID)
	assert.Equal(t, snowflake("1180000000000000101"), msg.ChannelID, "a numeric id keeps every digit")
	assert.Equal(t, snowflake(""), msg.Author)
	assert.Error(t, json.Unmarshal([]byte(`{"id":true}`), &msg))
}

func TestIntUnmarshalJSON(t *testing.T) {
	for in, want := range map[string]conduit.Int{
		`131072`:                  131072,
		`"131072"`:                131072,
		`"448"`:                   448,
		`-5`:                      -5,
		`"-0"`:                    0,
		`0`:                       0,
		`1e3`:                     1000,
		`1.2e2`:                   120,
		`120.0`:                   120,
		`"1.5e1"`:                 15,
		`9007199254740993`:        9007199254740993, // past 2^53, exact
		`"9223372036854775807"`:   math.MaxInt64,
		`-9223372036854775808`:    math.MinInt64,
		`-0.00000000000000001e17`: -1,
		` 7 `:                     7,
		`null`:                    0,
	} {
		n := conduit.Int(99)
		require.NoError(t, json.Unmarshal([]byte(in), &n), in)
		assert.Equal(t, want, n, in)
	}
	for in, want := range map[string]string{
		`1.5`: "not a whole number", `1e-3`: "not a whole number", `"0.5"`: "not a whole number",
		`9223372036854775808`: "beyond the int64 range", `-9223372036854775809`: "beyond the int64 range",
		`1e19`: "beyond the int64 range", `""`: "empty", `"abc"`: `unexpected 'a'`, `true`: `unexpected 't'`,
		`{}`: `unexpected '{'`, `"1 "`: `unexpected ' '`, `1e101`: "exponent", `"+1"`: `unexpected '+'`,
		`"0x10"`: `unexpected 'x'`, `"`: "not a JSON string",
	} {
		n := conduit.Int(99)
		err := n.UnmarshalJSON([]byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: integer"), err.Error())
		assert.Equal(t, conduit.Int(99), n, in)
	}

	var model struct {
		ContextLength window `json:"context_length"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"context_length":"8192"}`), &model))
	assert.Equal(t, window(8192), model.ContextLength, "a named count decodes through Int")
}

func TestIntMarshalJSON(t *testing.T) {
	for in, want := range map[conduit.Int]string{0: "0", -5: "-5", math.MaxInt64: "9223372036854775807", math.MinInt64: "-9223372036854775808"} {
		b, err := json.Marshal(in)
		require.NoError(t, err)
		assert.Equal(t, want, string(b))
	}
	b, err := json.Marshal(map[string]conduit.Int{"n": 131072})
	require.NoError(t, err)
	assert.Equal(t, `{"n":131072}`, string(b), "a string on the way in is a number on the way out")
}

// Whatever Text accepts survives a round trip; a JSON string decodes as
// encoding/json decodes it and a number keeps its literal.
func FuzzTextJSON(f *testing.F) {
	for _, s := range []string{`"1180000000000000102"`, `1180000000000000102`, `null`, `1.5`, `-1`, `"x"`, `1e3`, ` 7 `, `{}`, `"\u00e9"`, `"\xff"`, `"\ud800"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var v conduit.Text
		if err := v.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		trimmed := strings.Trim(in, " \t\r\n")
		var s string
		switch {
		case trimmed == "null":
			if v != "" {
				t.Fatalf("null decoded to %q", v)
			}
		case json.Unmarshal([]byte(trimmed), &s) == nil:
			if string(v) != s {
				t.Fatalf("string %s decoded to %q, encoding/json says %q", in, v, s)
			}
		default:
			if string(v) != trimmed {
				t.Fatalf("number %s decoded to %q", in, v)
			}
		}
		if back := jsonRoundTrip(t, v); back != v {
			t.Fatalf("%s: round trip gave %q", in, back)
		}
	})
}

// Int accepts exactly the numbers (bare or quoted) whose exact value is an
// int64, and a round trip keeps it.
func FuzzIntJSON(f *testing.F) {
	for _, s := range []string{`131072`, `"8192"`, `null`, `-1`, `1.5`, `"abc"`, `{}`, `99999999999999999999`, `1e3`, `1.0`, `-9223372036854775808`, `"1e-1"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var n conduit.Int
		err := n.UnmarshalJSON([]byte(in))
		trimmed := strings.Trim(in, " \t\r\n")
		if trimmed == "null" {
			if err != nil || n != 0 {
				t.Fatalf("null: %d, %v", n, err)
			}
			return
		}
		num := trimmed
		var s string
		if json.Unmarshal([]byte(trimmed), &s) == nil {
			num = s
		}
		want := false
		if d, perr := conduit.ParseDecimal(num); perr == nil {
			r := d.Rat()
			want = r.IsInt() && r.Num().IsInt64()
			if want && err == nil && big.NewInt(int64(n)).Cmp(r.Num()) != 0 {
				t.Fatalf("%s decoded to %d, want %s", in, n, r.Num())
			}
		}
		if want != (err == nil) {
			t.Fatalf("%s: accepted %v, want %v (%v)", in, err == nil, want, err)
		}
		if err != nil {
			return
		}
		if back := jsonRoundTrip(t, n); back != n {
			t.Fatalf("%s: round trip gave %d", in, back)
		}
	})
}
