package conduit

import (
	"bytes"
	"cmp"
	"encoding"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Raw keeps the bytes a record was decoded from, so that every field a
// service sends stays reachable, also the ones no conduit type names yet.
// Result types embed it; conduit fills it while decoding, for the result
// and for every record nested in it, without copying: RawJSON is a slice of
// the answer's body.
type Raw struct {
	// The tags keep JSON encoders from treating an embedded Raw as members
	// of the record.
	src []byte `json:"-"`
	off int    `json:"-"` // where the record starts in src, give or take a separator
	n   int    `json:"-"` // its length from off; 0 means not measured yet
}

// RawJSON returns the record exactly as the service sent it, or nil for a
// record conduit did not decode.
func (r Raw) RawJSON() json.RawMessage {
	if r.src == nil {
		return nil
	}
	if r.n > 0 {
		return r.src[r.off : r.off+r.n : r.off+r.n]
	}
	start := skipSeparators(r.src, r.off)
	end := valueEnd(r.src, start)
	return r.src[start:end:end]
}

// Decode unmarshals the raw record into v: the way to read a field the
// typed struct lacks.
func (r Raw) Decode(v any) error {
	b := r.RawJSON()
	if b == nil {
		return errors.New("conduit: no raw JSON recorded for this record")
	}
	return decodeJSON(b, v)
}

func (r *Raw) rawRecord() *Raw { return r }

// rawHolder is every type that embeds Raw, whatever its package.
type rawHolder interface{ rawRecord() *Raw }

// decoder is the state of one decoding: the input that every Raw met on
// the way points into. Its options, built once per decoder, hold the hook
// that records where each record starts.
type decoder struct {
	src  []byte
	opts jsonv2.Options
	// dec and buf decode a top record that has its own UnmarshalJSONFrom.
	dec jsontext.Decoder
	buf bytes.Buffer
}

// lenient is how services are read: they are not strict, so accept what
// encoding/json accepts.
var lenient = jsonv2.JoinOptions(
	jsonv2.MatchCaseInsensitiveNames(true),
	jsontext.AllowDuplicateNames(true),
	jsontext.AllowInvalidUTF8(true),
)

var decoders = sync.Pool{New: func() any {
	d := &decoder{}
	d.opts = jsonv2.JoinOptions(jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(d.mark)), lenient)
	return d
}}

// mark notes where a record starts and lets the decoder go on as usual.
func (d *decoder) mark(dec *jsontext.Decoder, h rawHolder) error {
	r := h.rawRecord()
	r.src, r.off, r.n = d.src, int(dec.InputOffset()), 0
	return errors.ErrUnsupported
}

// decodeJSON decodes data into v, filling every Raw on the way. data must
// not be modified afterwards: the records keep slices of it.
func decodeJSON(data []byte, v any) error {
	var err error
	if t := reflect.TypeOf(v); marksNested(t) {
		d := decoders.Get().(*decoder)
		d.src = data
		err = d.decode(data, v, t)
		d.src = nil
		decoders.Put(d)
	} else {
		// Only the top record can hold a Raw: the hook that marks records
		// as the decoder meets them would find no other.
		err = jsonv2.Unmarshal(data, v, lenient)
	}
	keepTop(data, v, err)
	return err
}

// keepTop fills the Raw of v, if it is a record, after decoding data into
// it ended with err.
func keepTop(data []byte, v any, err error) {
	h, ok := v.(rawHolder)
	if !ok {
		return
	}
	r := h.rawRecord()
	if err != nil {
		// Where the hook leaves a record the decoder gave up on.
		r.src, r.off, r.n = data, 0, 0
		return
	}
	// The whole input is the top record: measure it now, once.
	start := skipSeparators(data, 0)
	end := len(data)
	for end > start && isSpace(data[end-1]) {
		end--
	}
	r.src, r.off, r.n = data, start, end-start
}

// decode decodes data into v, of type t, with the hook that marks nested
// records, but without calling it for the top record: it would cost an
// allocation and mark nothing decodeJSON does not measure afterwards.
func (d *decoder) decode(data []byte, v any, t reflect.Type) error {
	if w := inlined(t); w != nil {
		err := jsonv2.Unmarshal(data, reflect.NewAt(w, reflect.ValueOf(v).UnsafePointer()).Interface(), d.opts)
		if err == nil {
			return nil
		}
		// Decoding v itself names v's type, not the wrapper's, in the
		// error.
	} else if u, ok := v.(jsonv2.UnmarshalerFrom); ok && !reflect.ValueOf(v).IsNil() {
		return d.decodeFrom(data, u)
	}
	return jsonv2.Unmarshal(data, v, d.opts)
}

// errTrailing reports data after the top record's value.
var errTrailing = errors.New("data after the top-level value")

// decodeFrom calls the top record's own UnmarshalJSONFrom with a decoder of
// data and the hook, as jsonv2.Unmarshal would after the hook, and checks
// that nothing but white space follows the value.
func (d *decoder) decodeFrom(data []byte, u jsonv2.UnmarshalerFrom) error {
	d.buf = *bytes.NewBuffer(data)
	d.dec.Reset(&d.buf, d.opts)
	err := u.UnmarshalJSONFrom(&d.dec)
	if err == nil {
		if _, end := d.dec.ReadToken(); end != io.EOF {
			err = cmp.Or(end, errTrailing)
		}
	}
	// The pooled decoder keeps no hold on data.
	d.buf = bytes.Buffer{}
	d.dec.Reset(&d.buf)
	return err
}

// jsonMethods are the interfaces by which a type reads or writes its own
// JSON (or text): the decoder calls them instead of reading the fields,
// and refuses to embed a type that has one.
var jsonMethods = []reflect.Type{
	unmarshalerFrom, v1Unmarshaler, reflect.TypeFor[encoding.TextUnmarshaler](),
	reflect.TypeFor[jsonv2.MarshalerTo](), reflect.TypeFor[jsonv2.Marshaler](),
	reflect.TypeFor[encoding.TextAppender](), reflect.TypeFor[encoding.TextMarshaler](),
}

// inlinedTypes caches inlined per type.
var inlinedTypes sync.Map // reflect.Type -> reflect.Type, nil if none

// inlined returns, for t a pointer to a struct record that decodes by its
// fields (no method of its own), a struct whose one field holds that
// record embedded (json:",embed"): the same memory and members, but no
// record at the top. The hook that marks records then fires only for the
// nested ones it is there for (the top one is measured after decoding),
// instead of costing an allocation for the top one on every decode. It
// returns nil for any other t.
func inlined(t reflect.Type) reflect.Type {
	if t == nil || t.Kind() != reflect.Pointer {
		return nil
	}
	if w, ok := inlinedTypes.Load(t); ok {
		w, _ := w.(reflect.Type)
		return w
	}
	var w reflect.Type
	if e := t.Elem(); e.Kind() == reflect.Struct && implements(e, holderType) &&
		!slices.ContainsFunc(jsonMethods, func(m reflect.Type) bool { return implements(e, m) }) {
		w = reflect.StructOf([]reflect.StructField{{Name: "Record", Type: e, Tag: `json:",embed"`}})
	}
	inlinedTypes.Store(t, w)
	return w
}

// nestedMarks caches marksNested per type.
var nestedMarks sync.Map // reflect.Type -> bool

// marksNested reports whether decoding into t, a pointer, may meet a
// record holding a Raw below the top one: a nested record type, or an
// interface, whose dynamic type decides. A type's UnmarshalJSONFrom
// decodes with the caller's options, hook included, into its own fields or
// a mirror of them (their types, renamed or regrouped): it reaches a record
// exactly when its fields do. Without one below the top, decoding runs
// without the hook, which costs an allocation where it fires and a lookup
// per field everywhere else.
func marksNested(t reflect.Type) bool {
	if t == nil || t.Kind() != reflect.Pointer {
		return true
	}
	if v, ok := nestedMarks.Load(t); ok {
		return v.(bool)
	}
	var need bool
	switch e := t.Elem(); {
	case implements(e, v1Unmarshaler) && !implements(e, unmarshalerFrom):
	case e.Kind() == reflect.Struct:
		// The top record's own Raw is filled after decoding.
		need = fieldsReachMarks(e, map[reflect.Type]bool{})
	default:
		need = reachesMarks(e, map[reflect.Type]bool{})
	}
	nestedMarks.Store(t, need)
	return need
}

var (
	holderType      = reflect.TypeFor[rawHolder]()
	unmarshalerFrom = reflect.TypeFor[jsonv2.UnmarshalerFrom]()
	v1Unmarshaler   = reflect.TypeFor[json.Unmarshaler]()
)

func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface))
}

// reachesMarks reports whether a value of t, decoded, may hold a record
// with a Raw; t itself is not the top.
func reachesMarks(t reflect.Type, seen map[reflect.Type]bool) bool {
	switch {
	case implements(t, holderType):
		return true
	case implements(t, v1Unmarshaler) && !implements(t, unmarshalerFrom):
		return false // it decodes from bytes, with options of its own
	case seen[t]:
		return false // its first visit answers
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesMarks(t.Elem(), seen)
	case reflect.Map:
		return reachesMarks(t.Key(), seen) || reachesMarks(t.Elem(), seen)
	case reflect.Struct:
		return fieldsReachMarks(t, seen)
	}
	return false
}

// fieldsReachMarks reports whether a field of the struct t reaches a
// record. A struct embedded without a JSON name is inlined: its fields are
// the outer record's, and its Raw is the outer record's own.
func fieldsReachMarks(t reflect.Type, seen map[reflect.Type]bool) bool {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if name, _, _ := strings.Cut(tag, ","); f.Anonymous && name == "" {
			inner := f.Type
			if inner.Kind() == reflect.Pointer {
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct {
				if fieldsReachMarks(inner, seen) {
					return true
				}
				continue
			}
		}
		if reachesMarks(f.Type, seen) {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSeparators moves past white space and the ':' or ',' that may stand
// between the offset the decoder reported and the value itself.
func skipSeparators(b []byte, i int) int {
	for i < len(b) && (isSpace(b[i]) || b[i] == ':' || b[i] == ',') {
		i++
	}
	return i
}

// valueEnd returns the end of the JSON value starting at i. The input has
// been validated by the decoder already, so only strings and nesting need
// tracking.
func valueEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return min(i+1, len(b))
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth <= 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
	}
	return len(b)
}

// jsonValue holds any JSON value undecoded.
type jsonValue = jsontext.Value
