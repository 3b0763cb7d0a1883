package conduit

import (
	"reflect"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
)

// optionalRecords returns, for t a pointer to a struct, the index paths of
// its pointer fields that are the only places decoding may leave a record
// below the top (a chunk's usage), and false when a record may lie
// anywhere else too: in a slice, a map, an array, an interface, inside an
// embedded struct, or below another record. A decoder that finds those
// fields nil after decoding them without marking knows that there was
// nothing below the top to mark.
func optionalRecords(t reflect.Type) ([][]int, bool) {
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	e := t.Elem()
	var paths [][]int
	for i := range e.NumField() {
		f := e.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if name, _, _ := strings.Cut(tag, ","); f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			if fieldsReachMarks(f.Type, &walk{seen: map[reflect.Type]bool{}, all: true}) {
				return nil, false
			}
			continue // the top record's own Raw, or plain inlined fields
		}
		if !reachesMarks(f.Type, &walk{seen: map[reflect.Type]bool{}, all: true}) {
			continue
		}
		if f.Type.Kind() != reflect.Pointer {
			return nil, false
		}
		if r := f.Type.Elem(); r.Kind() != reflect.Struct || !implements(r, holderType) ||
			fieldsReachMarks(r, &walk{seen: map[reflect.Type]bool{}, all: true}) {
			return nil, false
		}
		paths = append(paths, f.Index)
	}
	return paths, len(paths) > 0
}

// optionals caches optionalRecords' paths per type, nil for none: a
// stream reads them once, at its start.
var optionals sync.Map // reflect.Type -> [][]int

// optionalPaths is optionalRecords' paths for t, nil when it says false.
func optionalPaths(t reflect.Type) [][]int {
	if p, ok := optionals.Load(t); ok {
		return p.([][]int)
	}
	p, _ := optionalRecords(t)
	optionals.Store(t, p)
	return p
}

// anySet reports whether any field of *v at paths is not nil.
func anySet(v any, paths [][]int) bool {
	s := reflect.ValueOf(v).Elem()
	for _, p := range paths {
		if !s.FieldByIndex(p).IsNil() {
			return true
		}
	}
	return false
}

// decodeUnmarked decodes data into v without marking the records below
// the top; the top record keeps data.
func decodeUnmarked(data []byte, v any) error {
	err := jsonv2.Unmarshal(data, v, lenient)
	keepTop(data, v, err)
	return err
}
