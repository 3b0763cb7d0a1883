package testkit

import (
	"bytes"
	"encoding/json"
	"iter"
	"strconv"
	"testing"
)

// RepeatedRecords is the body of a large listing for a benchmark: a JSON
// array of n records, those of the fixture testdata/<pkg>/<name> (a JSON
// array, or the array under member) taken in turn, compacted. Where idKey
// is not empty, the value after the first idKey of each record is
// prefixed by the record's number (first, first+1, …), so that ids differ.
func RepeatedRecords(tb testing.TB, pkg, name, member, idKey string, first, n int) []byte {
	tb.Helper()
	fixture := []byte(Fixture(tb, pkg, name))
	if member != "" {
		var outer map[string]json.RawMessage
		if err := json.Unmarshal(fixture, &outer); err != nil {
			tb.Fatalf("testkit: %s/%s: %v", pkg, name, err)
		}
		fixture = outer[member]
	}
	var records []json.RawMessage
	if err := json.Unmarshal(fixture, &records); err != nil || len(records) == 0 {
		tb.Fatalf("testkit: %s/%s holds no records (%v)", pkg, name, err)
	}
	out := []byte{'['}
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		var rec bytes.Buffer
		if err := json.Compact(&rec, records[i%len(records)]); err != nil {
			tb.Fatal(err)
		}
		r := rec.Bytes()
		if idKey != "" {
			r = bytes.Replace(r, []byte(idKey), []byte(idKey+strconv.Itoa(first+i)), 1)
		}
		out = append(out, r...)
	}
	return append(out, ']')
}

// Drain reads an iterator of a listing to its end: the elements it
// yielded and the error that ended it.
func Drain[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var got []T
	for v, err := range seq {
		if err != nil {
			return got, err
		}
		got = append(got, v)
	}
	return got, nil
}
