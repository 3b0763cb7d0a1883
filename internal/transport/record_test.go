package transport

import (
	"encoding/json"
	"errors"
	"testing"
)

type recordItem struct {
	Raw
	ID string `json:"id"`
}

func (r *recordItem) UnmarshalJSON(b []byte) error {
	type plain recordItem
	return DecodeRecord(b, (*plain)(r))
}

func TestDecodeRecordKeepsNestedRaw(t *testing.T) {
	var env struct {
		Items  []recordItem `json:"items"`
		Single recordItem   `json:"single"`
		Gone   recordItem   `json:"gone"`
	}
	body := []byte(`{"items":[ {"id":"a","extra":1}, {"id":"b"} ],"single":{"id":"s","deep":{"x":true}},"gone":null}`)
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	for i := range body {
		body[i] = 'X' // the records must not alias the caller's buffer
	}
	if len(env.Items) != 2 || env.Items[0].ID != "a" || env.Items[1].ID != "b" {
		t.Fatalf("items decoded as %+v", env.Items)
	}
	if got := string(env.Items[0].RawJSON()); got != `{"id":"a","extra":1}` {
		t.Errorf("item raw = %s", got)
	}
	var extra struct {
		Deep struct{ X bool } `json:"deep"`
	}
	if err := env.Single.Decode(&extra); err != nil || !extra.Deep.X {
		t.Errorf("single Decode = %+v, %v", extra, err)
	}
	if env.Gone.ID != "" || env.Gone.RawJSON() != nil {
		t.Errorf("null record = %+v, want untouched", env.Gone)
	}
}

func TestDecodeRecordReportsTypeErrors(t *testing.T) {
	var r recordItem
	err := json.Unmarshal([]byte(`{"id":5}`), &r)
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		t.Fatalf("err = %v, want a *json.UnmarshalTypeError", err)
	}
	if r.RawJSON() != nil {
		t.Errorf("a record that failed to decode kept raw bytes %s", r.RawJSON())
	}
}
