package conduit_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/conduit-sdk/conduit"
)

type recItem struct {
	conduit.Raw
	ID string `json:"id"`
}

type envelope struct {
	conduit.Raw
	Items []recItem `json:"items"`
	One   recItem   `json:"one"`
	Ptr   *recItem  `json:"ptr"`
}

// Unmarshal fills the Raw of every record, list items and nested records
// included, each with its own bytes; no UnmarshalJSON shim is needed.
func TestUnmarshalKeepsEachRecordRaw(t *testing.T) {
	body := []byte(`{"items":[ {"id":"a","extra":1}, null, {"id":"c","nested":{"x":[1,2]}} ],"one":{"id":"o","more":true},"ptr": {"id":"p"} }`)
	var env envelope
	if err := conduit.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	if len(env.Items) != 3 || env.Items[0].ID != "a" || env.Items[2].ID != "c" || env.One.ID != "o" || env.Ptr == nil {
		t.Fatalf("decoded %+v", env)
	}
	if got := string(env.Items[0].RawJSON()); got != `{"id":"a","extra":1}` {
		t.Errorf("item 0 raw = %s", got)
	}
	if env.Items[1].RawJSON() != nil || env.Items[1].ID != "" {
		t.Errorf("a null item must stay zero, got %+v", env.Items[1])
	}
	if got := string(env.Items[2].RawJSON()); got != `{"id":"c","nested":{"x":[1,2]}}` {
		t.Errorf("item 2 raw = %s", got)
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
	if got := string(env.Ptr.RawJSON()); got != `{"id":"p"}` {
		t.Errorf("pointer record raw = %s", got)
	}
	if string(env.RawJSON()) != string(body) {
		t.Errorf("top-level raw changed: %s", env.RawJSON())
	}
}

// A list of records decodes with each element's raw bytes; a record
// decoded by anything but conduit has none, and Decode says so.
func TestUnmarshalListAndUndecoded(t *testing.T) {
	var list []recItem
	if err := conduit.Unmarshal([]byte("[\n {\"id\":\"1\"},\t{\"id\":\"2\",\"z\":null}\n]"), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || string(list[0].RawJSON()) != `{"id":"1"}` || string(list[1].RawJSON()) != `{"id":"2","z":null}` {
		t.Fatalf("list raw: %q %q", list[0].RawJSON(), list[1].RawJSON())
	}
	var plain recItem
	if plain.RawJSON() != nil {
		t.Error("a record conduit did not decode has no raw bytes")
	}
	if err := plain.Decode(&struct{}{}); err == nil {
		t.Error("Decode of a record without raw bytes must fail")
	}
}

func TestUnmarshalTypeError(t *testing.T) {
	var env envelope
	err := conduit.Unmarshal([]byte(`{"items":[{"id":5}]}`), &env)
	var se *jsonv2.SemanticError
	if !errors.As(err, &se) {
		t.Fatalf("want a *json.SemanticError, got %v", err)
	}
}

// Services are not strict, and neither is the decoder: names match without
// case and a duplicated name keeps the last value, as encoding/json does.
func TestUnmarshalLenient(t *testing.T) {
	var it recItem
	if err := conduit.Unmarshal([]byte(`{"ID":"x","id":"y"}`), &it); err != nil || it.ID != "y" {
		t.Fatalf("got %+v, %v", it, err)
	}
}

// A result printed with %+v shows its fields; the body it was decoded
// from shows as an address and lengths, not as decimal bytes.
func TestRawPrintsNoBytes(t *testing.T) {
	var v struct {
		conduit.Raw
		Name string `json:"name"`
	}
	body := []byte(`{"name": "` + strings.Repeat("x", 200) + `"}`)
	if err := conduit.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	if string(v.RawJSON()) != string(body) {
		t.Fatalf("RawJSON is %s", v.RawJSON())
	}
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		out := fmt.Sprintf(verb, &v)
		if strings.Contains(out, "[123 ") || strings.Contains(out, "0x7b, 0x22") || len(out) > 400 {
			t.Errorf("%s prints the body's bytes: %s", verb, out)
		}
	}
}

// A conduit.JSON member decodes and encodes as the value sent, and prints
// as its text.
func TestJSONPrintsAsText(t *testing.T) {
	var v struct {
		Orphans conduit.JSON `json:"orphans"`
	}
	if err := conduit.Unmarshal([]byte(`{"orphans": [{"height": 1}]}`), &v); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%+v", v); got != `{Orphans:[{"height": 1}]}` {
		t.Errorf("%%+v prints %s", got)
	}
	if got := fmt.Sprintf("%q", v.Orphans); got != `"[{\"height\": 1}]"` {
		t.Errorf("%%q prints %s", got)
	}
	b, err := jsonv2.Marshal(v)
	if err != nil || string(b) != `{"orphans":[{"height":1}]}` {
		t.Errorf("encoded as %s, %v", b, err)
	}
}
