package inference_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

var weatherSchema = json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city","unit"],"additionalProperties":false}`)

func weatherTool() inference.Tool {
	t := inference.FunctionTool("get_weather", "Current temperature in a city.", weatherSchema)
	t.Function.Strict = true
	return t
}

// weatherRequest is hello with the weather tool: the replay's model calls
// it.
func weatherRequest() inference.ChatCompletionRequest {
	req := hello()
	req.Tools = []inference.Tool{weatherTool()}
	return req
}

// toolConversation is a conversation past one round of tool calls: every
// message form the request encodes.
func toolConversation() []inference.Message {
	return []inference.Message{
		inference.SystemMessage("Answer with the tools."),
		{Role: inference.RoleUser, Content: inference.PartsContent(
			inference.TextPart("What is the weather where this photo was taken?"),
			inference.ImagePart("https://images.example/lisbon.jpg", "low"),
		)},
		{Role: inference.RoleAssistant, ToolCalls: []inference.ToolCall{{
			ID: "call_7h2kq9vx", Type: "function",
			Function: inference.FunctionCall{Name: "get_weather", Arguments: `{"city":"Lisbon","unit":"celsius"}`},
		}}},
		inference.ToolMessage("call_7h2kq9vx", `{"temperature":19}`),
	}
}

func TestRequestEncodesToolsAndOptions(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_chat_completion.json"))
	req := inference.ChatCompletionRequest{
		Model:             "llama-3.3-70b-versatile",
		Messages:          toolConversation(),
		Tools:             []inference.Tool{weatherTool()},
		ToolChoice:        inference.ToolChoiceFunction("get_weather"),
		ParallelToolCalls: inference.Bool(false),
		ResponseFormat: &inference.ResponseFormat{Type: inference.FormatJSONSchema, JSONSchema: &inference.JSONSchema{
			Name: "weather_report", Description: "A report", Schema: map[string]any{"type": "object"}, Strict: true,
		}},
		StreamOptions:    &inference.StreamOptions{IncludeUsage: true},
		N:                inference.Int(1),
		PresencePenalty:  inference.Float(0),
		FrequencyPenalty: inference.Float(-0.5),
		Logprobs:         inference.Bool(true),
		TopLogprobs:      inference.Int(3),
		Seed:             inference.Int64(42),
		User:             "user-4821",
		ReasoningEffort:  "low",
		ReasoningFormat:  inference.ReasoningParsed,
	}
	_, err := client(t, srv).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"model": "llama-3.3-70b-versatile",
		"messages": [
			{"role": "system", "content": "Answer with the tools."},
			{"role": "user", "content": [
				{"type": "text", "text": "What is the weather where this photo was taken?"},
				{"type": "image_url", "image_url": {"url": "https://images.example/lisbon.jpg", "detail": "low"}}]},
			{"role": "assistant", "content": "", "tool_calls": [{"id": "call_7h2kq9vx", "type": "function",
				"function": {"name": "get_weather", "arguments": "{\"city\":\"Lisbon\",\"unit\":\"celsius\"}"}}]},
			{"role": "tool", "content": "{\"temperature\":19}", "tool_call_id": "call_7h2kq9vx"}],
		"tools": [{"type": "function", "function": {"name": "get_weather", "description": "Current temperature in a city.",
			"parameters": `+string(weatherSchema)+`, "strict": true}}],
		"tool_choice": {"type": "function", "function": {"name": "get_weather"}},
		"parallel_tool_calls": false,
		"response_format": {"type": "json_schema", "json_schema": {"name": "weather_report", "description": "A report",
			"schema": {"type": "object"}, "strict": true}},
		"n": 1, "presence_penalty": 0, "frequency_penalty": -0.5, "logprobs": true, "top_logprobs": 3, "seed": 42,
		"user": "user-4821", "reasoning_effort": "low", "reasoning_format": "parsed"
	}`, string(srv.Last(t).Body), "stream_options is left out without stream; zeros set through pointers are sent")
}

func TestStreamOptionsSentWhenSet(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts *inference.StreamOptions
		want string
	}{
		{"unset", nil, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"user","content":"Explain why fast inference matters."}],"stream":true}`},
		{"include usage", &inference.StreamOptions{IncludeUsage: true}, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"user","content":"Explain why fast inference matters."}],"stream":true,"stream_options":{"include_usage":true}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{ContentType: "text/event-stream", Body: "data: [DONE]\n\n"})
			req := hello()
			req.StreamOptions = tc.opts
			s, err := client(t, srv).StreamChatCompletion(context.Background(), req)
			require.NoError(t, err)
			assert.False(t, s.Next())
			require.NoError(t, s.Err())
			assert.JSONEq(t, tc.want, string(srv.Last(t).Body))
		})
	}
}

func TestToolChoiceJSON(t *testing.T) {
	for _, tc := range []struct {
		choice inference.ToolChoice
		want   string
	}{
		{inference.ToolChoiceNone, `"none"`},
		{inference.ToolChoiceAuto, `"auto"`},
		{inference.ToolChoiceRequired, `"required"`},
		{inference.ToolChoiceFunction("get_weather"), `{"type":"function","function":{"name":"get_weather"}}`},
	} {
		b, err := json.Marshal(tc.choice)
		require.NoError(t, err)
		assert.Equal(t, tc.want, string(b))
		var back inference.ToolChoice
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, tc.choice, back, "%s decodes to what encoded it", b)
	}
	b, err := json.Marshal(inference.ChatCompletionRequest{Model: "m"})
	require.NoError(t, err)
	assert.NotContains(t, string(b), "tool_choice", "the zero choice is not sent")

	var c inference.ToolChoice
	require.NoError(t, json.Unmarshal([]byte(`null`), &c))
	assert.True(t, c.IsZero())
	assert.Error(t, json.Unmarshal([]byte(`{"type":"custom","custom":{"name":"x"}}`), &c))
	assert.Error(t, json.Unmarshal([]byte(`7`), &c))
}

func TestContentJSON(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content inference.Content
		want    string
		text    string
	}{
		{"zero", inference.Content{}, `""`, ""},
		{"text", inference.TextContent(`say "hi"`), `"say \"hi\""`, `say "hi"`},
		{"parts", inference.PartsContent(inference.TextPart("a "), inference.ImagePart("data:image/png;base64,iVBORw0K", ""), inference.TextPart("b")),
			`[{"type":"text","text":"a "},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0K"}},{"type":"text","text":"b"}]`, "a b"},
		{"no parts", inference.PartsContent(), `""`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.content)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
			assert.Equal(t, tc.text, tc.content.Text())
			var back inference.Content
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tc.text, back.Text())
			assert.Equal(t, len(tc.content.Parts()), len(back.Parts()))
		})
	}
	for in, want := range map[string]string{`null`: "", ` "x" `: "x", `[]`: "", `[{"type":"text","text":"t"}]`: "t"} {
		var c inference.Content
		require.NoError(t, json.Unmarshal([]byte(in), &c), in)
		assert.Equal(t, want, c.Text(), in)
	}
	var c inference.Content
	assert.Error(t, json.Unmarshal([]byte(`{"text":"x"}`), &c))
	assert.Error(t, json.Unmarshal([]byte(`12`), &c))
}

func TestCreateChatCompletionToolCalls(t *testing.T) {
	c := newReplay(t)
	req := weatherRequest()
	r, err := c.CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, inference.FinishReasonToolCalls, r.Choices[0].FinishReason)
	assert.Empty(t, r.Content(), "content null beside tool calls")
	assert.True(t, r.Choices[0].Message.Content.IsZero())
	assert.Nil(t, r.Choices[0].Logprobs, "logprobs null is nil")
	calls := r.ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, inference.ToolCall{ID: "call_7h2kq9vx", Type: "function",
		Function: inference.FunctionCall{Name: "get_weather", Arguments: `{"city":"Lisbon","unit":"celsius"}`}}, calls[0])
	assert.Equal(t, `{"city":"São Paulo","unit":"celsius"}`, calls[1].Function.Arguments)
	golden.JSON(t, "inference", "create_chat_completion_tool_calls", r)
}

func TestResponseDecoding(t *testing.T) {
	var r inference.ChatCompletion
	require.NoError(t, json.Unmarshal([]byte(`{"id":"x","choices":[
		{"index":0,"message":{"role":"assistant","content":"Paris.","reasoning":"The capital of France."},"logprobs":{"content":[{"token":"Paris","logprob":-0.01}]},"finish_reason":"stop"},
		{"index":1,"message":{"role":"assistant","content":[],"reasoning_content":"Use the tool."},"finish_reason":"length"},
		{"index":2,"message":{"role":"assistant","content":[{"type":"text","text":"Par"},{"type":"text","text":"is."}]},"finish_reason":"content_filter"}]}`), &r))
	assert.Equal(t, "Paris.", r.Content())
	assert.Equal(t, "The capital of France.", r.Choices[0].Message.Reasoning, "Groq's reasoning")
	assert.JSONEq(t, `{"content":[{"token":"Paris","logprob":-0.01}]}`, string(r.Choices[0].Logprobs), "logprobs as sent")
	for i, want := range []string{`"logprobs":{"content":[{"token":"Paris","logprob":-0.01}]}`, ""} {
		b, err := json.Marshal(r.Choices[i])
		require.NoError(t, err)
		if want == "" {
			assert.NotContains(t, string(b), "logprobs", "none sent, none encoded")
		} else {
			assert.Contains(t, string(b), want, "logprobs encode as they came")
		}
	}
	assert.Nil(t, (&inference.ChatCompletion{}).ToolCalls())
	assert.Equal(t, "Use the tool.", r.Choices[1].Message.Reasoning, "reasoning_content of other hosts")
	assert.True(t, r.Choices[1].Message.Content.IsZero(), "an empty parts array, as Groq sends beside tool calls")
	assert.Equal(t, inference.FinishReasonLength, r.Choices[1].FinishReason)
	assert.Equal(t, "Paris.", r.Choices[2].Message.Content.Text(), "content as parts")
	assert.Equal(t, inference.FinishReasonContentFilter, r.Choices[2].FinishReason)

	b, err := json.Marshal(r.Choices[0].Message)
	require.NoError(t, err)
	assert.JSONEq(t, `{"role":"assistant","content":"Paris.","reasoning":"The capital of France."}`, string(b), "json.Marshal keeps the reasoning")

	var ch inference.ChatCompletionChunk
	require.NoError(t, json.Unmarshal([]byte(`{"id":"c","choices":[{"index":0,"delta":{"reasoning_content":"Think"}},{"index":1,"delta":{"reasoning":"Hmm","reasoning_content":"ignored"}}]}`), &ch))
	assert.Equal(t, "Think", ch.Choices[0].Delta.Reasoning)
	assert.Equal(t, "Hmm", ch.Choices[1].Delta.Reasoning, "reasoning wins where both are sent")
	var plain inference.ChatCompletionChunk
	require.NoError(t, json.Unmarshal([]byte(`{"id":"c","choices":[{"index":0,"delta":{"content":"the \"reasoning_content\" member"}}]}`), &plain))
	assert.Empty(t, plain.Choices[0].Delta.Reasoning, "the member name inside a string is text")
}

func TestStreamToolCalls(t *testing.T) {
	c := newReplay(t)
	req := weatherRequest()
	s, err := c.StreamChatCompletion(context.Background(), req)
	require.NoError(t, err)
	var chunks []inference.ChatCompletionChunk
	for ch, err := range s.All() {
		require.NoError(t, err)
		chunks = append(chunks, ch)
	}
	require.Len(t, chunks, 12)
	first := chunks[1].Choices[0].Delta.ToolCalls
	require.Len(t, first, 1)
	assert.Equal(t, inference.ToolCallDelta{Index: 0, ID: "call_lx3k9w2p", Type: "function", Function: inference.FunctionCall{Name: "get_weather"}}, first[0])
	assert.Len(t, chunks[7].Choices[0].Delta.ToolCalls, 2, "fragments of both calls in one chunk")
	assert.Equal(t, inference.FinishReasonToolCalls, chunks[10].Choices[0].FinishReason)
	last := chunks[11]
	assert.Empty(t, last.Choices, "the usage-only last chunk")
	require.NotNil(t, last.Usage)
	assert.Equal(t, int64(260), last.Usage.TotalTokens)
	golden.JSON(t, "inference", "stream_tool_calls", chunks)
}

func TestValidToolConversationIsSent(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_chat_completion.json"))
	req := hello()
	req.Messages = toolConversation()
	req.Tools = []inference.Tool{weatherTool(), {Type: "browser_search"}}
	req.ToolChoice = inference.ToolChoiceRequired
	req.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONObject}
	req.ReasoningFormat = inference.ReasoningHidden
	_, err := client(t, srv).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err, "an assistant message with tool calls and no content is valid")
	body := string(srv.Last(t).Body)
	assert.Contains(t, body, `"tools":[{"type":"function",`)
	assert.Contains(t, body, `{"type":"browser_search"}`, "a built-in tool is sent without a function")
	assert.Contains(t, body, `"tool_choice":"required"`)
}

// badRequest is a request the methods refuse, naming field, before any I/O.
type badRequest struct {
	field string
	req   inference.ChatCompletionRequest
}

// badOptions are the refused messages, tools and options beyond the spec's
// fields, each an edit of a valid request with a tool.
func badOptions() []badRequest {
	with := func(field string, edit func(r *inference.ChatCompletionRequest)) badRequest {
		r := inference.ChatCompletionRequest{Model: "m", Messages: []inference.Message{inference.UserMessage("hi")}, Tools: []inference.Tool{weatherTool()}}
		edit(&r)
		return badRequest{field, r}
	}
	say := func(field string, m inference.Message) badRequest {
		return with(field, func(r *inference.ChatCompletionRequest) { r.Messages = append(r.Messages, m) })
	}
	call := func(id, typ, name string) inference.Message {
		return inference.Message{Role: inference.RoleAssistant, ToolCalls: []inference.ToolCall{{ID: id, Type: typ, Function: inference.FunctionCall{Name: name, Arguments: "{}"}}}}
	}
	parts := func(p ...inference.ContentPart) inference.Message {
		return inference.Message{Role: inference.RoleUser, Content: inference.PartsContent(p...)}
	}
	tool := func(field string, t inference.Tool) badRequest {
		return with(field, func(r *inference.ChatCompletionRequest) { r.Tools = append(r.Tools, t) })
	}
	schema := func(field string, s any) badRequest {
		return with(field, func(r *inference.ChatCompletionRequest) {
			r.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONSchema, JSONSchema: &inference.JSONSchema{Name: "report", Schema: s}}
		})
	}
	var anyChoice inference.ToolChoice
	if err := json.Unmarshal([]byte(`"any"`), &anyChoice); err != nil {
		panic(err)
	}
	return []badRequest{
		say("messages[1].content", inference.AssistantMessage("")),
		say("messages[1].content", inference.ToolMessage("call_1", "")),
		say("messages[1].content", inference.Message{Role: inference.RoleSystem, Content: inference.PartsContent()}),
		say("messages[1].tool_call_id", inference.ToolMessage("", "19")),
		say("messages[1].tool_calls", inference.Message{Role: inference.RoleUser, Content: inference.TextContent("x"), ToolCalls: call("c", "function", "f").ToolCalls}),
		say("messages[1].tool_calls[0].id", call("", "function", "get_weather")),
		say("messages[1].tool_calls[0].type", call("c", "", "get_weather")),
		say("messages[1].tool_calls[0].function.name", call("c", "function", "get weather")),
		say("messages[1].content[0].type", parts(inference.ContentPart{Type: "input_audio"})),
		say("messages[1].content[0].text", parts(inference.TextPart(""))),
		say("messages[1].content[1].image_url.url", parts(inference.TextPart("x"), inference.ImagePart("", ""))),
		say("messages[1].content[1].image_url.url", parts(inference.TextPart("x"), inference.ContentPart{Type: "image_url"})),
		say("messages[1].content[0].image_url.detail", parts(inference.ImagePart("https://images.example/a.png", "medium"))),
		with("n", func(r *inference.ChatCompletionRequest) { r.N = inference.Int(0) }),
		with("presence_penalty", func(r *inference.ChatCompletionRequest) { r.PresencePenalty = inference.Float(2.5) }),
		with("presence_penalty", func(r *inference.ChatCompletionRequest) { r.PresencePenalty = inference.Float(math.NaN()) }),
		with("frequency_penalty", func(r *inference.ChatCompletionRequest) { r.FrequencyPenalty = inference.Float(-2.01) }),
		with("top_logprobs", func(r *inference.ChatCompletionRequest) {
			r.Logprobs, r.TopLogprobs = inference.Bool(true), inference.Int(21)
		}),
		with("top_logprobs", func(r *inference.ChatCompletionRequest) {
			r.Logprobs, r.TopLogprobs = inference.Bool(true), inference.Int(-1)
		}),
		with("top_logprobs", func(r *inference.ChatCompletionRequest) { r.TopLogprobs = inference.Int(3) }),
		with("top_logprobs", func(r *inference.ChatCompletionRequest) {
			r.Logprobs, r.TopLogprobs = inference.Bool(false), inference.Int(3)
		}),
		tool("tools[1].type", inference.Tool{Function: inference.FunctionDefinition{Name: "f"}}),
		tool("tools[1].function.name", inference.FunctionTool("", "", nil)),
		tool("tools[1].function.name", inference.FunctionTool("weather.get", "", nil)),
		tool("tools[1].function.name", inference.FunctionTool(strings.Repeat("x", 65), "", nil)),
		tool("tools[1].function.name", inference.FunctionTool("get_weather", "again", nil)),
		tool("tools[1].function.parameters", inference.FunctionTool("f", "", json.RawMessage(`[1]`))),
		tool("tools[1].function.parameters", inference.FunctionTool("f", "", json.RawMessage(`{"type":`))),
		tool("tools[1].function.parameters", inference.FunctionTool("f", "", []byte(`{}`))),
		tool("tools[1].function.parameters", inference.FunctionTool("f", "", `{}`)),
		with("tool_choice", func(r *inference.ChatCompletionRequest) { r.Tools, r.ToolChoice = nil, inference.ToolChoiceAuto }),
		with("tool_choice", func(r *inference.ChatCompletionRequest) { r.ToolChoice = inference.ToolChoiceFunction("get_time") }),
		with("tool_choice", func(r *inference.ChatCompletionRequest) { r.ToolChoice = anyChoice }),
		with("parallel_tool_calls", func(r *inference.ChatCompletionRequest) { r.Tools, r.ParallelToolCalls = nil, inference.Bool(true) }),
		with("response_format.type", func(r *inference.ChatCompletionRequest) { r.ResponseFormat = &inference.ResponseFormat{Type: "xml"} }),
		with("response_format.json_schema", func(r *inference.ChatCompletionRequest) {
			r.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONSchema}
		}),
		with("response_format.json_schema", func(r *inference.ChatCompletionRequest) {
			r.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONObject, JSONSchema: &inference.JSONSchema{Name: "report"}}
		}),
		with("response_format.json_schema.name", func(r *inference.ChatCompletionRequest) {
			r.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONSchema, JSONSchema: &inference.JSONSchema{Name: "weather report"}}
		}),
		schema("response_format.json_schema.schema", json.RawMessage(`"object"`)),
		schema("response_format.json_schema.schema", `{"type":"object"}`),
		with("reasoning_format", func(r *inference.ChatCompletionRequest) { r.ReasoningFormat = "verbose" }),
		with("reasoning_format", func(r *inference.ChatCompletionRequest) { r.ReasoningFormat = inference.ReasoningRaw }),
		with("reasoning_format", func(r *inference.ChatCompletionRequest) {
			r.Tools, r.ReasoningFormat = nil, inference.ReasoningRaw
			r.ResponseFormat = &inference.ResponseFormat{Type: inference.FormatJSONObject}
		}),
	}
}
