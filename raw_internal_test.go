package conduit

import (
	"reflect"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/internal/record"
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

// A record outside conduit (no UnmarshalJSONFrom) is marked by the hook,
// at the top and below it, and a failure names the record's type.
func TestRecordsWithoutMethodsAreMarkedByTheHook(t *testing.T) {
	if !marksNested(reflect.TypeFor[*markTree]()) {
		t.Fatal("a tree of records without methods decodes without the hook")
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
	if err == nil || !strings.Contains(err.Error(), "conduit.markTree") {
		t.Errorf("error = %v, want one naming conduit.markTree", err)
	}
}

// selfRaw is what every package's raw type is: a Raw whose
// UnmarshalJSONFrom marks the record and hands its fields back.
type selfRaw struct{ Raw }

func (r *selfRaw) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return record.Start(dec, &r.Raw) }

// selfTree is a package's record: it embeds selfRaw untagged for JSON.
type selfTree struct {
	selfRaw `json:"-"`
	ID      string              `json:"id"`
	Kids    []selfTree          `json:"kids"`
	ByName  map[string]selfTree `json:"by_name"`
	Opt     *selfTree           `json:"opt"`
}

// Records that mark themselves need no hook: every one of them, in a
// slice, a map or behind a pointer, keeps its own bytes, and their fields
// decode as without the method. Decoded by anything but conduit, they keep
// no raw bytes, since nothing says their input stays unchanged.
func TestRecordsMarkThemselves(t *testing.T) {
	if marksNested(reflect.TypeFor[*selfTree]()) {
		t.Fatal("records that mark themselves decode with the hook")
	}
	in := `{"id": "a", "kids": [{"id": "b"}, {"kids": [{ "id" : "d" }]}], "by_name": {"x": {"id": "x"}}, "opt": {"id": "o"}}`
	var tree selfTree
	if err := decodeJSON([]byte(in), &tree); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{string(tree.RawJSON()), in},
		{string(tree.Kids[0].RawJSON()), `{"id": "b"}`},
		{string(tree.Kids[1].Kids[0].RawJSON()), `{ "id" : "d" }`},
		{string(tree.ByName["x"].RawJSON()), `{"id": "x"}`},
		{string(tree.Opt.RawJSON()), `{"id": "o"}`},
		{tree.Kids[1].Kids[0].ID + tree.ByName["x"].ID + tree.Opt.ID, "dxo"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	var other selfTree
	if err := jsonv2.Unmarshal([]byte(in), &other); err != nil || other.Kids[0].ID != "b" {
		t.Fatalf("decoded by jsonv2: %+v, %v", other, err)
	}
	if other.RawJSON() != nil || other.Kids[0].RawJSON() != nil {
		t.Errorf("records decoded outside conduit keep raw bytes")
	}
	err := decodeJSON([]byte(`{"kids": 5}`), &tree)
	if err == nil || !strings.Contains(err.Error(), "conduit.selfTree") {
		t.Errorf("error = %v, want one naming conduit.selfTree", err)
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
