// Package inference is a client for the inference interface: chat
// completions, returned whole or streamed as server-sent events, and the
// list of models available to the key.
//
// Base URL: the placeholder inference_url, which ends in the version segment
// ("https://…/v1"); set it with conduit.WithBaseURL or CONDUIT_INFERENCE_URL.
// Credential: an API key sent as "Authorization: Bearer <key>", set with
// WithAPIKey or CONDUIT_INFERENCE_API_KEY. No published rate limit.
//
//	c, err := inference.New(inference.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	out, err := c.CreateChatCompletion(ctx, inference.ChatCompletionRequest{
//		Model:       "llama-3.3-70b-versatile",
//		Messages:    []inference.Message{inference.UserMessage("Say hello")},
//		Temperature: inference.Float(0.2),
//	})
//	if err != nil {
//		return err
//	}
//	fmt.Println(out.Content(), out.Usage.TotalTokens)
//
// StreamChatCompletion yields each chunk as soon as it arrives; see
// ChatCompletionStream. A ChatCompletionAccumulator assembles the chunks
// into the ChatCompletion the whole reply would have been.
//
// Beyond the spec's fields, the request takes what OpenAI-compatible hosts
// share, each sent only when set (Float, Int, Int64 and Bool fill the
// optional scalars):
//
//   - Messages have a Role (RoleSystem, RoleUser, RoleAssistant, RoleTool)
//     and a Content of text (TextContent) or of parts (PartsContent, with
//     TextPart and ImagePart); SystemMessage, UserMessage, AssistantMessage
//     and ToolMessage build the usual ones.
//   - Tool calling: Tools (FunctionTool), ToolChoice and ParallelToolCalls.
//     A reply's Message carries its ToolCalls; append it to the next
//     request's messages, followed by one ToolMessage per call.
//   - JSON output: ResponseFormat, free (FormatJSONObject) or matching a
//     JSON Schema (FormatJSONSchema).
//   - Reasoning models: ReasoningEffort, and Groq's ReasoningFormat; the
//     reasoning comes back in Message.Reasoning and Delta.Reasoning.
//   - N, PresencePenalty, FrequencyPenalty, Logprobs, TopLogprobs, User, and
//     StreamOptions for streams.
//
// Each is checked before any I/O (ranges, function and schema names, a
// ToolChoice naming one of the tools, content required except beside tool
// calls), and a bad one is an ErrInvalidParam naming its wire field, such
// as "tools[0].function.name". For a field not typed here, a call's RawJSON
// and Decode reach what the host returned.
package inference

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{
	Name:   "inference",
	Bases:  []string{"inference_url"},
	Auth:   transport.Auth{Scheme: transport.Bearer, Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "inference.WithAPIKey", Secret: true}},
}

// Client calls the inference interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// WithAPIKey sets the API key, overriding CONDUIT_INFERENCE_API_KEY. It is
// sent only in the Authorization header and never appears in an error.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// ListModels returns every model available to the key, each with its
// context window.
func (c *Client) ListModels(ctx context.Context) (*ModelList, error) {
	var out ModelList
	if err := c.t.Do(ctx, &transport.Request{Op: "ListModels", Method: "GET", Path: "/models"}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
