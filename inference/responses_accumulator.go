package inference

import "slices"

// ResponseAccumulator assembles the events of a streamed response into the
// whole Response, the one CreateResponse would have returned: each output
// item as it is added, its text, reasoning and function-call arguments
// joined from their deltas, and the response's status, usage and details
// from the lifecycle events.
//
//	var acc inference.ResponseAccumulator
//	for s.Next() {
//		acc.AddEvent(s.Current())
//		for _, call := range acc.JustFinishedFunctionCalls() {
//			// start running call while the response goes on
//		}
//	}
//	// check s.Err(), then use acc.Response()
//
// The zero value is ready to use; an accumulator takes one stream and is
// not safe for concurrent use.
type ResponseAccumulator struct {
	resp     Response
	output   []OutputItem
	doneText string
	textDone bool
	done     []OutputItem
}

// AddEvent adds ev to the response and reports whether it fits: an event
// whose response names another id than the stream's, or whose indexes are
// negative or name no item or part added before, does not, and changes
// nothing. Event types it does not know fit and change nothing.
func (a *ResponseAccumulator) AddEvent(ev ResponseStreamEvent) bool {
	if ev.OutputIndex < 0 || ev.ContentIndex < 0 {
		return false
	}
	a.doneText, a.textDone, a.done = "", false, nil
	switch ev.Type {
	case "response.created", "response.in_progress", "response.completed", "response.incomplete":
		if ev.Response == nil || a.resp.ID != "" && ev.Response.ID != a.resp.ID {
			return false
		}
		a.resp = *ev.Response
		a.resp.raw = raw{}
	case "response.output_item.added", "response.output_item.done":
		if ev.Item == nil || ev.OutputIndex > len(a.output) {
			return false
		}
		if ev.OutputIndex == len(a.output) {
			a.output = append(a.output, OutputItem{})
		}
		it := *ev.Item
		it.Content = slices.Clone(it.Content)
		a.output[ev.OutputIndex] = it
		if ev.Type == "response.output_item.done" && it.Type == "function_call" {
			a.done = append(a.done, it)
		}
	case "response.function_call_arguments.delta", "response.function_call_arguments.done":
		if ev.OutputIndex >= len(a.output) {
			return false
		}
		it := &a.output[ev.OutputIndex]
		if ev.Type == "response.function_call_arguments.done" {
			it.Arguments = ev.Arguments
		} else {
			it.Arguments += ev.Delta
		}
	case "response.content_part.added", "response.content_part.done":
		if ev.Part == nil || ev.OutputIndex >= len(a.output) || ev.ContentIndex > len(a.output[ev.OutputIndex].Content) {
			return false
		}
		it := &a.output[ev.OutputIndex]
		if ev.ContentIndex == len(it.Content) {
			it.Content = append(it.Content, OutputContent{})
		}
		it.Content[ev.ContentIndex] = *ev.Part
	case "response.output_text.delta", "response.output_text.done", "response.reasoning_text.delta", "response.reasoning_text.done":
		if ev.OutputIndex >= len(a.output) || ev.ContentIndex >= len(a.output[ev.OutputIndex].Content) {
			return false
		}
		part := &a.output[ev.OutputIndex].Content[ev.ContentIndex]
		switch ev.Type {
		case "response.output_text.delta", "response.reasoning_text.delta":
			part.Text += ev.Delta
		case "response.output_text.done":
			part.Text = ev.Text
			a.doneText, a.textDone = ev.Text, true
		default:
			part.Text = ev.Text
		}
	}
	return true
}

// JustFinishedText returns the text of an output_text part when the last
// event completed it (response.output_text.done).
func (a *ResponseAccumulator) JustFinishedText() (string, bool) { return a.doneText, a.textDone }

// JustFinishedFunctionCalls returns the function call the last event
// completed (response.output_item.done), its arguments whole; nil when it
// completed none. A slice, as ChatCompletionAccumulator's is.
func (a *ResponseAccumulator) JustFinishedFunctionCalls() []OutputItem { return a.done }

// Response returns the response assembled so far: once the stream has
// ended without error, the response of its last event with the output the
// events built. RawJSON is empty.
func (a *ResponseAccumulator) Response() *Response {
	out := a.resp
	out.Output = make([]OutputItem, len(a.output))
	for i, it := range a.output {
		it.Content = slices.Clone(it.Content)
		out.Output[i] = it
	}
	return &out
}
