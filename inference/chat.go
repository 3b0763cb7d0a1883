package inference

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/sse"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// ChatCompletionStream is the stream StreamChatCompletion returns. It hands
// over each chunk as soon as the server has sent it:
//
//   - Next advances to the next chunk, reporting false at the end or on error.
//   - Current returns the chunk Next decoded.
//   - Err returns what ended the stream: nil after "[DONE]"; an *Error
//     wrapping io.ErrUnexpectedEOF when the connection ended before it; an
//     *Error wrapping conduit.ErrAPI when the server sent an error object.
//   - Close releases the connection; call it when stopping early.
//   - All ranges over the chunks as (chunk, nil) pairs, then one (zero, err)
//     pair if the stream failed; breaking out of the loop closes it.
type ChatCompletionStream = sse.Stream[ChatCompletionChunk]

// chatBody is the wire form of a request: the caller's fields plus stream,
// which only the method chosen decides.
type chatBody struct {
	ChatCompletionRequest
	Stream bool `json:"stream,omitempty"`
}

// CreateChatCompletion returns the whole reply to req once it is complete.
// The reply text is Content(); Usage holds token counts and timings.
func (c *Client) CreateChatCompletion(ctx context.Context, req ChatCompletionRequest) (*ChatCompletion, error) {
	const op = "CreateChatCompletion"
	if err := c.validate(op, &req); err != nil {
		return nil, err
	}
	var out ChatCompletion
	if err := c.t.Do(ctx, chatRequest(op, req, false), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// StreamChatCompletion asks for req with stream set and returns the reply as
// it is generated. The caller must drain or Close the stream. Usage, when the
// server reports it, arrives on the last chunk; req.StreamOptions is sent
// only when set, so ask for IncludeUsage where the host needs it (OpenAI).
// A ChatCompletionAccumulator assembles the chunks into the whole reply.
func (c *Client) StreamChatCompletion(ctx context.Context, req ChatCompletionRequest) (*ChatCompletionStream, error) {
	const op = "StreamChatCompletion"
	if err := c.validate(op, &req); err != nil {
		return nil, err
	}
	r := chatRequest(op, req, true)
	body, _, err := c.t.Stream(ctx, r)
	if err != nil {
		return nil, err
	}
	return sse.NewStream[ChatCompletionChunk](body, sse.Config{
		Service: c.t.Service(), Op: op, Endpoint: r.Endpoint(), Done: "[DONE]", Redact: c.t.Redactor(r),
	}), nil
}

// chatRequest is a read-only POST: generating a reply changes nothing on the
// server, so it is retried like a GET. stream_options goes with stream only,
// and replies' reasoning is not sent back.
func chatRequest(op string, req ChatCompletionRequest, stream bool) *transport.Request {
	if !stream {
		req.StreamOptions = nil
	}
	req.Messages = sendable(req.Messages)
	r := &transport.Request{Op: op, Method: "POST", Path: "/chat/completions", Body: chatBody{req, stream}}
	if stream {
		r.Accept = "text/event-stream"
	}
	return r
}

func (c *Client) validate(op string, r *ChatCompletionRequest) error {
	if r.Model == "" {
		return c.t.InvalidParam(op, "model", "is empty")
	}
	if len(r.Messages) == 0 {
		return c.t.InvalidParam(op, "messages", "has no message")
	}
	for i := range r.Messages {
		if b := r.Messages[i].check().in("messages", i); b != nil {
			return c.t.InvalidParam(op, b.field, "%s", b.reason)
		}
	}
	if t := r.Temperature; t != nil && !(*t >= 0 && *t <= 2) {
		return c.t.InvalidParam(op, "temperature", "%v is outside 0..2", *t)
	}
	if p := r.TopP; p != nil && !(*p >= 0 && *p <= 1) {
		return c.t.InvalidParam(op, "top_p", "%v is outside 0..1", *p)
	}
	if n := r.MaxTokens; n != nil && *n < 1 {
		return c.t.InvalidParam(op, "max_tokens", "%d is not positive", *n)
	}
	if b := r.checkOptions(); b != nil {
		return c.t.InvalidParam(op, b.field, "%s", b.reason)
	}
	return nil
}
