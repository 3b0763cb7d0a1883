package conduit

import (
	"encoding/json"
	"errors"
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
}

var decoders = sync.Pool{New: func() any {
	d := &decoder{}
	d.opts = jsonv2.JoinOptions(
		jsonv2.WithUnmarshalers(jsonv2.UnmarshalFromFunc(d.mark)),
		// Services are not strict: accept what encoding/json accepts.
		jsonv2.MatchCaseInsensitiveNames(true),
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
	)
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
	d := decoders.Get().(*decoder)
	d.src = data
	err := jsonv2.Unmarshal(data, v, d.opts)
	d.src = nil
	decoders.Put(d)
	if h, ok := v.(rawHolder); ok && err == nil {
		// The whole input is the top record: measure it now, once.
		r := h.rawRecord()
		start := skipSeparators(data, 0)
		end := len(data)
		for end > start && isSpace(data[end-1]) {
			end--
		}
		r.src, r.off, r.n = data, start, end-start
	}
	return err
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
