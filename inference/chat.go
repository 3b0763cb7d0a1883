package inference

import (
	"context"

	"io"

	"github.com/conduit-sdk/conduit"
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
type ChatCompletionStream = conduit.Stream[ChatCompletionChunk]

// chatBody is the wire form of a request: the caller's fields plus stream,
// which only the method chosen decides.
type chatBody struct {
	ChatCompletionRequest
	Stream bool `json:"stream,omitempty"`
}

// CreateChatCompletion returns the whole reply to req once it is complete.
// The reply text is Content(); Usage holds token counts and timings.
func (c *Client) CreateChatCompletion(ctx context.Context, req ChatCompletionRequest, opts ...Option) (*ChatCompletion, error) {
	if err := validate(createOp.Op, &req); err != nil {
		return nil, err
	}
	return createOp.Do(ctx, c.t, chatCall(req, false), opts)
}

// StreamChatCompletion asks for req with stream set and returns the reply as
// it is generated. The caller must drain or Close the stream. Usage, when the
// server reports it, arrives on the last chunk; req.StreamOptions is sent
// only when set, so ask for IncludeUsage where the host needs it (OpenAI).
// A ChatCompletionAccumulator assembles the chunks into the whole reply.
func (c *Client) StreamChatCompletion(ctx context.Context, req ChatCompletionRequest, opts ...Option) (*ChatCompletionStream, error) {
	if err := validate(streamOp.Op, &req); err != nil {
		return nil, err
	}
	return streamOp.Open(ctx, c.t, chatCall(req, true), opts)
}

// NewChatCompletionStream reads a streamed completion from r, a body of
// server-sent events, exactly as StreamChatCompletion reads the service's:
// for test doubles of code that consumes streams. It must end with
// "data: [DONE]"; an error event ends it with an *Error.
func (c *Client) NewChatCompletionStream(r io.Reader) *ChatCompletionStream {
	return streamOp.Reader(c.t, r)
}

// chatRequest is a read-only POST: generating a reply changes nothing on the
// server, so it is retried like a GET. stream_options goes with stream only,
// and replies' reasoning is not sent back.
func chatCall(req ChatCompletionRequest, stream bool) transport.Call {
	if !stream {
		req.StreamOptions = nil
	}
	req.Messages = sendable(req.Messages)
	return transport.Call{Body: chatBody{req, stream}.body()}
}

func validate(op *transport.Op, r *ChatCompletionRequest) error {
	if r.Model == "" {
		return op.Invalid("model", "is empty")
	}
	if len(r.Messages) == 0 {
		return op.Invalid("messages", "has no message")
	}
	for i := range r.Messages {
		if b := r.Messages[i].check().in("messages", i); b != nil {
			return op.Invalid(b.field, "%s", b.reason)
		}
	}
	if t := r.Temperature; t != nil && !(*t >= 0 && *t <= 2) {
		return op.Invalid("temperature", "%v is outside 0..2", *t)
	}
	if p := r.TopP; p != nil && !(*p >= 0 && *p <= 1) {
		return op.Invalid("top_p", "%v is outside 0..1", *p)
	}
	if n := r.MaxTokens; n != nil && *n < 1 {
		return op.Invalid("max_tokens", "%d is not positive", *n)
	}
	if b := r.checkOptions(); b != nil {
		return op.Invalid(b.field, "%s", b.reason)
	}
	return nil
}
