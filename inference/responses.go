package inference

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// The Responses API answers at /responses, beside /chat/completions: whole,
// or as typed events that end with response.completed (or
// response.incomplete) rather than a [DONE] marker. A failed response, whole
// or streamed, and an "error" event are an *Error, as an error object in a
// chat completion is.
var (
	createResponseOp = transport.Declare(service, transport.Op{Name: "CreateResponse", Method: "POST", Path: "/responses"},
		(*Response).problem)
	streamResponseOp = transport.DeclareStream[ResponseStreamEvent](service, transport.Op{Name: "StreamResponse", Method: "POST",
		Path: "/responses"}, "").EndsWith(finalEvent, failedEvent)
)

// ResponseRequest is the body of a Responses API call. Model and Input are
// required; the optional fields are sent only when set. Stream is not a
// field: the method decides it. Groq keeps no state between calls
// (previous_response_id and store are not served there): send the whole
// conversation in Input each time, the previous output included.
type ResponseRequest struct {
	Model string `json:"model"`
	// Input is a text (InputText) or a list of items (InputItems).
	Input ResponseInput `json:"input"`
	// Instructions is a system message put before Input.
	Instructions string `json:"instructions,omitempty"`
	// Tools are the functions the model may call, built as for chat
	// completions (FunctionTool, FunctionToolFor); they are sent in the
	// Responses API's flat shape.
	Tools []Tool `json:"tools,omitempty"`
	// ToolChoice says whether and which tool must be called; it needs Tools.
	ToolChoice ToolChoice `json:"tool_choice,omitzero"`
	// ParallelToolCalls allows (default) or forbids several calls at once.
	ParallelToolCalls *bool `json:"parallel_tool_calls,omitempty"`
	// Format asks for JSON, free or matching a schema (ResponseFormatFor);
	// it is sent as text.format.
	Format *ResponseFormat `json:"text,omitempty"`
	// Temperature is the sampling temperature, 0..2.
	Temperature *float64 `json:"temperature,omitempty"`
	// TopP is the nucleus-sampling mass, 0..1.
	TopP *float64 `json:"top_p,omitempty"`
	// MaxOutputTokens caps the output, reasoning included.
	MaxOutputTokens *int `json:"max_output_tokens,omitempty"`
	// Reasoning tunes a reasoning model.
	Reasoning *Reasoning `json:"reasoning,omitempty"`
	// Metadata is up to 16 key-value pairs kept with the response.
	Metadata map[string]string `json:"metadata,omitempty"`
	// Truncation is "auto" to drop the start of a conversation that no
	// longer fits the context window, or "disabled" (the default: such a
	// request fails).
	Truncation string `json:"truncation,omitempty"`
	// User identifies the end user to the host, for abuse monitoring.
	User string `json:"user,omitempty"`
}

// Reasoning is how hard a reasoning model thinks: Effort is "low",
// "medium" or "high".
type Reasoning struct {
	Effort string `json:"effort,omitempty"`
}

// ResponseInput is a request's input: a text, or a list of items.
type ResponseInput struct {
	text  string
	items []InputItem
	list  bool
}

// InputText is an input of one user text.
func InputText(text string) ResponseInput { return ResponseInput{text: text} }

// InputItems is an input of items: messages, and the function calls of an
// earlier output with their results.
func InputItems(items ...InputItem) ResponseInput { return ResponseInput{items: items, list: true} }

// MarshalJSON sends the text as a JSON string, the items as an array.
func (in ResponseInput) MarshalJSON() ([]byte, error) {
	if in.list {
		if in.items == nil {
			return []byte("[]"), nil
		}
		return wire.Encode(in.items)
	}
	return wire.AppendString(nil, in.text), nil
}

// InputItem is one item of an input: a message (Type "message", Role and
// Content), a function call the model made (Type "function_call", CallID,
// Name and Arguments), or its result (Type "function_call_output", CallID
// and Output). InputMessage, FunctionCallOutput and OutputItem.AsInput build
// them.
type InputItem struct {
	Type      string `json:"type"`
	Role      Role   `json:"role,omitempty"`
	Content   string `json:"content,omitempty"`
	CallID    string `json:"call_id,omitempty"`
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`
	Output    string `json:"output,omitempty"`
}

// InputMessage is a message of role (RoleUser, RoleAssistant, RoleSystem,
// or Role("developer")) with text.
func InputMessage(role Role, text string) InputItem {
	return InputItem{Type: "message", Role: role, Content: text}
}

// FunctionCallOutput is the result of the function call callID, to send
// after the call itself (OutputItem.AsInput).
func FunctionCallOutput(callID, output string) InputItem {
	return InputItem{Type: "function_call_output", CallID: callID, Output: output}
}

// ResponseStatus is where a response stands.
type ResponseStatus string

// The statuses of a response.
const (
	ResponseCompleted  ResponseStatus = "completed"
	ResponseInProgress ResponseStatus = "in_progress"
	ResponseIncomplete ResponseStatus = "incomplete" // see IncompleteDetails
	ResponseFailed     ResponseStatus = "failed"     // see Error
)

// Response is a Responses API reply. RawJSON returns it as sent, with the
// fields not typed here (the request's settings the host echoes back).
type Response struct {
	raw       `json:"-"`
	ID        string         `json:"id"`
	Object    string         `json:"object"`
	CreatedAt int64          `json:"created_at"`
	Status    ResponseStatus `json:"status"`
	Model     string         `json:"model"`
	// Output is the generated items in order: reasoning, messages and
	// function calls.
	Output []OutputItem   `json:"output"`
	Usage  *ResponseUsage `json:"usage,omitempty"`
	Error  *ResponseError `json:"error,omitempty"`
	// IncompleteDetails says why a response is incomplete.
	IncompleteDetails *IncompleteDetails `json:"incomplete_details,omitempty"`
}

// OutputItem is one item of a response's output. Type is "message" (Role
// and Content of output_text parts), "function_call" (CallID, Name and
// Arguments) or "reasoning" (Content of reasoning_text parts).
type OutputItem struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Status    string          `json:"status,omitempty"`
	Role      Role            `json:"role,omitempty"`
	Content   []OutputContent `json:"content,omitempty"`
	CallID    string          `json:"call_id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Arguments string          `json:"arguments,omitempty"`
}

// OutputContent is a part of an output item: Type "output_text" in a
// message, "reasoning_text" in reasoning.
type OutputContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
	// Annotations are the citations of an output_text part, as sent.
	Annotations []json.RawMessage `json:"annotations,omitempty"`
}

// ResponseUsage is what a response cost, in tokens.
type ResponseUsage struct {
	InputTokens        int64 `json:"input_tokens"`
	OutputTokens       int64 `json:"output_tokens"`
	TotalTokens        int64 `json:"total_tokens"`
	InputTokensDetails struct {
		CachedTokens int64 `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokensDetails struct {
		ReasoningTokens int64 `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
}

// ResponseError is why a response failed.
type ResponseError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// IncompleteDetails says why a response stopped early: Reason is
// "max_output_tokens" or "content_filter".
type IncompleteDetails struct {
	Reason string `json:"reason"`
}

// OutputText joins the text of every output_text part of the output's
// messages, as openai-go's OutputText does: the reply, without reasoning or
// function calls.
func (r *Response) OutputText() string {
	var b strings.Builder
	for i := range r.Output {
		if r.Output[i].Type != "message" {
			continue
		}
		for _, c := range r.Output[i].Content {
			if c.Type == "output_text" {
				b.WriteString(c.Text)
			}
		}
	}
	return b.String()
}

// FunctionCalls returns the output's function calls, in order.
func (r *Response) FunctionCalls() []OutputItem {
	var calls []OutputItem
	for _, it := range r.Output {
		if it.Type == "function_call" {
			calls = append(calls, it)
		}
	}
	return calls
}

// DecodeOutput decodes OutputText, a JSON document asked for with Format
// (ResponseFormatFor), into v, a non-nil pointer; JSON that does not fit v's
// type is an *OutputError, as with ChatCompletion.DecodeContent.
func (r *Response) DecodeOutput(v any) error {
	err := decodeOutput([]byte(r.OutputText()), v)
	var oe *OutputError
	if errors.As(err, &oe) && r.IncompleteDetails != nil {
		oe.Reason += " (the response is incomplete: " + r.IncompleteDetails.Reason + ")"
	}
	return err
}

// DecodeArguments decodes a function call's arguments into v, a non-nil
// pointer, as ToolCall.DecodeArguments does.
func (it OutputItem) DecodeArguments(v any) error {
	return decodeOutput([]byte(it.Arguments), v)
}

// AsInput is the item to send back in the next request's input: a
// function call as the model made it, or a message with its text.
func (it OutputItem) AsInput() InputItem {
	if it.Type == "function_call" {
		return InputItem{Type: "function_call", CallID: it.CallID, Name: it.Name, Arguments: it.Arguments}
	}
	r := Response{Output: []OutputItem{it}}
	return InputMessage(cmp.Or(it.Role, RoleAssistant), r.OutputText())
}

// problem reports a 2xx answer that is a failed response, which conduit
// turns into an *Error.
func (r *Response) problem() *transport.Problem {
	if e := r.Error; e != nil || r.Status == ResponseFailed {
		p := &transport.Problem{Message: "the response failed"}
		if e != nil {
			p.Code, p.Message = e.Code, cmp.Or(e.Message, p.Message)
		}
		return p
	}
	return nil
}

// ResponseStreamEvent is one typed event of a streamed response; Type says
// which, and which fields it carries:
//
//   - response.created, response.in_progress, response.completed,
//     response.incomplete: Response, the response so far (whole on the last).
//   - response.output_item.added, response.output_item.done: OutputIndex
//     and Item.
//   - response.content_part.added, response.content_part.done: ItemID,
//     OutputIndex, ContentIndex and Part.
//   - response.output_text.delta, response.reasoning_text.delta,
//     response.function_call_arguments.delta: ItemID, OutputIndex,
//     ContentIndex (not for arguments) and Delta.
//   - response.output_text.done, response.reasoning_text.done: Text;
//     response.function_call_arguments.done: Arguments.
//
// Any other type arrives too, with RawJSON holding it as sent. A failed
// response (response.failed) and an "error" event end the stream with an
// *Error instead.
type ResponseStreamEvent struct {
	raw            `json:"-"`
	Type           string         `json:"type"`
	SequenceNumber int64          `json:"sequence_number"`
	Response       *Response      `json:"response,omitempty"`
	OutputIndex    int            `json:"output_index"`
	ContentIndex   int            `json:"content_index"`
	ItemID         string         `json:"item_id,omitempty"`
	Item           *OutputItem    `json:"item,omitempty"`
	Part           *OutputContent `json:"part,omitempty"`
	Delta          string         `json:"delta,omitempty"`
	Text           string         `json:"text,omitempty"`
	Arguments      string         `json:"arguments,omitempty"`
}

// ResponseStream is the stream StreamResponse returns, with the methods of
// ChatCompletionStream. It ends normally after response.completed or
// response.incomplete; a body cut before either is an *Error wrapping
// io.ErrUnexpectedEOF.
type ResponseStream = conduit.Stream[ResponseStreamEvent]

// eventType reads an event's type, looking only at events that name one of
// the types in want.
func eventType(data []byte, want ...string) bool {
	hit := false
	for _, w := range want {
		hit = hit || bytes.Contains(data, []byte(`"`+w+`"`))
	}
	if !hit {
		return false
	}
	var probe struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	for _, w := range want {
		if probe.Type == w {
			return true
		}
	}
	return false
}

func finalEvent(data []byte) bool {
	return eventType(data, "response.completed", "response.incomplete")
}

func failedEvent(data []byte) bool { return eventType(data, "error", "response.failed") }

// CreateResponse returns the whole response to req once it is complete;
// OutputText is its text. A failed response is an *Error; an incomplete
// one is returned, with IncompleteDetails.
func (c *Client) CreateResponse(ctx context.Context, req ResponseRequest, opts ...Option) (*Response, error) {
	if err := validateResponse(createResponseOp.Op, &req); err != nil {
		return nil, err
	}
	return createResponseOp.Do(ctx, c.t, transport.Call{Body: responseWire(&req, false)}, opts)
}

// StreamResponse asks for req with stream set and returns its events as
// they are generated. The caller must drain or Close the stream. A
// ResponseAccumulator assembles the events into the whole Response.
func (c *Client) StreamResponse(ctx context.Context, req ResponseRequest, opts ...Option) (*ResponseStream, error) {
	if err := validateResponse(streamResponseOp.Op, &req); err != nil {
		return nil, err
	}
	return streamResponseOp.Open(ctx, c.t, transport.Call{Body: responseWire(&req, true)}, opts)
}

// NewResponseStream reads a streamed response from r, a body of
// server-sent events, exactly as StreamResponse reads the service's: for
// test doubles of code that consumes streams.
func (c *Client) NewResponseStream(r io.Reader) *ResponseStream {
	return streamResponseOp.Reader(c.t, r)
}

// responseBody is the wire form of a request: tools, tool choice and
// format in the Responses API's flat shapes, and stream.
type responseBody struct {
	*ResponseRequest
	Tools      []responseTool `json:"tools,omitempty"`
	ToolChoice any            `json:"tool_choice,omitempty"`
	Text       *responseText  `json:"text,omitempty"`
	Stream     bool           `json:"stream,omitempty"`
}

type responseTool struct {
	Type string `json:"type"`
	*FunctionDefinition
}

type responseText struct {
	Format responseFormat `json:"format"`
}

type responseFormat struct {
	Type string `json:"type"`
	*JSONSchema
}

func responseWire(r *ResponseRequest, stream bool) responseBody {
	b := responseBody{ResponseRequest: r, Stream: stream}
	for i := range r.Tools {
		t := responseTool{Type: r.Tools[i].Type}
		if t.Type == "function" {
			t.FunctionDefinition = &r.Tools[i].Function
		}
		b.Tools = append(b.Tools, t)
	}
	switch c := r.ToolChoice; c.mode {
	case "":
	case "function":
		b.ToolChoice = map[string]string{"type": "function", "name": c.function}
	default:
		b.ToolChoice = c.mode
	}
	if f := r.Format; f != nil {
		b.Text = &responseText{Format: responseFormat{Type: f.Type, JSONSchema: f.JSONSchema}}
	}
	return b
}

func validateResponse(op *transport.Op, r *ResponseRequest) error {
	if b := r.check(); b != nil {
		return op.Invalid(b.field, "%s", b.reason)
	}
	return nil
}

func (r *ResponseRequest) check() *badParam {
	if r.Model == "" {
		return bad("model", "is empty")
	}
	in := &r.Input
	switch {
	case !in.list && in.text == "":
		return bad("input", "is empty")
	case in.list && len(in.items) == 0:
		return bad("input", "has no item")
	}
	for i := range in.items {
		if b := in.items[i].check().in("input", i); b != nil {
			return b
		}
	}
	if t := r.Temperature; t != nil && !(*t >= 0 && *t <= 2) {
		return bad("temperature", "%v is outside 0..2", *t)
	}
	if p := r.TopP; p != nil && !(*p >= 0 && *p <= 1) {
		return bad("top_p", "%v is outside 0..1", *p)
	}
	if n := r.MaxOutputTokens; n != nil && *n < 1 {
		return bad("max_output_tokens", "%d is not positive", *n)
	}
	if b := checkTools(r.Tools, r.ToolChoice, r.ParallelToolCalls); b != nil {
		// The Responses API's tools are flat: tools[0].name, not
		// tools[0].function.name.
		b.field = strings.Replace(b.field, ".function.", ".", 1)
		return b
	}
	if f := r.Format; f != nil {
		switch f.Type {
		case FormatText, FormatJSONObject:
		case FormatJSONSchema:
			if f.JSONSchema == nil {
				return bad("text.format", "type json_schema needs JSONSchema")
			}
			if b := checkName("text.format.name", f.JSONSchema.Name); b != nil {
				return b
			}
			if b := checkSchema("text.format.schema", f.JSONSchema.Schema); b != nil {
				return b
			}
		default:
			return bad("text.format.type", "%q is not text, json_object or json_schema", f.Type)
		}
	}
	switch r.Truncation {
	case "", "auto", "disabled":
	default:
		return bad("truncation", "%q is not auto or disabled", r.Truncation)
	}
	return nil
}

func (it *InputItem) check() *badParam {
	switch it.Type {
	case "message":
		if it.Role == "" {
			return bad("role", "is empty")
		}
		if it.Content == "" {
			return bad("content", "is empty")
		}
	case "function_call":
		if it.CallID == "" {
			return bad("call_id", "is empty")
		}
		return checkName("name", it.Name)
	case "function_call_output":
		if it.CallID == "" {
			return bad("call_id", "is empty")
		}
	default:
		return bad("type", "%q is not message, function_call or function_call_output", it.Type)
	}
	return nil
}
