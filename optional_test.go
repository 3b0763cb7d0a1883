package conduit

import (
	"reflect"
	"strings"
	"testing"
)

// optionalEvent is a record whose one record below it is an optional
// pointer, as a chunk's usage is.
type optionalEvent struct {
	Raw
	ID    int       `json:"id"`
	Extra *markLeaf `json:"extra"`
}

// Only records behind pointer fields of the top struct are optional; one
// in a slice, a map or an embedded struct, or one holding records of its
// own, leaves the hook on for every event.
func TestOptionalRecords(t *testing.T) {
	if paths, ok := optionalRecords(reflect.TypeFor[*optionalEvent]()); !ok || !reflect.DeepEqual(paths, [][]int{{2}}) {
		t.Errorf("optionalEvent: %v, %v", paths, ok)
	}
	for _, v := range []any{
		&markLeaf{}, &markTree{}, &markedVia{}, &markNamedEmbed{},
		&struct{ L []markLeaf }{}, &struct{ M map[string]*markLeaf }{},
		&struct{ P *markTree }{}, &struct{ X any }{}, optionalEvent{},
	} {
		if paths, ok := optionalRecords(reflect.TypeOf(v)); ok {
			t.Errorf("%T: optional records at %v", v, paths)
		}
	}
}

// A stream whose events hold an optional record decodes most events
// without the hook, and still marks the record in the event that has it.
func TestStreamMarksAnOptionalRecordWhereItArrives(t *testing.T) {
	s := NewStream[optionalEvent](strings.NewReader("data: {\"id\": 1}\n\ndata: {\"id\": 2, \"extra\": {\"id\": \"x\"}}\n\n"))
	if s.optional == nil {
		t.Fatal("the stream decodes every event with the hook")
	}
	var got []optionalEvent
	for e, err := range s.All() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e)
	}
	if len(got) != 2 || got[0].Extra != nil || got[1].Extra == nil {
		t.Fatalf("got %+v", got)
	}
	if raw := string(got[1].Extra.RawJSON()); raw != `{"id": "x"}` {
		t.Errorf("the optional record's raw = %q", raw)
	}
	if raw := string(got[0].RawJSON()); raw != `{"id": 1}` {
		t.Errorf("the first event's raw = %q", raw)
	}
}
