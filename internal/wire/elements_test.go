package wire

import (
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// An element reaches fn while the rest of the array is still unwritten.
func TestElementsHandsEachElementOverAsItArrives(t *testing.T) {
	r, w := io.Pipe()
	got := make(chan string)
	done := make(chan error)
	go func() {
		done <- Elements(r, func(v jsontext.Value) bool { got <- string(v); return true })
	}()
	go w.Write([]byte(`[{"a":1},`))
	if v := <-got; v != `{"a":1}` {
		t.Fatalf("first element %s", v)
	}
	go func() { w.Write([]byte(` {"b":2}]`)); w.Close() }()
	if v := <-got; v != `{"b":2}` {
		t.Fatalf("second element %s", v)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestElementsFailsOnACutOrForeignBody(t *testing.T) {
	for body, want := range map[string]string{
		`[{"a":1},{"b"`: io.ErrUnexpectedEOF.Error(),
		``:              io.ErrUnexpectedEOF.Error(),
		`{"a":1}`:       "want a JSON array",
	} {
		err := Elements(strings.NewReader(body), func(jsontext.Value) bool { return true })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", body, err, want)
		}
	}
}

func TestElementsStopsWhenTold(t *testing.T) {
	n := 0
	err := Elements(strings.NewReader(`[1,2,3`), func(jsontext.Value) bool { n++; return false })
	if err != nil || n != 1 {
		t.Fatalf("n=%d err=%v", n, err)
	}
}

// The listing inside an envelope is found whatever the members around it,
// and the envelope is read to its end.
func TestMemberElementsReadsTheListingInItsEnvelope(t *testing.T) {
	body := `{"meta": {"count": 2, "labels": [1, {"x": "]"}]}, "data": [{"a": 1}, [2]], "links": {"next": null}}`
	var got []string
	err := MemberElements(strings.NewReader(body), "data", func(v jsontext.Value) bool { got = append(got, string(v)); return true })
	if err != nil || strings.Join(got, " ") != `{"a": 1} [2]` {
		t.Fatalf("got %q, %v", got, err)
	}
}

// A null listing, and an envelope without the listing, hold nothing, as
// services write an empty list; the envelope is still read to its end.
func TestMemberElementsReadsNullOrMissingAsEmpty(t *testing.T) {
	for body, member := range map[string]string{`null`: "", `{"data": null, "meta": 1}`: "data", `{"meta": 1}`: "data"} {
		n := 0
		err := MemberElements(strings.NewReader(body), member, func(jsontext.Value) bool { n++; return true })
		if err != nil || n != 0 {
			t.Errorf("%q: %d elements, %v; want none and no error", body, n, err)
		}
	}
	if err := MemberElements(strings.NewReader(`{"meta": 1`), "data", func(jsontext.Value) bool { return true }); err == nil {
		t.Error("an envelope cut short must still fail")
	}
}

func TestMemberElementsFailsOnACutOrForeignBody(t *testing.T) {
	for body, want := range map[string]string{
		`{"data": [1, 2], "meta": {`: io.ErrUnexpectedEOF.Error(),
		`{"data": [1, 2]`:            io.ErrUnexpectedEOF.Error(),
		`{"meta": 1`:                 io.ErrUnexpectedEOF.Error(),
		`{"data": 7}`:                "want a JSON array",
		`[1, 2]`:                     "want a JSON object",
	} {
		err := MemberElements(strings.NewReader(body), "data", func(jsontext.Value) bool { return true })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", body, err, want)
		}
	}
}

// The elements of several listings arrive in the body's order, each with
// its member's index; a null listing holds nothing, and the other members
// go to other.
func TestMembersElementsReadsEachListing(t *testing.T) {
	body := `{"accounts": [{"a": 1}], "added": [{"id": 1}, {"id": 2}], "modified": null, "removed": [{"id": 3}], "next_cursor": "c2", "has_more": false}`
	var got, others []string
	err := MembersElements(strings.NewReader(body), []string{"added", "modified", "removed"}, func(m int, v jsontext.Value) bool {
		got = append(got, strconv.Itoa(m)+string(v))
		return true
	}, func(name string, v jsontext.Value) { others = append(others, name+"="+string(v)) })
	if err != nil || strings.Join(got, " ") != `0{"id": 1} 0{"id": 2} 2{"id": 3}` {
		t.Fatalf("got %q, %v", got, err)
	}
	if strings.Join(others, " ") != `accounts=[{"a": 1}] next_cursor="c2" has_more=false` {
		t.Fatalf("others %q", others)
	}
}

func TestMembersElementsFailsOnACutOrForeignBody(t *testing.T) {
	for body, want := range map[string]string{
		`{"added": [{"id": 1}`:            io.ErrUnexpectedEOF.Error(),
		`{"added": [], "next_cursor": "c`: io.ErrUnexpectedEOF.Error(),
		`{"added": {"id": 1}}`:            "want a JSON array",
		`[]`:                              "want a JSON object",
		``:                                io.ErrUnexpectedEOF.Error(),
	} {
		err := MembersElements(strings.NewReader(body), []string{"added"}, func(int, jsontext.Value) bool { return true }, nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", body, err, want)
		}
	}
}
