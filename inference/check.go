package inference

import "fmt"

// badParam is an input check's verdict: the wire name of the refused field
// and why. The methods turn it into an ErrInvalidParam before any I/O.
type badParam struct{ field, reason string }

func bad(field, format string, args ...any) *badParam {
	return &badParam{field: field, reason: fmt.Sprintf(format, args...)}
}

// in places b's field, named relative to the element of list at index i,
// under that element ("role" of messages[2] is "messages[2].role"). Checks
// name elements only once they refuse one, so a valid request costs no
// formatting.
func (b *badParam) in(list string, i int) *badParam {
	if b != nil {
		b.field = fmt.Sprintf("%s[%d].%s", list, i, b.field)
	}
	return b
}

// checkOptions checks the optional request fields beyond sampling: choices,
// penalties, log probabilities, reasoning, tools and the response format.
func (r *ChatCompletionRequest) checkOptions() *badParam {
	if n := r.N; n != nil && *n < 1 {
		return bad("n", "%d is below 1", *n)
	}
	if p := r.PresencePenalty; p != nil && !(*p >= -2 && *p <= 2) {
		return bad("presence_penalty", "%v is outside -2..2", *p)
	}
	if p := r.FrequencyPenalty; p != nil && !(*p >= -2 && *p <= 2) {
		return bad("frequency_penalty", "%v is outside -2..2", *p)
	}
	if k := r.TopLogprobs; k != nil {
		if *k < 0 || *k > 20 {
			return bad("top_logprobs", "%d is outside 0..20", *k)
		}
		if r.Logprobs == nil || !*r.Logprobs {
			return bad("top_logprobs", "needs logprobs set to true")
		}
	}
	if b := checkTools(r.Tools, r.ToolChoice, r.ParallelToolCalls); b != nil {
		return b
	}
	if b := r.ResponseFormat.check(); b != nil {
		return b
	}
	switch r.ReasoningFormat {
	case "", ReasoningParsed, ReasoningHidden:
	case ReasoningRaw:
		// Groq answers 400 to raw reasoning beside tools or JSON output.
		if len(r.Tools) > 0 {
			return bad("reasoning_format", "raw cannot be combined with tools; use parsed or hidden")
		}
		if f := r.ResponseFormat; f != nil && f.Type != FormatText {
			return bad("reasoning_format", "raw cannot be combined with %s output; use parsed or hidden", f.Type)
		}
	default:
		return bad("reasoning_format", "%q is not parsed, raw or hidden", r.ReasoningFormat)
	}
	return nil
}
