package conduit

import (
	"fmt"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// text is what the scanners of this package read: a string, or the bytes a
// JSON method was handed, so a value is checked without first copying it.
type text interface{ ~string | ~[]byte }

// decodeScalar decodes the JSON scalar b into *dst with parse, which is
// handed a string's contents (str true) or any other literal; null sets the
// zero value, the absent one. On error *dst is left as it was.
func decodeScalar[T any](dst *T, kind string, b []byte, parse func(tok []byte, str bool) (T, error)) error {
	tok, str, null, err := wire.Scalar(b)
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

// decodeDigits is decodeScalar for a type whose every text form is made
// of characters a JSON string never escapes (digits, signs, '.', '-',
// ':'), as its parse checks: a string whose raw bytes parse is that text,
// read in place without unquoting it first. Any other value, an escaped
// string among them, goes through decodeScalar.
func decodeDigits[T any](dst *T, kind string, b []byte, parse func(tok []byte, str bool) (T, error)) error {
	if raw, ok := wire.Between(b); ok {
		if v, err := parse(raw, true); err == nil {
			*dst = v
			return nil
		}
	}
	return decodeScalar(dst, kind, b, parse)
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
