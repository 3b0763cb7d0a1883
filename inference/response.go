package inference

import (
	"bytes"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// FinishReason says why the model stopped generating a choice.
type FinishReason string

// The finish reasons of OpenAI-compatible hosts.
const (
	FinishReasonStop          FinishReason = "stop"           // a natural end or a stop sequence
	FinishReasonLength        FinishReason = "length"         // max_tokens or the context window was reached
	FinishReasonToolCalls     FinishReason = "tool_calls"     // the reply is tool calls to run
	FinishReasonContentFilter FinishReason = "content_filter" // the host's filter cut the reply
	// Deprecated: FinishReasonFunctionCall is sent by hosts still serving
	// the function_call interface that tool calls replaced.
	FinishReasonFunctionCall FinishReason = "function_call"
)

// Logprobs is a choice's "logprobs" object exactly as the host sent it
// (the token log probabilities asked for with Logprobs and TopLogprobs), or
// nil when it sent none or null. Decode it with json.Unmarshal.
type Logprobs []byte

// UnmarshalJSON keeps a copy of the object; null leaves l nil.
func (l *Logprobs) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == 'n' {
		*l = nil
		return nil
	}
	*l = bytes.Clone(wire.Trim(b))
	return nil
}

// MarshalJSON returns the object as it came, or null.
func (l Logprobs) MarshalJSON() ([]byte, error) {
	if len(l) == 0 {
		return []byte("null"), nil
	}
	return l, nil
}
