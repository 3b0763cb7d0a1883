package inference

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
)

// ChatCompletionAccumulator assembles the chunks of a stream into the whole
// reply, the ChatCompletion that CreateChatCompletion would have returned:
// each choice's role, content, reasoning and finish reason, its tool calls
// with their arguments joined from every fragment (fragments of parallel
// calls may interleave), and the usage, also from a usage-only last chunk.
//
//	var acc inference.ChatCompletionAccumulator
//	for s.Next() {
//		acc.AddChunk(s.Current())
//		for _, call := range acc.JustFinishedToolCalls() {
//			// start running call while the reply goes on
//		}
//	}
//	// check s.Err(), then use acc.ChatCompletion()
//
// The zero value is ready to use. An accumulator takes one stream and is
// not safe for concurrent use.
//
// The names are openai-go's, so code reads the same, but two shapes
// differ, and code ported from openai-go must change where it uses them:
//   - ChatCompletion is a method returning *ChatCompletion. openai-go's
//     accumulator embeds its ChatCompletion, so there acc.ChatCompletion is
//     a field and acc.Choices reaches into it; here write
//     acc.ChatCompletion().Choices.
//   - JustFinishedToolCalls (plural) returns a slice, possibly empty, of
//     ToolCall. openai-go's JustFinishedToolCall (singular) returns one
//     FinishedChatCompletionToolCall and an ok flag, reports at most one
//     call a chunk and cannot be relied on with parallel tool calls; here a
//     chunk that completes several calls returns them all, so range over
//     the slice rather than test ok. A call's name and arguments are
//     call.Function.Name and call.Function.Arguments (openai-go:
//     call.Name, call.Arguments); its index among the choice's calls is its
//     position in ChatCompletion's message, not a field.
//
// AddChunk and JustFinishedContent have openai-go's shapes. There is no
// JustFinishedRefusal, since this package's Message has no refusal, and
// no per-choice variant: for N > 1, read ChatCompletion.
type ChatCompletionAccumulator struct {
	id, model, fingerprint string
	created                int64
	choices                []*choiceState // by index
	usage                  *Usage

	// What the last chunk finished in choice 0.
	doneContent string
	contentDone bool
	doneCalls   []ToolCall
}

type choiceState struct {
	index              int
	role               Role
	content, reasoning strings.Builder
	calls              []*callState // by index, then arrival
	finish             FinishReason
	contentReported    bool
	touched            []*callState // calls the last chunk may have completed
}

type callState struct {
	index         int
	id, typ, name string
	args          []byte
	end           valueEnd // where args stand as one JSON value
	reported      bool
}

// AddChunk adds chunk to the reply and reports whether it fits. A chunk
// that names another id than the stream's first does not fit (it belongs to
// another stream), nor does one with a negative choice or tool-call index;
// such a chunk changes nothing. A chunk without an id fits any stream.
func (a *ChatCompletionAccumulator) AddChunk(chunk ChatCompletionChunk) bool {
	if a.id != "" && chunk.ID != "" && chunk.ID != a.id {
		return false
	}
	for _, ch := range chunk.Choices {
		if ch.Index < 0 {
			return false
		}
		for _, d := range ch.Delta.ToolCalls {
			if d.Index < 0 {
				return false
			}
		}
	}
	a.doneContent, a.contentDone, a.doneCalls = "", false, nil
	a.id = cmp.Or(a.id, chunk.ID)
	a.model = cmp.Or(a.model, chunk.Model)
	a.fingerprint = cmp.Or(a.fingerprint, chunk.SystemFingerprint)
	a.created = cmp.Or(a.created, chunk.Created)
	if chunk.Usage != nil {
		a.usage = chunk.Usage
	}
	for i := range chunk.Choices {
		ch := &chunk.Choices[i]
		c := a.choice(ch.Index)
		c.add(ch)
		if ch.Index == 0 {
			a.track(c, ch)
		}
	}
	return true
}

// choice returns the state of choice index, adding it in order if new.
func (a *ChatCompletionAccumulator) choice(index int) *choiceState {
	i, found := slices.BinarySearchFunc(a.choices, index, func(c *choiceState, index int) int { return cmp.Compare(c.index, index) })
	if !found {
		a.choices = slices.Insert(a.choices, i, &choiceState{index: index})
	}
	return a.choices[i]
}

func (c *choiceState) add(ch *ChunkChoice) {
	d := &ch.Delta
	if d.Role != "" {
		c.role = d.Role
	}
	c.reasoning.WriteString(d.Reasoning)
	if d.Content != "" {
		c.content.WriteString(d.Content)
		c.contentReported = false
	}
	c.touched = c.touched[:0]
	for i := range d.ToolCalls {
		t := &d.ToolCalls[i]
		call := c.call(t)
		c.touched = append(c.touched, call)
		call.id = cmp.Or(call.id, t.ID)
		call.typ = cmp.Or(call.typ, t.Type)
		// The name comes once; some hosts repeat it on every fragment.
		call.name = cmp.Or(call.name, t.Function.Name)
		call.end.feed(t.Function.Arguments)
		call.args = append(call.args, t.Function.Arguments...)
	}
	if ch.FinishReason != "" {
		c.finish = ch.FinishReason
	}
}

// call returns the call a delta continues: the last call of its index,
// unless the delta starts another call under the same index (with another
// id, as hosts that number every call 0 do), which is then added after it.
func (c *choiceState) call(d *ToolCallDelta) *callState {
	i, _ := slices.BinarySearchFunc(c.calls, d.Index+1, func(s *callState, index int) int { return cmp.Compare(s.index, index) })
	if i > 0 {
		last := c.calls[i-1]
		if last.index == d.Index && (d.ID == "" || last.id == "" || last.id == d.ID) {
			return last
		}
	}
	call := &callState{index: d.Index}
	c.calls = slices.Insert(c.calls, i, call)
	if i == len(c.calls)-1 && i > 0 {
		// The call that was last is no longer, which may complete it.
		c.touched = append(c.touched, c.calls[i-1])
	}
	return call
}

// track notes what the chunk ch finished in choice 0: its content, once a
// tool call starts or the choice finishes; a tool call, once a later call
// has started and its arguments form one complete JSON value (so that
// interleaved fragments do not end it early), or when the choice finishes.
// Only the calls the chunk touched are looked at, and a call's arguments
// are scanned once as they arrive, so a chunk costs what it holds, not
// what came before it.
func (a *ChatCompletionAccumulator) track(c *choiceState, ch *ChunkChoice) {
	finished := ch.FinishReason != ""
	if (finished || len(ch.Delta.ToolCalls) > 0) && !c.contentReported && c.content.Len() > 0 {
		a.doneContent, a.contentDone, c.contentReported = c.content.String(), true, true
	}
	candidates := c.touched
	if finished {
		candidates = c.calls
	} else {
		slices.SortFunc(candidates, func(p, q *callState) int { return cmp.Compare(p.index, q.index) })
	}
	last := c.calls[max(len(c.calls)-1, 0):]
	for _, call := range candidates {
		if call.reported || !finished && (call == last[0] || !call.end.complete(call.args)) {
			continue
		}
		call.reported = true
		a.doneCalls = append(a.doneCalls, call.toolCall())
	}
	c.touched = c.touched[:0]
}

// valueEnd follows arguments as they arrive, to tell when they form one
// complete JSON object or array without reading them again: the depth of
// brackets outside strings, and whether the value has closed.
type valueEnd struct {
	depth       int
	inString    bool
	escaped     bool
	opened      bool // the value began with { or [
	closed      bool // ... and its brackets balanced since
	other       bool // the value began with something else, or more came after it closed
	checked, ok bool // the closed value was validated, and passed
}

func (e *valueEnd) feed(s string) {
	for i := 0; i < len(s) && !e.other; i++ {
		ch := s[i]
		space := ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'
		switch {
		case e.closed:
			e.other = !space
		case e.inString:
			switch {
			case e.escaped:
				e.escaped = false
			case ch == '\\':
				e.escaped = true
			case ch == '"':
				e.inString = false
			}
		case space:
		case !e.opened && ch != '{' && ch != '[':
			e.other = true
		case ch == '"':
			e.inString = true
		case ch == '{' || ch == '[':
			e.depth++
			e.opened = true
		case ch == '}' || ch == ']':
			e.depth--
			e.closed = e.depth == 0
		}
	}
}

// complete reports whether args, fed to e, are one whole JSON object or
// array. The check runs once, when the brackets first balance: a value
// that is invalid then stays invalid whatever follows.
func (e *valueEnd) complete(args []byte) bool {
	if !e.closed || e.other {
		return false
	}
	if !e.checked {
		e.checked, e.ok = true, json.Valid(args)
	}
	return e.ok
}

func (s *callState) toolCall() ToolCall {
	return ToolCall{ID: s.id, Type: cmp.Or(s.typ, "function"), Function: FunctionCall{Name: s.name, Arguments: string(s.args)}}
}

// JustFinishedContent returns the content of the first choice (index 0)
// when the last chunk completed it: the reply turned to tool calls or
// finished. It reports each complete content once.
func (a *ChatCompletionAccumulator) JustFinishedContent() (string, bool) {
	return a.doneContent, a.contentDone
}

// JustFinishedToolCalls returns the tool calls of the first choice (index
// 0) that the last chunk completed, in index order, each reported once: a
// call is complete when a later call has started and its arguments are one
// whole JSON value, or when the choice finishes. A slice, because one chunk
// can complete several calls (hosts that send each call whole, or the last
// call with the finish reason). Run a call as soon as it is returned; with
// several choices (N > 1), read the others from ChatCompletion.
//
// Not openai-go's shape: its JustFinishedToolCall (singular) returns one
// call and an ok flag; this returns every call the chunk completed, and
// none is a nil slice, not ok == false.
func (a *ChatCompletionAccumulator) JustFinishedToolCalls() []ToolCall { return a.doneCalls }

// ChatCompletion returns the reply assembled so far, complete once the
// stream has ended without error. Choices are in index order; a choice
// whose role never came is RoleAssistant, a tool call without a type is
// "function", so that the message can be sent back as it is. Logprobs are
// not assembled: read them from each chunk. RawJSON is empty.
//
// Not openai-go's shape: there ChatCompletion is a field the accumulator
// embeds (acc.ChatCompletion.Choices, or acc.Choices); here it is this
// method, and each call assembles a fresh reply from what has arrived.
func (a *ChatCompletionAccumulator) ChatCompletion() *ChatCompletion {
	out := &ChatCompletion{ID: a.id, Object: "chat.completion", Created: a.created, Model: a.model, SystemFingerprint: a.fingerprint}
	if a.usage != nil {
		u := *a.usage
		out.Usage = &u
	}
	for _, c := range a.choices {
		m := Message{Role: cmp.Or(c.role, RoleAssistant), Content: TextContent(c.content.String()), Reasoning: c.reasoning.String()}
		for _, call := range c.calls {
			m.ToolCalls = append(m.ToolCalls, call.toolCall())
		}
		out.Choices = append(out.Choices, Choice{Index: c.index, Message: m, FinishReason: c.finish})
	}
	return out
}
