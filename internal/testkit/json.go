package testkit

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Record is a result that keeps its raw JSON.
type Record interface {
	RawJSON() json.RawMessage
	Decode(v any) error
}

// Unshown fails the test unless rec kept the member name, which its typed
// struct lacks, with the value want: the proof that fields the spec does not
// show stay reachable.
func Unshown(t testing.TB, rec Record, name string, want any) {
	t.Helper()
	var members map[string]json.RawMessage
	if err := rec.Decode(&members); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	raw, ok := members[name]
	if !ok {
		t.Fatalf("member %q is not in the raw record %s", name, rec.RawJSON())
	}
	var got, norm any
	wb, _ := json.Marshal(want)
	if json.Unmarshal(raw, &got) != nil || json.Unmarshal(wb, &norm) != nil || !reflect.DeepEqual(got, norm) {
		t.Errorf("member %q is %s, want %s", name, raw, wb)
	}
}

// RoundTrip is the property every tolerant decoder keeps: whatever in
// decodes to also encodes, and that encoding decodes to a value that
// encodes the same again.
func RoundTrip[T any](t testing.TB, in []byte) {
	t.Helper()
	var v T
	if json.Unmarshal(in, &v) != nil {
		return
	}
	b, err := json.Marshal(&v)
	if err != nil {
		t.Fatalf("%q decoded to %+v, which does not encode: %v", in, v, err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%q encoded as %s, which does not decode: %v", in, b, err)
	}
	if b2, _ := json.Marshal(&back); string(b2) != string(b) {
		t.Fatalf("%q did not round-trip: %s then %s", in, b, b2)
	}
}
