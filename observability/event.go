package observability

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
)

// maxEventFields is the most fields the service takes in one event.
const maxEventFields = 2000

// Event is one event to ingest: named fields whose values are strings or
// numbers (any Go integer or float kind, or a json.Number). Nested objects,
// arrays, booleans, null, NaN and infinities are rejected before any I/O,
// with the offending key as the error's Field.
type Event map[string]any

// check returns the first bad field, in key order, and what is wrong.
func (e Event) check() (field, msg string) {
	if len(e) == 0 {
		return "event", "has no fields"
	}
	if len(e) > maxEventFields {
		return "event", fmt.Sprintf("has %d fields; the service takes at most %d", len(e), maxEventFields)
	}
	for _, k := range slices.Sorted(maps.Keys(e)) {
		if k == "" {
			return "event", "has a field with an empty name"
		}
		if msg := checkValue(e[k]); msg != "" {
			return k, msg
		}
	}
	return "", ""
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

// checkValue says why v cannot be an event value, or "".
func checkValue(v any) string {
	if n, ok := v.(json.Number); ok {
		if len(n) == 0 || !(n[0] == '-' || isDigit(n[0])) || !isDigit(n[len(n)-1]) || !json.Valid([]byte(n)) {
			return fmt.Sprintf("json.Number %.30q is not a JSON number", string(n))
		}
		return ""
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Invalid {
		return "is null; values must be strings or numbers"
	}
	if rv.Type().Implements(marshalerType) {
		return fmt.Sprintf("is a %T with its own JSON encoding; values must be strings or numbers", v)
	}
	switch rv.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return ""
	case reflect.Float32, reflect.Float64:
		if f := rv.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("is %v, which JSON cannot carry", f)
		}
		return ""
	}
	return fmt.Sprintf("is a %T; values must be strings or numbers", v)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
