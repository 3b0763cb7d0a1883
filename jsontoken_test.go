package conduit_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// Decimal and Date are text-like: they serve as flags and log as their
// text, in slog's text and JSON forms alike.
func TestTextLikeTypesInFlagsAndSlog(t *testing.T) {
	var price conduit.Decimal
	var since conduit.Date
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.TextVar(&price, "price", conduit.Decimal{}, "limit price")
	fs.TextVar(&since, "since", conduit.Date{}, "first day")
	require.NoError(t, fs.Parse([]string{"-price", "64000.12", "-since", "2024-06-07"}))
	assert.Equal(t, "64000.12", price.String())
	assert.Equal(t, day(2024, time.June, 7), since)
	assert.Error(t, fs.Parse([]string{"-price", "1,5"}))
	assert.Error(t, fs.Parse([]string{"-since", "2024-02-30"}))

	var text, js bytes.Buffer
	for _, h := range []slog.Handler{slog.NewTextHandler(&text, nil), slog.NewJSONHandler(&js, nil)} {
		slog.New(h).Info("quote", "price", price, "since", since, "absent", conduit.Decimal{})
	}
	assert.Contains(t, text.String(), `price=64000.12 since=2024-06-07 absent=""`)
	assert.Contains(t, js.String(), `"price":64000.12,"since":"2024-06-07","absent":null`)
}

// jsonRoundTrip encodes v and decodes the result into a new T, failing the
// test when either step fails; the caller says what "the same" means.
func jsonRoundTrip[T any](t *testing.T, v T) T {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%v does not encode: %v", v, err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v encodes as %s, which does not decode: %v", v, b, err)
	}
	return back
}

// BenchmarkUnmarshalJSON decodes each type from the forms services send,
// calling the method directly, as encoding/json and the core do.
func BenchmarkUnmarshalJSON(b *testing.B) {
	for _, bc := range []struct {
		name string
		in   string
		dst  json.Unmarshaler
	}{
		{"Decimal/number", `109.95`, new(conduit.Decimal)},
		{"Decimal/string", `"64000.12"`, new(conduit.Decimal)},
		{"Date", `"2024-06-07"`, new(conduit.Date)},
		{"Text/number", `1180000000000000101`, new(conduit.Text)},
		{"Text/string", `"1180000000000000102"`, new(conduit.Text)},
		{"Int/number", `131072`, new(conduit.Int)},
		{"Int/string", `"131072"`, new(conduit.Int)},
		{"Duration/number", `51444`, new(conduit.Duration)},
		{"Duration/seconds", `"1.5s"`, new(conduit.Duration)},
		{"Duration/clock", `"14:17:24"`, new(conduit.Duration)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			raw := []byte(bc.in)
			b.ReportAllocs()
			for b.Loop() {
				if err := bc.dst.UnmarshalJSON(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The digit types read a string's raw bytes in place when they parse; the
// same text with every character escaped goes the long way, through
// unquoting. Both must give the same value, or both refuse it.
func FuzzDigitTypesReadEscapedAsPlain(f *testing.F) {
	for _, s := range []string{"2024-06-21", "", "109.95", "-0.5e3", "131072", "165s", "16:38:09", "2024-02-30", "1.5", " 12", "1e999", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == '"' || r == '\\' }) {
			return
		}
		plain := []byte(`"` + s + `"`)
		var esc strings.Builder
		esc.WriteByte('"')
		for _, r := range s {
			if r > 0xffff {
				esc.WriteRune(r) // a surrogate pair is not what this checks
				continue
			}
			fmt.Fprintf(&esc, `\u%04x`, r)
		}
		esc.WriteByte('"')
		escaped := []byte(esc.String())
		sameEitherWay[conduit.Decimal](t, plain, escaped)
		sameEitherWay[conduit.Date](t, plain, escaped)
		sameEitherWay[conduit.Int](t, plain, escaped)
		sameEitherWay[conduit.Duration](t, plain, escaped)
	})
}

func sameEitherWay[T any, P interface {
	*T
	json.Unmarshaler
}](t *testing.T, plain, escaped []byte) {
	t.Helper()
	var a, b T
	errA, errB := P(&a).UnmarshalJSON(plain), P(&b).UnmarshalJSON(escaped)
	if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
		t.Fatalf("%T: %s read %v (%v), %s read %v (%v)", a, plain, a, errA, escaped, b, errB)
	}
}
