package inference_test

import (
	"context"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// chunkOf decodes one chunk as the stream does, from its JSON.
func chunkOf(t *testing.T, js string) inference.ChatCompletionChunk {
	t.Helper()
	var c inference.ChatCompletionChunk
	require.NoError(t, json.Unmarshal([]byte(js), &c), js)
	return c
}

// callDelta is a chunk of choice 0 carrying tool-call deltas, each given as
// its index, id, name and arguments fragment; an empty id or name is left
// out, as hosts do on continuation fragments.
func callDelta(t *testing.T, deltas ...[4]any) inference.ChatCompletionChunk {
	t.Helper()
	var calls []map[string]any
	for _, d := range deltas {
		fn := map[string]any{"arguments": d[3]}
		call := map[string]any{"index": d[0], "function": fn}
		if d[1] != "" {
			call["id"], call["type"] = d[1], "function"
		}
		if d[2] != "" {
			fn["name"] = d[2]
		}
		calls = append(calls, call)
	}
	b, err := json.Marshal(map[string]any{"id": "s1", "choices": []any{map[string]any{"index": 0, "delta": map[string]any{"tool_calls": calls}}}})
	require.NoError(t, err)
	return chunkOf(t, string(b))
}

func finish(t *testing.T, reason string) inference.ChatCompletionChunk {
	return chunkOf(t, `{"id":"s1","choices":[{"index":0,"delta":{},"finish_reason":"`+reason+`"}]}`)
}

func names(calls []inference.ToolCall) []string {
	var out []string
	for _, c := range calls {
		out = append(out, c.ID+" "+c.Function.Arguments)
	}
	return out
}

// The replay's tool-call stream interleaves the fragments of two parallel
// calls, splits them mid-token and mid-string, and ends with a usage-only
// chunk: the accumulator rebuilds both calls exactly and reports each once
// it is complete.
func TestAccumulatorParallelToolCallStream(t *testing.T) {
	c := newReplay(t)
	req := weatherRequest()
	req.StreamOptions = &inference.StreamOptions{IncludeUsage: true}
	s, err := c.StreamChatCompletion(context.Background(), req)
	require.NoError(t, err)
	var acc inference.ChatCompletionAccumulator
	finishedAt := map[int][]string{}
	n := 0
	for s.Next() {
		require.True(t, acc.AddChunk(s.Current()), "chunk %d", n)
		if calls := acc.JustFinishedToolCalls(); calls != nil {
			finishedAt[n] = names(calls)
		}
		_, ok := acc.JustFinishedContent()
		assert.False(t, ok, "chunk %d: there is no content to finish", n)
		n++
	}
	require.NoError(t, s.Err())
	lisbon := `{"city":"Lisbon","unit":"celsius"}`
	saoPaulo := `{"city":"São Paulo","unit":"celsius"}`
	assert.Equal(t, map[int][]string{
		8:  {"call_lx3k9w2p " + lisbon},   // its last fragment, with the second call under way
		10: {"call_q8m2v7rd " + saoPaulo}, // the last call ends with the finish reason
	}, finishedAt)

	out := acc.ChatCompletion()
	assert.Equal(t, "chatcmpl-3f7a1c52-8e4b-4d09-a6c1-2b9e5d8f0a17", out.ID)
	assert.Equal(t, "chat.completion", out.Object)
	assert.Equal(t, int64(1732231015), out.Created)
	assert.Equal(t, "llama-3.3-70b-versatile", out.Model)
	assert.Equal(t, "fp_4e5a8c1d2b", out.SystemFingerprint)
	require.Len(t, out.Choices, 1)
	assert.Equal(t, inference.FinishReasonToolCalls, out.Choices[0].FinishReason)
	assert.Equal(t, inference.RoleAssistant, out.Choices[0].Message.Role)
	assert.Empty(t, out.Content())
	calls := out.ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, []string{"call_lx3k9w2p " + lisbon, "call_q8m2v7rd " + saoPaulo}, names(calls))
	for _, call := range calls {
		assert.Equal(t, "get_weather", call.Function.Name)
		assert.Equal(t, "function", call.Type)
		assert.True(t, json.Valid([]byte(call.Function.Arguments)), call.Function.Arguments)
	}
	require.NotNil(t, out.Usage, "from the usage-only last chunk")
	assert.Equal(t, int64(260), out.Usage.TotalTokens)
	assert.Equal(t, 0.019371804, out.Usage.QueueTime)
	golden.JSON(t, "inference", "accumulated_tool_calls", out)
}

// Every way of cutting the arguments into three fragments on character
// boundaries (inside keys, strings, escaped quotes, numbers and literals)
// assembles to the exact arguments, reported once, when the call ends.
func TestAccumulatorFragmentBoundaries(t *testing.T) {
	const args = `{"q":"naïve \"quoted\" \\ path","n":-12.5e3,"tags":["a","ü"],"ok":true}`
	require.True(t, json.Valid([]byte(args)))
	var cuts []int
	for i := range args {
		cuts = append(cuts, i)
	}
	cuts = append(cuts, len(args))
	for _, i := range cuts {
		for _, j := range cuts {
			if j < i {
				continue
			}
			var acc inference.ChatCompletionAccumulator
			parts := []string{args[:i], args[i:j], args[j:]}
			require.True(t, utf8.ValidString(parts[0]) && utf8.ValidString(parts[1]) && utf8.ValidString(parts[2]))
			require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "call_1", "search", parts[0]})))
			var reported []inference.ToolCall
			for _, p := range parts[1:] {
				require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "", "", p})))
				reported = append(reported, acc.JustFinishedToolCalls()...)
			}
			require.Empty(t, reported, "cut %d,%d: the only call is not over before the finish reason", i, j)
			require.True(t, acc.AddChunk(finish(t, "tool_calls")))
			reported = acc.JustFinishedToolCalls()
			require.Len(t, reported, 1, "cut %d,%d", i, j)
			require.Equal(t, args, reported[0].Function.Arguments, "cut %d,%d", i, j)
			require.Equal(t, args, acc.ChatCompletion().ToolCalls()[0].Function.Arguments, "cut %d,%d", i, j)
		}
	}
}

// A call is complete when a later call has started and its own arguments
// are one whole JSON value: interleaved fragments do not end it early.
func TestAccumulatorInterleavedCallsFinishWhenComplete(t *testing.T) {
	var acc inference.ChatCompletionAccumulator
	steps := []struct {
		chunk inference.ChatCompletionChunk
		want  []string
	}{
		{callDelta(t, [4]any{0, "a", "f", `{"x":`}), nil},
		// b starts while a is open.
		{callDelta(t, [4]any{1, "b", "g", `{"y":"}`}), nil},
		// b is complete but the last call; a still lacks its brace.
		{callDelta(t, [4]any{0, "", "", `1`}, [4]any{1, "", "", `"}`}), nil},
		// c starts and a gets its brace: both a and b are complete.
		{callDelta(t, [4]any{2, "c", "h", `{}`}, [4]any{0, "", "", `}`}), []string{`a {"x":1}`, `b {"y":"}"}`}},
		{callDelta(t, [4]any{2, "", "", ``}), nil},
		{finish(t, "tool_calls"), []string{"c {}"}},
		{chunkOf(t, `{"id":"s1","choices":[],"usage":{"total_tokens":9}}`), nil},
	}
	for i, st := range steps {
		require.True(t, acc.AddChunk(st.chunk))
		assert.Equal(t, st.want, names(acc.JustFinishedToolCalls()), "step %d", i)
	}
	assert.Equal(t, []string{`a {"x":1}`, `b {"y":"}"}`, `c {}`}, names(acc.ChatCompletion().ToolCalls()))
	assert.Equal(t, int64(9), acc.ChatCompletion().Usage.TotalTokens)
}

// Hosts that send each call whole (Groq) can complete several calls in one
// chunk; hosts that number every call 0 tell them apart by id.
func TestAccumulatorWholeCalls(t *testing.T) {
	t.Run("whole calls in one chunk", func(t *testing.T) {
		var acc inference.ChatCompletionAccumulator
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", `{"n":1}`}, [4]any{1, "b", "f", `{"n":2}`}, [4]any{2, "c", "f", `{"n":3}`})))
		assert.Equal(t, []string{`a {"n":1}`, `b {"n":2}`}, names(acc.JustFinishedToolCalls()))
		require.True(t, acc.AddChunk(finish(t, "tool_calls")))
		assert.Equal(t, []string{`c {"n":3}`}, names(acc.JustFinishedToolCalls()))
	})
	t.Run("every call at index 0", func(t *testing.T) {
		var acc inference.ChatCompletionAccumulator
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", `{"n":`})))
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "", "", `1}`})))
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "b", "g", `{}`})))
		assert.Equal(t, []string{`a {"n":1}`}, names(acc.JustFinishedToolCalls()))
		require.True(t, acc.AddChunk(finish(t, "tool_calls")))
		assert.Equal(t, []string{`b {}`}, names(acc.JustFinishedToolCalls()))
		calls := acc.ChatCompletion().ToolCalls()
		require.Len(t, calls, 2)
		assert.Equal(t, "g", calls[1].Function.Name)
	})
	t.Run("arguments that never become JSON", func(t *testing.T) {
		var acc inference.ChatCompletionAccumulator
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", `{"n":`})))
		require.True(t, acc.AddChunk(callDelta(t, [4]any{1, "b", "f", `{}`})))
		assert.Empty(t, acc.JustFinishedToolCalls())
		require.True(t, acc.AddChunk(finish(t, "tool_calls")))
		assert.Equal(t, []string{`a {"n":`, `b {}`}, names(acc.JustFinishedToolCalls()), "the finish reason ends every call, valid or not")
	})
}

func TestAccumulatorJustFinishedContent(t *testing.T) {
	content := func(s string) inference.ChatCompletionChunk {
		b, _ := json.Marshal(s)
		return chunkOf(t, `{"id":"s1","choices":[{"index":0,"delta":{"content":`+string(b)+`}}]}`)
	}
	t.Run("before tool calls", func(t *testing.T) {
		var acc inference.ChatCompletionAccumulator
		for _, p := range []string{"Let me ", "check."} {
			require.True(t, acc.AddChunk(content(p)))
			_, ok := acc.JustFinishedContent()
			assert.False(t, ok)
		}
		require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", `{}`})))
		got, ok := acc.JustFinishedContent()
		assert.True(t, ok)
		assert.Equal(t, "Let me check.", got)
		require.True(t, acc.AddChunk(finish(t, "tool_calls")))
		_, ok = acc.JustFinishedContent()
		assert.False(t, ok, "reported once")
		assert.Equal(t, []string{"a {}"}, names(acc.JustFinishedToolCalls()))
		assert.Equal(t, "Let me check.", acc.ChatCompletion().Content())
	})
	t.Run("at the finish reason", func(t *testing.T) {
		var acc inference.ChatCompletionAccumulator
		require.True(t, acc.AddChunk(content("Done.")))
		require.True(t, acc.AddChunk(finish(t, "stop")))
		got, ok := acc.JustFinishedContent()
		assert.True(t, ok)
		assert.Equal(t, "Done.", got)
		assert.Nil(t, acc.JustFinishedToolCalls())
	})
}

func TestAccumulatorReasoningStream(t *testing.T) {
	c := newReplay(t)
	req := hello()
	req.Model = "qwen/qwen3-32b"
	req.ReasoningFormat = inference.ReasoningParsed
	s, err := c.StreamChatCompletion(context.Background(), req)
	require.NoError(t, err)
	var acc inference.ChatCompletionAccumulator
	var reasoning int
	for ch, err := range s.All() {
		require.NoError(t, err)
		require.True(t, acc.AddChunk(ch))
		if len(ch.Choices) > 0 && ch.Choices[0].Delta.Reasoning != "" {
			reasoning++
		}
		if text, ok := acc.JustFinishedContent(); ok {
			assert.Equal(t, inference.FinishReasonStop, ch.Choices[0].FinishReason)
			assert.Equal(t, "Yes: 1013 is prime.", text)
		}
	}
	assert.Equal(t, 3, reasoning)
	out := acc.ChatCompletion()
	assert.Equal(t, "Yes: 1013 is prime.", out.Content())
	assert.Equal(t, "1013 is odd, ends in 3 and its digits sum to 5, so 2, 3 and 5 do not divide it. Trying 7, 11, 13, 17, 19, 23, 29 and 31 (31² = 961, 32² > 1013) leaves a remainder each time.", out.Choices[0].Message.Reasoning)
	require.NotNil(t, out.Usage, "from x_groq")
	assert.Equal(t, int64(79), out.Usage.TotalTokens)
	assert.Equal(t, 0.021558193, out.Usage.QueueTime)
	golden.JSON(t, "inference", "accumulated_reasoning", out)
}

func TestAccumulatorUsageOnlyLastChunk(t *testing.T) {
	for name, last := range map[string]string{
		"top level (stream_options)": `{"id":"s1","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}`,
		"x_groq":                     `{"id":"s1","choices":[],"x_groq":{"id":"req_1","usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7,"total_time":0.01}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var acc inference.ChatCompletionAccumulator
			require.True(t, acc.AddChunk(chunkOf(t, `{"id":"s1","model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}],"usage":null}`)))
			require.True(t, acc.AddChunk(finish(t, "stop")))
			assert.Nil(t, acc.ChatCompletion().Usage)
			require.True(t, acc.AddChunk(chunkOf(t, last)))
			out := acc.ChatCompletion()
			require.NotNil(t, out.Usage)
			assert.Equal(t, int64(7), out.Usage.TotalTokens)
			assert.Equal(t, "Hi", out.Content())
			assert.Equal(t, inference.FinishReasonStop, out.Choices[0].FinishReason)
			_, ok := acc.JustFinishedContent()
			assert.False(t, ok, "the usage chunk finishes nothing")
		})
	}
}

// A chunk of another stream, or with a negative index, is refused and
// changes nothing; a chunk without an id fits.
func TestAccumulatorRefusesChunksThatDoNotFit(t *testing.T) {
	var acc inference.ChatCompletionAccumulator
	require.True(t, acc.AddChunk(chunkOf(t, `{"id":"s1","choices":[{"index":0,"delta":{"content":"Hel"}}]}`)))
	require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", `{}`})))
	before := acc.ChatCompletion()
	doneText, doneOK := acc.JustFinishedContent()
	for _, js := range []string{
		`{"id":"s2","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}`,
		`{"id":"s1","choices":[{"index":-1,"delta":{"content":"lo"}}]}`,
		`{"id":"s1","choices":[{"index":0,"delta":{"tool_calls":[{"index":-2,"function":{"arguments":"x"}}]}}]}`,
	} {
		assert.False(t, acc.AddChunk(chunkOf(t, js)), js)
		assert.Equal(t, before, acc.ChatCompletion(), js)
		text, ok := acc.JustFinishedContent()
		assert.Equal(t, doneText, text)
		assert.Equal(t, doneOK, ok)
	}
	assert.True(t, acc.AddChunk(chunkOf(t, `{"choices":[{"index":0,"delta":{"content":"lo"}}]}`)), "no id fits")
	assert.Equal(t, "Hello", acc.ChatCompletion().Content())
}

// Choices of N > 1 accumulate apart and come back in index order.
func TestAccumulatorSeveralChoices(t *testing.T) {
	var acc inference.ChatCompletionAccumulator
	for _, js := range []string{
		`{"id":"s1","choices":[{"index":1,"delta":{"role":"assistant","content":"B"}}]}`,
		`{"id":"s1","choices":[{"index":0,"delta":{"role":"assistant","content":"A"}}]}`,
		`{"id":"s1","choices":[{"index":1,"delta":{"content":"b"},"finish_reason":"length"},{"index":0,"delta":{"content":"a"}}]}`,
		`{"id":"s1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
	} {
		require.True(t, acc.AddChunk(chunkOf(t, js)))
	}
	out := acc.ChatCompletion()
	require.Len(t, out.Choices, 2)
	for i, want := range []struct {
		text   string
		reason inference.FinishReason
	}{{"Aa", inference.FinishReasonStop}, {"Bb", inference.FinishReasonLength}} {
		assert.Equal(t, i, out.Choices[i].Index)
		assert.Equal(t, want.text, out.Choices[i].Message.Content.Text())
		assert.Equal(t, want.reason, out.Choices[i].FinishReason)
	}
}

// The accumulated reply goes back into the conversation as it is: the
// request carries the assistant message with its tool calls and "" content,
// without its reasoning, and the caller's messages keep theirs.
func TestAccumulatedReplyIsSentBack(t *testing.T) {
	var acc inference.ChatCompletionAccumulator
	require.True(t, acc.AddChunk(chunkOf(t, `{"id":"s1","choices":[{"index":0,"delta":{"role":"assistant","reasoning":"Oslo, in celsius."}}]}`)))
	require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "call_1", "get_weather", `{"city":"Oslo",`})))
	require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "", "", `"unit":"celsius"}`})))
	require.True(t, acc.AddChunk(finish(t, "tool_calls")))
	srv := testkit.Start(t, fixture(t, "create_chat_completion.json"))
	req := weatherRequest()
	call := acc.ChatCompletion().ToolCalls()[0]
	req.Messages = append(req.Messages, acc.ChatCompletion().Choices[0].Message, inference.ToolMessage(call.ID, "-3"))
	_, err := client(t, srv).CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	var body struct {
		Messages []json.RawMessage `json:"messages"`
	}
	require.NoError(t, json.Unmarshal(srv.Last(t).Body, &body))
	require.Len(t, body.Messages, 3)
	assert.JSONEq(t, `{"role":"assistant","content":"","tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\",\"unit\":\"celsius\"}"}}]}`, string(body.Messages[1]))
	assert.JSONEq(t, `{"role":"tool","content":"-3","tool_call_id":"call_1"}`, string(body.Messages[2]))
	assert.Equal(t, "Oslo, in celsius.", req.Messages[1].Reasoning)
}

func BenchmarkAccumulator(b *testing.B) {
	payloads, _ := chunkPayloads(streamChunks)
	chunks := make([]inference.ChatCompletionChunk, len(payloads))
	for i, p := range payloads {
		if err := json.Unmarshal(p, &chunks[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	start := mallocs()
	for b.Loop() {
		var acc inference.ChatCompletionAccumulator
		for _, c := range chunks {
			if !acc.AddChunk(c) {
				b.Fatal("chunk refused")
			}
		}
		if out := acc.ChatCompletion(); out.Usage == nil || len(out.Content()) < streamChunks {
			b.Fatalf("lost the reply: %d bytes", len(out.Content()))
		}
	}
	perChunk(b, start, streamChunks)
}

// Whatever the arguments and wherever a stream cuts them, the accumulated
// call holds them exactly, whole JSON or not.
func FuzzAccumulatorArguments(f *testing.F) {
	f.Add(`{"city":"São Paulo","unit":"celsius"}`, uint(3), uint(17))
	f.Add(`{"q":"\"}\\"}`, uint(0), uint(5))
	f.Add(`not json {`, uint(9), uint(1))
	f.Fuzz(func(t *testing.T, args string, a, b uint) {
		if !utf8.ValidString(args) {
			return // JSON strings carry text only
		}
		// Fragments are JSON strings, so a cut falls between characters.
		cut := func(n uint) int {
			k := int(min(n, uint(len(args))))
			for k < len(args) && !utf8.RuneStart(args[k]) {
				k++
			}
			return k
		}
		i, j := cut(min(a, b)), cut(max(a, b))
		var acc inference.ChatCompletionAccumulator
		for k, p := range []string{args[:i], args[i:j], args[j:]} {
			id := ""
			if k == 0 {
				id = "call_1"
			}
			fn, _ := json.Marshal(map[string]any{"index": 0, "id": id, "function": map[string]string{"arguments": p}})
			var c inference.ChatCompletionChunk
			if err := json.Unmarshal([]byte(`{"id":"s1","choices":[{"index":0,"delta":{"tool_calls":[`+string(fn)+`]}}]}`), &c); err != nil {
				t.Fatal(err)
			}
			if !acc.AddChunk(c) || acc.JustFinishedToolCalls() != nil {
				t.Fatalf("fragment %d refused or ended the only call", k)
			}
		}
		var end inference.ChatCompletionChunk
		if err := json.Unmarshal([]byte(`{"id":"s1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`), &end); err != nil {
			t.Fatal(err)
		}
		acc.AddChunk(end)
		done := acc.JustFinishedToolCalls()
		if len(done) != 1 || done[0].Function.Arguments != args {
			t.Fatalf("cut at %d,%d: got %q, want %q", i, j, names(done), args)
		}
	})
}
