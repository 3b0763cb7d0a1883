package inference_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func moon() inference.ResponseRequest {
	return inference.ResponseRequest{Model: "llama-3.3-70b-versatile", Input: inference.InputText("Tell me a fun fact about the moon in one sentence.")}
}

func TestCreateResponse(t *testing.T) {
	r, err := newReplay(t).CreateResponse(context.Background(), moon())
	require.NoError(t, err)
	assert.Equal(t, "resp_01k1x6gyv5e8vbj3fq0nqnbz2m", r.ID)
	assert.Equal(t, inference.ResponseCompleted, r.Status)
	assert.Equal(t, int64(1754400695), r.CreatedAt)
	assert.Equal(t, "The Moon drifts about 3.8 centimeters farther from Earth every year.", r.OutputText())
	require.NotNil(t, r.Usage)
	assert.Equal(t, int64(47), r.Usage.InputTokens)
	assert.Equal(t, int64(64), r.Usage.TotalTokens)
	assert.Nil(t, r.Error)
	assert.Empty(t, r.FunctionCalls())
	assert.Contains(t, string(r.RawJSON()), `"truncation": "disabled"`)
}

func TestCreateResponseRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_response.json"))
	tool, err := inference.FunctionToolFor[struct {
		City string `json:"city"`
	}]("get_weather", "Current weather in a city")
	require.NoError(t, err)
	format, err := inference.ResponseFormatFor[struct {
		Fact string `json:"fact"`
	}]("fact")
	require.NoError(t, err)
	req := inference.ResponseRequest{
		Model:        "openai/gpt-oss-20b",
		Instructions: "Be brief.",
		Input: inference.InputItems(inference.InputMessage(inference.RoleUser, "Weather in Paris?"),
			inference.InputItem{Type: "function_call", CallID: "call_1", Name: "get_weather", Arguments: `{"city":"Paris"}`},
			inference.FunctionCallOutput("call_1", `{"c":21}`)),
		Tools:           []inference.Tool{tool},
		ToolChoice:      inference.ToolChoiceFunction("get_weather"),
		Format:          format,
		MaxOutputTokens: ptr(256),
		Reasoning:       &inference.Reasoning{Effort: "low"},
	}
	_, err = client(t, srv).CreateResponse(context.Background(), req)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/responses", got.Path)
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"openai/gpt-oss-20b","instructions":"Be brief.",
		"input":[{"type":"message","role":"user","content":"Weather in Paris?"},
			{"type":"function_call","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},
			{"type":"function_call_output","call_id":"call_1","output":"{\"c\":21}"}],
		"tools":[{"type":"function","name":"get_weather","description":"Current weather in a city",
			"parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}],
		"tool_choice":{"type":"function","name":"get_weather"},
		"text":{"format":{"type":"json_schema","name":"fact","schema":{"type":"object","properties":{"fact":{"type":"string"}},"required":["fact"],"additionalProperties":false}}},
		"max_output_tokens":256,"reasoning":{"effort":"low"}}`, string(got.Body), "tools, tool choice and format in the flat shapes")
	assertAuth(t, got)
}

func TestStreamResponseAccumulates(t *testing.T) {
	s, err := newReplay(t).StreamResponse(context.Background(), moon())
	require.NoError(t, err)
	defer s.Close()
	var acc inference.ResponseAccumulator
	var types, texts []string
	var calls []inference.OutputItem
	var completed *inference.Response
	var mid string
	for s.Next() {
		ev := s.Current()
		types = append(types, ev.Type)
		require.True(t, acc.AddEvent(ev), ev.Type)
		if t, ok := acc.JustFinishedText(); ok {
			texts = append(texts, t)
		}
		calls = append(calls, acc.JustFinishedFunctionCalls()...)
		if ev.Type == "response.output_text.delta" && ev.Delta == " check the" {
			mid = acc.Response().OutputText()
		}
		if ev.Type == "response.completed" {
			completed = ev.Response
		}
	}
	require.NoError(t, s.Err())
	assert.Len(t, types, 18)
	assert.Equal(t, "response.created", types[0])
	assert.Equal(t, "Let me check the", mid, "the text grows with its deltas")
	assert.Equal(t, []string{"Let me check the weather in Paris."}, texts)
	require.Len(t, calls, 1)
	assert.Equal(t, "call_7mzq2d4k", calls[0].CallID)
	assert.Equal(t, `{"city":"Paris"}`, calls[0].Arguments)

	require.NotNil(t, completed)
	got := acc.Response()
	want, err := json.Marshal(completed)
	require.NoError(t, err)
	have, err := json.Marshal(got)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(have), "the accumulated response is the response.completed payload")
	assert.Equal(t, "Let me check the weather in Paris.", got.OutputText())
	var args struct {
		City string `json:"city"`
	}
	require.NoError(t, got.FunctionCalls()[0].DecodeArguments(&args))
	assert.Equal(t, "Paris", args.City)
	assert.Equal(t, inference.InputItem{Type: "function_call", CallID: "call_7mzq2d4k", Name: "get_weather", Arguments: `{"city":"Paris"}`},
		got.FunctionCalls()[0].AsInput())
}

// The accumulator builds the output from the deltas, not from the done
// events alone: a stream without output_item.done still yields it whole.
func TestResponseAccumulatorFromDeltas(t *testing.T) {
	c := newServer(t, nil)
	body := testkit.Fixture(t, "inference", "response_stream.sse")
	var kept []string
	for _, block := range strings.Split(body, "\n\n") {
		if !strings.Contains(block, "response.output_item.done") && !strings.Contains(block, "response.completed") &&
			!strings.Contains(block, ".done\n") {
			kept = append(kept, block)
		}
	}
	s := c.NewResponseStream(strings.NewReader(strings.Join(kept, "\n\n") + "\n\n"))
	var acc inference.ResponseAccumulator
	for s.Next() {
		acc.AddEvent(s.Current())
	}
	assert.ErrorIs(t, s.Err(), io.ErrUnexpectedEOF, "a stream without response.completed is cut short")
	r := acc.Response()
	assert.Equal(t, "Let me check the weather in Paris.", r.OutputText())
	require.Len(t, r.FunctionCalls(), 1)
	assert.Equal(t, `{"city":"Paris"}`, r.FunctionCalls()[0].Arguments)
	assert.False(t, acc.AddEvent(inference.ResponseStreamEvent{Type: "response.output_text.delta", OutputIndex: 5, Delta: "x"}),
		"a delta for an item never added does not fit")
}

func TestStreamResponseRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "text/event-stream",
		Body: `data: {"type":"response.completed","response":{"id":"r","object":"response","status":"completed","output":[]}}` + "\n\n"})
	s, err := client(t, srv).StreamResponse(context.Background(), moon())
	require.NoError(t, err)
	require.True(t, s.Next())
	assert.False(t, s.Next())
	require.NoError(t, s.Err())
	got := srv.Last(t)
	assert.Equal(t, "/v1/responses", got.Path)
	assert.Equal(t, "text/event-stream", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","input":"Tell me a fun fact about the moon in one sentence.","stream":true}`, string(got.Body))
}

// A failed response, whole or streamed, and an error event are an *Error
// with the host's code and message; an unknown event type still arrives.
func TestResponseFailures(t *testing.T) {
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Stream bool }
		json.NewDecoder(r.Body).Decode(&req)
		if !req.Stream {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"id":"r1","object":"response","status":"failed","output":[],"error":{"code":"server_error","message":"generation failed"}}`)
			return
		}
		sse(w, `data: {"type":"response.created","sequence_number":0,"response":{"id":"r1","object":"response","status":"in_progress","output":[]}}`+"\n\n",
			`data: {"type":"response.queued_for_review","sequence_number":1}`+"\n\n",
			`data: {"type":"error","sequence_number":2,"code":"rate_limit_exceeded","message":"slow down"}`+"\n\n")
	})
	_, err := c.CreateResponse(guard(t), moon())
	var e *inference.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "server_error", e.Code)
	assert.Equal(t, "generation failed", e.Message)
	assert.Equal(t, "CreateResponse", e.Op)

	s, err := c.StreamResponse(guard(t), moon())
	require.NoError(t, err)
	var types []string
	for s.Next() {
		types = append(types, s.Current().Type)
	}
	assert.Equal(t, []string{"response.created", "response.queued_for_review"}, types)
	require.ErrorAs(t, s.Err(), &e)
	assert.ErrorIs(t, s.Err(), conduit.ErrRateLimited)
	assert.Equal(t, "slow down", e.Message)
	assert.Equal(t, "StreamResponse", e.Op)
	testkit.NoSecret(t, s.Err(), testKey)

	s = c.NewResponseStream(strings.NewReader(`data: {"type":"response.failed","response":{"id":"r1","status":"failed","error":{"code":"server_error","message":"the model crashed"}}}` + "\n\n"))
	assert.False(t, s.Next())
	require.ErrorAs(t, s.Err(), &e)
	assert.Equal(t, "server_error", e.Code)
	assert.Equal(t, "the model crashed", e.Message)
}

func TestResponseBadInput(t *testing.T) {
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) { t.Error("no request may be sent") })
	for field, mutate := range map[string]func(*inference.ResponseRequest){
		"model": func(r *inference.ResponseRequest) { r.Model = "" },
		"input": func(r *inference.ResponseRequest) { r.Input = inference.ResponseInput{} },
		"input[0].content": func(r *inference.ResponseRequest) {
			r.Input = inference.InputItems(inference.InputMessage(inference.RoleUser, ""))
		},
		"input[1].call_id":  nil,
		"temperature":       func(r *inference.ResponseRequest) { r.Temperature = ptr(3.0) },
		"max_output_tokens": func(r *inference.ResponseRequest) { r.MaxOutputTokens = ptr(0) },
		"tools[0].name": func(r *inference.ResponseRequest) {
			r.Tools = []inference.Tool{inference.FunctionTool("bad name", "", nil)}
		},
		"tool_choice": func(r *inference.ResponseRequest) { r.ToolChoice = inference.ToolChoiceAuto },
		"text.format.name": func(r *inference.ResponseRequest) {
			r.Format = &inference.ResponseFormat{Type: inference.FormatJSONSchema, JSONSchema: &inference.JSONSchema{}}
		},
		"truncation": func(r *inference.ResponseRequest) { r.Truncation = "sometimes" },
	} {
		req := moon()
		if field == "input[1].call_id" {
			req.Input = inference.InputItems(inference.InputMessage(inference.RoleUser, "hi"), inference.FunctionCallOutput("", "21"))
		} else {
			mutate(&req)
		}
		_, err := c.CreateResponse(context.Background(), req)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, field)
		assert.Contains(t, err.Error(), field)
		_, err = c.StreamResponse(context.Background(), req)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, field)
	}
}
