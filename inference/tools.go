package inference

import (
	"encoding/json"
	"fmt"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Tool is a tool the model may call. Type is "function" for a function of
// the caller's, described by Function; FunctionTool builds one. Hosts with
// built-in tools take their own types (Groq's "browser_search"), sent as
// they are.
type Tool struct {
	Type     string             `json:"type"`
	Function FunctionDefinition `json:"function,omitzero"`
}

// FunctionDefinition describes a function the model may ask to call.
type FunctionDefinition struct {
	// Name is 1 to 64 letters, digits, underscores or dashes.
	Name string `json:"name"`
	// Description tells the model when and how to call the function.
	Description string `json:"description,omitempty"`
	// Parameters is the JSON Schema of the arguments object: a
	// json.RawMessage, a map or a struct that encodes to one. nil declares
	// a function without arguments.
	Parameters any `json:"parameters,omitempty"`
	// Strict asks the host to make the arguments match Parameters exactly,
	// where it supports strict schemas.
	Strict bool `json:"strict,omitempty"`
}

// FunctionTool is the tool for a function of the caller's.
func FunctionTool(name, description string, parameters any) Tool {
	return Tool{Type: "function", Function: FunctionDefinition{Name: name, Description: description, Parameters: parameters}}
}

// ToolCall is the model's request to run a function. Arguments is the JSON
// object of arguments as the model wrote it: decode it with json.Unmarshal
// and expect it to be invalid now and then, unless the tool was Strict.
type ToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function FunctionCall `json:"function"`
}

// FunctionCall is the function a ToolCall names and its arguments.
type FunctionCall struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// ToolCallDelta is a piece of a tool call in a stream. Index says which
// call of the choice it belongs to; the first piece of a call carries its
// ID, Type and Function.Name, and Function.Arguments arrives in fragments
// to be joined in order. ChatCompletionAccumulator joins them.
type ToolCallDelta struct {
	Index    int          `json:"index"`
	ID       string       `json:"id,omitempty"`
	Type     string       `json:"type,omitempty"`
	Function FunctionCall `json:"function"`
}

// ToolCalls are the tool calls of the reply, choices[0].message.tool_calls.
func (c *ChatCompletion) ToolCalls() []ToolCall {
	if len(c.Choices) == 0 {
		return nil
	}
	return c.Choices[0].Message.ToolCalls
}

// ToolChoice says whether and which tool the model must call. It is one of
// ToolChoiceNone, ToolChoiceAuto and ToolChoiceRequired, sent as that word,
// or ToolChoiceFunction(name), sent as the object naming the function. The
// zero value sends nothing: the host then calls tools as it sees fit when
// tools are given.
type ToolChoice struct{ mode, function string }

// The tool choices that are a word.
var (
	ToolChoiceNone     = ToolChoice{mode: "none"}     // reply with text, call no tool
	ToolChoiceAuto     = ToolChoice{mode: "auto"}     // the model decides
	ToolChoiceRequired = ToolChoice{mode: "required"} // call at least one tool
)

// ToolChoiceFunction makes the model call the function of that name, which
// must be among the request's tools.
func ToolChoiceFunction(name string) ToolChoice { return ToolChoice{mode: "function", function: name} }

// IsZero reports whether c is unset, so that the request leaves it out.
func (c ToolChoice) IsZero() bool { return c == ToolChoice{} }

type toolChoiceObject struct {
	Type     string `json:"type"`
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
}

// MarshalJSON sends "none", "auto", "required", or
// {"type":"function","function":{"name":…}}.
func (c ToolChoice) MarshalJSON() ([]byte, error) {
	if c.mode != "function" {
		return wire.AppendString(nil, c.mode), nil
	}
	var o toolChoiceObject
	o.Type, o.Function.Name = "function", c.function
	return wire.Encode(o)
}

// UnmarshalJSON accepts both forms MarshalJSON sends.
func (c *ToolChoice) UnmarshalJSON(b []byte) error {
	*c = ToolChoice{}
	switch wire.Kind(b) {
	case 'n':
		return nil
	case '"':
		var err error
		c.mode, err = wire.String(b)
		return err
	}
	var o toolChoiceObject
	if err := conduit.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("inference: tool_choice: %w", err)
	}
	if o.Type != "function" {
		return fmt.Errorf("inference: tool_choice of type %q, want function", o.Type)
	}
	*c = ToolChoiceFunction(o.Function.Name)
	return nil
}

// The response formats.
const (
	FormatText       = "text"        // free text, the default
	FormatJSONObject = "json_object" // any JSON object ("JSON mode")
	FormatJSONSchema = "json_schema" // JSON matching ResponseFormat.JSONSchema
)

// ResponseFormat constrains the reply's content: Type is FormatText,
// FormatJSONObject or FormatJSONSchema, the last with JSONSchema set.
type ResponseFormat struct {
	Type       string      `json:"type"`
	JSONSchema *JSONSchema `json:"json_schema,omitempty"`
}

// JSONSchema is the schema a FormatJSONSchema reply must match.
type JSONSchema struct {
	// Name is 1 to 64 letters, digits, underscores or dashes.
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Schema is the JSON Schema: a json.RawMessage, a map or a struct.
	Schema any `json:"schema,omitempty"`
	// Strict asks the host to follow Schema exactly, where it can.
	Strict bool `json:"strict,omitempty"`
}

// StreamOptions tunes a streamed reply. StreamChatCompletion sends it only
// when set; CreateChatCompletion never does, as hosts refuse it there.
type StreamOptions struct {
	// IncludeUsage asks for one more chunk before the end, with no choices
	// and the usage of the whole request.
	IncludeUsage bool `json:"include_usage"`
}

// checkTools refuses tools the host would refuse, and a tool choice or
// parallel_tool_calls without tools to apply to.
func checkTools(tools []Tool, choice ToolChoice, parallel *bool) *badParam {
	var names map[string]int // function name → index in tools
	if len(tools) > 0 {
		names = make(map[string]int, len(tools))
	}
	for i := range tools {
		if b := tools[i].check(names).in("tools", i); b != nil {
			return b
		}
		if tools[i].Type == "function" {
			names[tools[i].Function.Name] = i
		}
	}
	if len(tools) == 0 {
		if !choice.IsZero() {
			return bad("tool_choice", "is set but no tools are given")
		}
		if parallel != nil {
			return bad("parallel_tool_calls", "is set but no tools are given")
		}
	}
	switch choice.mode {
	case "", "none", "auto", "required":
	case "function":
		if _, ok := names[choice.function]; !ok {
			return bad("tool_choice", "names function %q, which is not among the tools", choice.function)
		}
	default:
		return bad("tool_choice", "%q is not none, auto, required or a function", choice.mode)
	}
	return nil
}

// check checks one tool; names holds the function names of the tools
// before it.
func (t *Tool) check(names map[string]int) *badParam {
	if t.Type == "" {
		return bad("type", "is empty")
	}
	if t.Type != "function" {
		return nil
	}
	f := &t.Function
	if b := checkName("function.name", f.Name); b != nil {
		return b
	}
	if j, dup := names[f.Name]; dup {
		return bad("function.name", "%q is also the name of tools[%d]", f.Name, j)
	}
	return checkSchema("function.parameters", f.Parameters)
}

func (tc *ToolCall) check() *badParam {
	if tc.ID == "" {
		return bad("id", "is empty")
	}
	if tc.Type != "function" {
		return bad("type", "%q is not function", tc.Type)
	}
	return checkName("function.name", tc.Function.Name)
}

func (f *ResponseFormat) check() *badParam {
	if f == nil {
		return nil
	}
	switch f.Type {
	case FormatText, FormatJSONObject:
		if f.JSONSchema != nil {
			return bad("response_format.json_schema", "is set but type is %q, not json_schema", f.Type)
		}
	case FormatJSONSchema:
		s := f.JSONSchema
		if s == nil {
			return bad("response_format.json_schema", "is missing; type json_schema needs it")
		}
		if b := checkName("response_format.json_schema.name", s.Name); b != nil {
			return b
		}
		return checkSchema("response_format.json_schema.schema", s.Schema)
	default:
		return bad("response_format.type", "%q is not text, json_object or json_schema", f.Type)
	}
	return nil
}

// checkSchema refuses the schema values that would encode as something
// other than a JSON object: raw bytes that are not one, and a []byte or a
// string, which would be sent as a JSON string.
func checkSchema(at string, v any) *badParam {
	switch s := v.(type) {
	case json.RawMessage:
		if !wire.IsObject(s) {
			return bad(at, "is not a JSON object")
		}
	case []byte:
		return bad(at, "is a []byte, which is sent as a base64 string; use json.RawMessage")
	case string:
		return bad(at, "is a string, which is sent as a JSON string; use json.RawMessage")
	}
	return nil
}

// checkName refuses a function or schema name that does not match
// [a-zA-Z0-9_-]{1,64}, the names hosts take.
func checkName(field, name string) *badParam {
	ok := len(name) > 0 && len(name) <= 64
	for i := 0; ok && i < len(name); i++ {
		c := name[i]
		ok = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
	}
	if !ok {
		return bad(field, "%q is not 1 to 64 letters, digits, _ or -", name)
	}
	return nil
}
