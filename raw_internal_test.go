package conduit

import (
	"reflect"
	"strings"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

type markLeaf struct {
	Raw
	ID string `json:"id"`
}

type markedVia struct{ Inner markLeaf }

type markTree struct {
	Raw
	Kids []markTree `json:"kids"`
}

type markFrom struct{ N int }

func (m *markFrom) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return dec.SkipValue() }

// markFromVia decodes through a mirror of its fields, one of them a record.
type markFromVia struct{ Inner markLeaf }

func (m *markFromVia) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	type plain markFromVia
	return jsonv2.UnmarshalDecode(dec, (*plain)(m))
}

type markV1 struct{ Inner markLeaf }

func (m *markV1) UnmarshalJSON([]byte) error { return nil }

type markEmbedded struct {
	markLeaf
	Name string
}

type markNamedEmbed struct {
	markLeaf `json:"leaf"`
}

// The hook that marks records is kept exactly where decoding may meet a
// record below the top one; the top record's Raw is filled either way.
func TestMarksNested(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want bool
	}{
		{&markLeaf{}, false},
		{&markEmbedded{}, false},
		{&struct{ Status string }{}, false},
		{&markV1{}, false},
		{&struct{ T markV1 }{}, false},
		{&struct {
			Hidden markLeaf `json:"-"`
			hidden markLeaf
		}{}, false},
		{&markNamedEmbed{}, true},
		{&markedVia{}, true},
		{&[]markLeaf{}, true},
		{&map[string]*markLeaf{}, true},
		{&markTree{}, true},
		{&markFrom{}, false},
		{&struct{ F markFrom }{}, false},
		{&markFromVia{}, true},
		{&struct{ F markFromVia }{}, true},
		{&struct{ X any }{}, true},
		{new(any), true},
	} {
		if got := marksNested(reflect.TypeOf(tc.v)); got != tc.want {
			t.Errorf("%T: marksNested = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// A method that decodes through a mirror of its fields hands the hook on:
// the record among them keeps its own raw bytes.
func TestMethodMirrorMarksItsRecords(t *testing.T) {
	var v struct{ F markFromVia }
	if err := decodeJSON([]byte(`{"F": {"Inner": {"id": "a"}}}`), &v); err != nil {
		t.Fatal(err)
	}
	if got := string(v.F.Inner.RawJSON()); got != `{"id": "a"}` {
		t.Errorf("raw = %q", got)
	}
}

// A record that decodes only in part keeps its raw bytes, as the hook
// left them.
func TestTopRawKeptOnTypeError(t *testing.T) {
	var l markLeaf
	if err := decodeJSON([]byte(` {"id": 5} `), &l); err == nil {
		t.Fatal("want a type error")
	}
	if got := string(l.RawJSON()); got != `{"id": 5}` {
		t.Errorf("raw = %q", got)
	}
}

// markText reads itself from text; markWrites writes its own JSON, which
// the decoder refuses in an embedded field.
type (
	markText   struct{ Raw }
	markWrites struct{ Raw }
)

func (*markText) UnmarshalText([]byte) error    { return nil }
func (markWrites) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// A top record decoded through its embedding wrapper marks its nested
// records as a direct decode does, and a failure names the record's type,
// not the wrapper's.
func TestTopRecordDecodesThroughItsWrapper(t *testing.T) {
	if inlined(reflect.TypeFor[*markTree]()) == nil {
		t.Fatal("a record without methods has no wrapper")
	}
	var tree markTree
	if err := decodeJSON([]byte(`{"kids": [{"kids": []}, {"kids": [{}]}]}`), &tree); err != nil {
		t.Fatal(err)
	}
	if got := string(tree.Kids[1].RawJSON()); got != `{"kids": [{}]}` {
		t.Errorf("nested raw = %q", got)
	}
	if got := string(tree.Kids[1].Kids[0].RawJSON()); got != `{}` {
		t.Errorf("deepest raw = %q", got)
	}
	err := decodeJSON([]byte(`{"kids": 5}`), &tree)
	if err == nil || !strings.Contains(err.Error(), "conduit.markTree") || strings.Contains(err.Error(), "Record") {
		t.Errorf("error = %v, want one naming conduit.markTree", err)
	}
	for _, v := range []any{&markFromVia{}, &markText{}, &markWrites{}, &struct{ Status string }{}, markTree{}, nil} {
		if w := inlined(reflect.TypeOf(v)); w != nil {
			t.Errorf("%T has the wrapper %v", v, w)
		}
	}
}

// markFromTop is a record with its own method that decodes a mirror of its
// fields, one of them a record.
type markFromTop struct {
	Raw
	Inner markLeaf `json:"inner"`
}

func (m *markFromTop) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v := struct {
		Inner *markLeaf `json:"inner"`
	}{&m.Inner}
	return jsonv2.UnmarshalDecode(dec, &v)
}

// A top record with its own method is decoded by it directly: its nested
// records are marked, the record keeps the whole input, and anything but
// white space after its value fails as jsonv2.Unmarshal fails.
func TestTopRecordMethodIsCalledDirectly(t *testing.T) {
	var m markFromTop
	if err := decodeJSON([]byte(" {\"inner\": {\"id\": \"b\"}}\n"), &m); err != nil {
		t.Fatal(err)
	}
	if got := string(m.Inner.RawJSON()); got != `{"id": "b"}` {
		t.Errorf("nested raw = %q", got)
	}
	if got := string(m.RawJSON()); got != `{"inner": {"id": "b"}}` {
		t.Errorf("top raw = %q", got)
	}
	for _, in := range []string{`{} {}`, `{} x`, `{"inner": 5}`, `{`} {
		if err := decodeJSON([]byte(in), &markFromTop{}); err == nil {
			t.Errorf("%s: decoded without an error", in)
		}
	}
}
