package inference_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/inference"
)

// A call that is not the last is reported by the chunk after which its
// arguments first form one whole JSON value, and not before, however the
// stream cuts them: escaped quotes and brackets inside strings included.
func TestAccumulatorReportsACallWhenItsArgumentsFirstFormJSON(t *testing.T) {
	for _, args := range []string{
		`{"q":"a \"}\" b","n":[1,{"m":"]"}]}`,
		`[{"a":"\\"},2]`,
		`  {"x": "{{{"}  `,
		`{"broken": }`,
	} {
		for step := 1; step <= 4; step++ {
			var acc inference.ChatCompletionAccumulator
			require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "a", "f", ""})))
			require.True(t, acc.AddChunk(callDelta(t, [4]any{1, "b", "g", "{}"})))
			reported := false
			for i := 0; i < len(args); i += step {
				frag := args[i:min(i+step, len(args))]
				require.True(t, acc.AddChunk(callDelta(t, [4]any{0, "", "", frag})))
				got := names(acc.JustFinishedToolCalls())
				sofar := args[:min(i+step, len(args))]
				if !reported && json.Valid([]byte(sofar)) {
					assert.Equal(t, []string{"a " + sofar}, got, "%q cut every %d", args, step)
					reported = true
				} else {
					assert.Empty(t, got, "%q cut every %d, after %q", args, step, sofar)
				}
			}
			assert.Equal(t, json.Valid([]byte(args)), reported, args)
		}
	}
}

// One more fragment of a call that has already received 1 MiB costs the
// same as the first: nothing that came before is read again.
func BenchmarkAccumulatorLongUnfinishedArguments(b *testing.B) {
	var acc inference.ChatCompletionAccumulator
	first := chunkJSON(b, 0, "a", `{"doc":"`+strings.Repeat("x", 1<<20))
	next := chunkJSON(b, 0, "", "xxxxxxxxxxxxxxxx")
	other := chunkJSON(b, 1, "b", `{"k":`)
	acc.AddChunk(first)
	acc.AddChunk(other)
	b.ReportAllocs()
	for b.Loop() {
		acc.AddChunk(next)
	}
}

func chunkJSON(b *testing.B, index int, id, args string) inference.ChatCompletionChunk {
	call := map[string]any{"index": index, "function": map[string]any{"arguments": args}}
	if id != "" {
		call["id"] = id
	}
	raw, _ := json.Marshal(map[string]any{"id": "s1", "choices": []any{map[string]any{"index": 0, "delta": map[string]any{"tool_calls": []any{call}}}}})
	var c inference.ChatCompletionChunk
	if err := json.Unmarshal(raw, &c); err != nil {
		b.Fatal(err)
	}
	return c
}
