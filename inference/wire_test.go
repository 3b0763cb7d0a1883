package inference

import (
	"encoding/json"
	"reflect"
	"testing"
)

// sample sets v, a field of the request or of a message, to a value that
// is not its zero value.
func sample(t *testing.T, name string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(1)
	case reflect.Float64:
		v.SetFloat(1)
	default:
		switch v.Type() {
		case reflect.TypeFor[ToolChoice]():
			v.Set(reflect.ValueOf(ToolChoiceAuto))
		case reflect.TypeFor[Content]():
			v.Set(reflect.ValueOf(PartsContent(TextPart("x"))))
		default:
			t.Fatalf("no sample value for %s of type %s: add one", name, v.Type())
		}
	}
}

func textRequest() ChatCompletionRequest {
	return ChatCompletionRequest{Model: "llama-3.3-70b-versatile", Messages: []Message{
		SystemMessage("You are a concise assistant."),
		UserMessage("Why does fast inference matter? Answer in one line, café ü 日本."),
		{Role: RoleAssistant, Content: TextContent("Because"), Name: "bot"},
		ToolMessage("call_1", "{}x"),
	}}
}

// agrees checks that the request is sent as encoding/json writes it, and
// reports whether the direct encoder wrote it.
func agrees(t *testing.T, what string, b chatBody) bool {
	t.Helper()
	want, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	got, direct := b.encode()
	if direct && string(got) != string(want) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
	return direct
}

// The direct encoder writes the usual request exactly as encoding/json
// does, and leaves every other request to encoding/json: each field of the
// request and of a message, set, is either written alike or refused.
func TestChatBodyEncodesAsEncodingJSON(t *testing.T) {
	for _, stream := range []bool{false, true} {
		if !agrees(t, "text request", chatBody{textRequest(), stream}) {
			t.Error("the usual request is not written directly")
		}
	}
	rt := reflect.TypeFor[ChatCompletionRequest]()
	for i := range rt.NumField() {
		req := textRequest()
		f := rt.Field(i)
		sample(t, f.Name, reflect.ValueOf(&req).Elem().Field(i))
		agrees(t, "request with "+f.Name, chatBody{req, false})
	}
	mt := reflect.TypeFor[Message]()
	for i := range mt.NumField() {
		req := textRequest()
		f := mt.Field(i)
		sample(t, f.Name, reflect.ValueOf(&req.Messages[1]).Elem().Field(i))
		agrees(t, "message with "+f.Name, chatBody{req, false})
	}
	for _, s := range []string{"", `quote " and \ backslash`, "<b>&amp;</b>", "tab\tnew\nline", "\u2028", "bad \xff"} {
		req := textRequest()
		req.Model, req.Messages[0].Content, req.Messages[2].Name = s, TextContent(s), s
		agrees(t, "strings "+s, chatBody{req, false})
	}
	req := textRequest()
	req.Messages = nil
	if agrees(t, "no messages", chatBody{req, false}) {
		t.Error("nil messages are written as null by encoding/json, not directly")
	}
}

func FuzzChatBody(f *testing.F) {
	f.Add("m", "system", "hello", "", "")
	f.Add("m<", "user", "a\"b", "n", "id")
	f.Fuzz(func(t *testing.T, model, role, content, name, callID string) {
		req := ChatCompletionRequest{Model: model, Messages: []Message{{Role: Role(role), Content: TextContent(content), Name: name, ToolCallID: callID}}}
		agrees(t, "fuzzed", chatBody{req, true})
	})
}

// A chunk is decoded through chunkFields, which must have every member of
// the chunk, alike in name, type and tag.
func TestChunkFieldsMirrorChunk(t *testing.T) {
	checkMirror(t, reflect.TypeFor[chunkFields](), reflect.TypeFor[ChatCompletionChunk]())
}

func TestModelFieldsMirrorModel(t *testing.T) {
	checkMirror(t, reflect.TypeFor[modelFields](), reflect.TypeFor[Model]())
}

// checkMirror fails unless mirror has every field of record but its raw,
// with the same type and tag.
func checkMirror(t *testing.T, mirror, record reflect.Type) {
	t.Helper()
	for i := range record.NumField() {
		f := record.Field(i)
		if f.Anonymous {
			continue // the raw record
		}
		m, ok := mirror.FieldByName(f.Name)
		if !ok || m.Type != f.Type || m.Tag != f.Tag {
			t.Errorf("%s.%s does not mirror %s.%s %s `%s`", mirror.Name(), f.Name, record.Name(), f.Name, f.Type, f.Tag)
		}
	}
}

// Decoding into a chunk that already holds values keeps those the input
// does not name, as encoding/json does.
func TestChunkDecodeMerges(t *testing.T) {
	c := ChatCompletionChunk{Model: "m", Usage: &Usage{TotalTokens: 3}}
	if err := json.Unmarshal([]byte(`{"id":"b","x_groq":{"id":"r"}}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.ID != "b" || c.Model != "m" || c.Usage == nil || c.Usage.TotalTokens != 3 {
		t.Errorf("got %+v", c)
	}
}
