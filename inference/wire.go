package inference

import (
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// body is what a chat call sends: the usual request (text messages, no
// option set) written directly, byte for byte as encoding/json writes
// chatBody, and anything else through encoding/json. Reflection over the
// request's two dozen fields costs more than the rest of building the
// call.
func (b chatBody) body() any {
	if w, ok := b.encode(); ok {
		return w
	}
	return b
}

// encode writes the request when it is the usual one; ok is false
// otherwise. TestChatBodyEncodesAsEncodingJSON holds it to encoding/json,
// field by field, so a field added to the request cannot be dropped here.
func (b *chatBody) encode() (transport.JSON, bool) {
	r := &b.ChatCompletionRequest
	if r.Messages == nil || !r.onlyMessages() {
		return nil, false
	}
	n := 64 + len(r.Model)
	for i := range r.Messages {
		m := &r.Messages[i]
		if !m.plainText() {
			return nil, false
		}
		n += 48 + len(m.Role) + len(m.Content.text) + len(m.Name) + len(m.ToolCallID)
	}
	w := make([]byte, 0, n)
	w = wire.AppendString(append(w, `{"model":`...), r.Model)
	w = append(w, `,"messages":[`...)
	for i := range r.Messages {
		m := &r.Messages[i]
		if i > 0 {
			w = append(w, ',')
		}
		w = wire.AppendString(append(w, `{"role":`...), string(m.Role))
		w = wire.AppendString(append(w, `,"content":`...), m.Content.text)
		if m.Name != "" {
			w = wire.AppendString(append(w, `,"name":`...), m.Name)
		}
		if m.ToolCallID != "" {
			w = wire.AppendString(append(w, `,"tool_call_id":`...), m.ToolCallID)
		}
		w = append(w, '}')
	}
	w = append(w, ']')
	if b.Stream {
		w = append(w, `,"stream":true`...)
	}
	return append(w, '}'), true
}

// onlyMessages reports whether no option of the request is set, so that
// only model and messages are sent.
func (r *ChatCompletionRequest) onlyMessages() bool {
	return r.Temperature == nil && r.TopP == nil && r.MaxTokens == nil && len(r.Stop) == 0 && r.Seed == nil &&
		len(r.Tools) == 0 && r.ToolChoice.IsZero() && r.ParallelToolCalls == nil && r.ResponseFormat == nil &&
		r.StreamOptions == nil && r.N == nil && r.PresencePenalty == nil && r.FrequencyPenalty == nil &&
		r.Logprobs == nil && r.TopLogprobs == nil && r.User == "" && r.ReasoningEffort == "" && r.ReasoningFormat == ""
}

// plainText reports whether the message is text and nothing but role,
// content, name and tool call id.
func (m *Message) plainText() bool {
	return len(m.Content.parts) == 0 && len(m.ToolCalls) == 0 && m.Reasoning == ""
}
