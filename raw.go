package conduit

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/conduit-sdk/conduit/internal/record"
	"github.com/conduit-sdk/conduit/internal/wire"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Raw keeps the bytes a record was decoded from, so that every field a
// service sends stays reachable, also the ones no conduit type names yet.
// Result types embed it; conduit fills it while decoding, for the result
// and for every record nested in it, without copying: RawJSON is a slice of
// the answer's body.
//
// A Raw prints, under every fmt verb of the result that embeds it, as an
// address and two lengths, never as the body's bytes: fmt shows an
// embedded field it cannot call methods on by its contents, so the input
// is held by a pointer, which fmt prints as an address, and not by a
// slice, which it would print byte by byte.
type Raw struct {
	// The tags keep JSON encoders from treating an embedded Raw as members
	// of the record.
	at   unsafe.Pointer `json:"-"` // the input from where the record starts, give or take a separator; nil: no record
	rest int            `json:"-"` // the input's length from at
	n    int            `json:"-"` // the record's length from at; 0 means not measured yet
}

// set keeps src, the input from where the record starts, and the record's
// length in it (0: not measured).
func (r *Raw) set(src []byte, n int) {
	r.at, r.rest, r.n = unsafe.Pointer(unsafe.SliceData(src)), len(src), n
}

// src is what set kept.
func (r *Raw) src() []byte {
	if r.at == nil {
		return nil
	}
	return unsafe.Slice((*byte)(r.at), r.rest)
}

// RawJSON returns the record exactly as the service sent it, or nil for a
// record conduit did not decode.
func (r Raw) RawJSON() json.RawMessage {
	src := r.src()
	if src == nil {
		return nil
	}
	if r.n > 0 {
		return src[:r.n:r.n]
	}
	start := skipSeparators(src, 0)
	end := valueEnd(src, start)
	return src[start:end:end]
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

// decoder is the state of one decoding: the input that the hook's
// records point into, and the jsontext decoder reading it whole from one
// buffer.
type decoder struct {
	src []byte
	dec jsontext.Decoder
	buf bytes.Buffer
	// plain is lenient and ours; hooked adds the hook that marks records of
	// types that do not mark themselves: types outside conduit embedding Raw.
	plain, hooked jsonv2.Options
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
	d.plain = jsonv2.JoinOptions(lenient, ours)
	d.hooked = jsonv2.JoinOptions(jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(d.mark)), d.plain)
	return d
}}

// ours sets, on conduit's own decoders, options that only encoding reads
// (decoding ignores them), so that a record can tell that the decoder
// reading it reads an input conduit keeps unchanged, in one buffer.
var ours = jsonv2.JoinOptions(jsonv2.Deterministic(true), jsontext.EscapeForHTML(true))

func init() {
	record.Mark = markRecord
	record.Marked = func(rec any) bool { r, _ := rec.(*Raw); return r != nil && r.at != nil }
}

// markRecord notes where the record whose Raw is rec starts, when dec is
// one of conduit's decoders: a record decoded by anything else keeps no
// RawJSON, since nothing says its input stays unchanged. conduit's
// decoders read the whole input from one buffer, whose unread part is
// the rest of the input.
func markRecord(dec *jsontext.Decoder, rec any) {
	opts := dec.Options()
	if det, _ := jsonv2.GetOption(opts, jsonv2.Deterministic); !det {
		return
	}
	if html, _ := jsonv2.GetOption(opts, jsontext.EscapeForHTML); !html {
		return
	}
	if r, ok := rec.(*Raw); ok {
		r.set(dec.UnreadBuffer(), 0)
	}
}

// mark is the hook for records that do not mark themselves: it notes
// where one starts and lets the decoder go on as usual.
func (d *decoder) mark(dec *jsontext.Decoder, h rawHolder) error {
	r := h.rawRecord()
	r.set(d.src[dec.InputOffset():], 0)
	return errors.ErrUnsupported
}

// decodeJSON decodes data into v, filling every Raw on the way. data must
// not be modified afterwards: the records keep slices of it.
func decodeJSON(data []byte, v any) error {
	d := decoders.Get().(*decoder)
	opts := d.plain
	if marksNested(reflect.TypeOf(v)) {
		opts = d.hooked
	}
	err := d.decode(data, v, opts)
	decoders.Put(d)
	keepTop(data, v, err)
	return err
}

// decode decodes data, one JSON value and nothing after it, into v.
func (d *decoder) decode(data []byte, v any, opts jsonv2.Options) error {
	d.src = data
	d.buf = *bytes.NewBuffer(data)
	d.dec.Reset(&d.buf, opts)
	err := jsonv2.UnmarshalDecode(&d.dec, v)
	switch {
	case err == io.EOF:
		err = io.ErrUnexpectedEOF
	case err == nil && !onlySpace(data[d.dec.InputOffset():]):
		// The decoder says what stands there.
		if _, end := d.dec.ReadToken(); end != io.EOF {
			err = cmp.Or(end, errTrailing)
		}
	}
	d.src, d.buf = nil, bytes.Buffer{}
	if len(data) > keptInput {
		d.dec.Reset(&d.buf) // the pooled decoder keeps no hold on a large input
	}
	return err
}

// keptInput is the size of input a pooled decoder may hold on to until
// its next use, which saves resetting it after every small answer.
const keptInput = 64 << 10

func onlySpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
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
		r.set(data, 0)
		return
	}
	// The whole input is the top record: measure it now, once.
	start := skipSeparators(data, 0)
	end := len(data)
	for end > start && isSpace(data[end-1]) {
		end--
	}
	r.set(data[start:], end-start)
}

// errTrailing reports data after the top record's value.
var errTrailing = errors.New("data after the top-level value")

// nestedMarks caches marksNested per type.
var nestedMarks sync.Map // reflect.Type -> bool

// marksNested reports whether decoding into t, a pointer, may meet a
// record below the top one that does not mark itself (a type outside
// conduit embedding Raw), or an interface, whose dynamic type decides.
// Only then does decoding need the hook, which costs a lookup for every
// value the decoder reads. A type's UnmarshalJSONFrom decodes with the
// caller's options, hook included, into its own fields or a mirror of them
// (their types, renamed or regrouped), or hands them back to the decoder:
// it reaches such a record exactly when its fields do.
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
		need = fieldsReachMarks(e, &walk{seen: map[reflect.Type]bool{}})
	default:
		need = reachesMarks(e, &walk{seen: map[reflect.Type]bool{}})
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

// walk is the state of reachesMarks: the types met, and whether records
// that mark themselves count too.
type walk struct {
	seen map[reflect.Type]bool
	all  bool
}

// reachesMarks reports whether a value of t, decoded, may hold a record
// that the hook must mark, or with w.all any record; t itself is not the
// top.
func reachesMarks(t reflect.Type, w *walk) bool {
	switch {
	case implements(t, holderType) && (w.all || !implements(t, unmarshalerFrom)):
		return true // a record that does not mark itself
	case implements(t, v1Unmarshaler) && !implements(t, unmarshalerFrom):
		return false // it decodes from bytes, with options of its own
	case w.seen[t]:
		return false // its first visit answers
	}
	w.seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesMarks(t.Elem(), w)
	case reflect.Map:
		return reachesMarks(t.Key(), w) || reachesMarks(t.Elem(), w)
	case reflect.Struct:
		return fieldsReachMarks(t, w)
	}
	return false
}

// fieldsReachMarks reports whether a field of the struct t reaches a
// record. A struct embedded without a JSON name is inlined: its fields are
// the outer record's, and its Raw is the outer record's own.
func fieldsReachMarks(t reflect.Type, w *walk) bool {
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
				if fieldsReachMarks(inner, w) {
					return true
				}
				continue
			}
		}
		if reachesMarks(f.Type, w) {
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
			end, ok := wire.StringEnd(b, i+1)
			if !ok {
				return len(b)
			}
			i = end
			if depth == 0 {
				return i + 1
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
