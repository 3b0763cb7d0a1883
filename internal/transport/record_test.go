package transport

import (
	"encoding/json"
	"errors"
	"testing"
)

type recItem struct {
	Raw
	ID string `json:"id"`
}

func (it *recItem) UnmarshalJSON(b []byte) error {
	type plain recItem
	return UnmarshalRecord(b, (*plain)(it))
}

type envelope struct {
	Raw
	Items []recItem `json:"items"`
	One   recItem   `json:"one"`
}

func TestUnmarshalRecordKeepsEachItemRaw(t *testing.T) {
	body := []byte(`{"items":[ {"id":"a","extra":1}, null, {"id":"c","nested":{"x":[1,2]}} ],"one":{"id":"o","more":true}}`)
	var env envelope
	if err := DecodeJSON(body, &env, func(err error, _ string) error { return err }); err != nil {
		t.Fatal(err)
	}
	if len(env.Items) != 3 || env.Items[0].ID != "a" || env.Items[2].ID != "c" || env.One.ID != "o" {
		t.Fatalf("decoded %+v", env)
	}
	if got := string(env.Items[0].RawJSON()); got != `{"id":"a","extra":1}` {
		t.Errorf("item 0 raw = %s", got)
	}
	if env.Items[1].RawJSON() != nil || env.Items[1].ID != "" {
		t.Errorf("a null item must stay zero, got %+v", env.Items[1])
	}
	var extra struct {
		Nested struct{ X []int } `json:"nested"`
	}
	if err := env.Items[2].Decode(&extra); err != nil || len(extra.Nested.X) != 2 {
		t.Errorf("Decode of item 2: %v %+v", err, extra)
	}
	var more struct{ More bool }
	if err := env.One.Decode(&more); err != nil || !more.More {
		t.Errorf("Decode of one: %v %+v", err, more)
	}
	if string(env.RawJSON()) != string(body) {
		t.Errorf("top-level raw changed: %s", env.RawJSON())
	}
}

func TestUnmarshalRecordTypeError(t *testing.T) {
	var env envelope
	err := json.Unmarshal([]byte(`{"items":[{"id":5}]}`), &env)
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		t.Fatalf("want a *json.UnmarshalTypeError, got %v", err)
	}
	if env.Items[0].RawJSON() != nil {
		t.Error("a record that failed to decode must not keep raw bytes")
	}
}

func TestUnmarshalRecordCopiesInput(t *testing.T) {
	b := []byte(`{"id":"x"}`)
	var it recItem
	if err := it.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	b[7] = 'y'
	if string(it.RawJSON()) != `{"id":"x"}` {
		t.Errorf("raw bytes alias the input: %s", it.RawJSON())
	}
}
