// Package inference is a client for the inference interface: chat
// completions, returned whole or streamed as server-sent events, the models
// available to the key, embeddings (on the hosts that serve embedding
// models), and speech: audio transcribed or translated into English text.
//
// Base URL: the placeholder inference_url, which ends in the version segment
// ("https://…/v1"), by default Groq's OpenAI-compatible
// https://api.groq.com/openai/v1; set another with conduit.WithBaseURL or
// CONDUIT_INFERENCE_URL.
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
// CreateTranscription and CreateTranslation upload an audio file as
// multipart/form-data, copied from its reader as the connection takes it
// (never held in memory) or named by URL for the host to fetch (Groq), and
// return a Transcript: the text alone (json),
// with timed segments and words (verbose_json), or plain text. CreateSpeech
// turns text into audio, handed over as the host streams it.
//
// StreamChatCompletion yields each chunk as soon as it arrives; see
// ChatCompletionStream. A ChatCompletionAccumulator assembles the chunks
// into the ChatCompletion the whole reply would have been.
//
// CreateResponse and StreamResponse call the Responses API (/responses):
// an input of text or items (InputText, InputItems) with instructions,
// tools and JSON output built as for chat completions, answered with a
// Response of output items (messages, function calls, reasoning) whose
// text is OutputText. A stream hands over typed events
// (ResponseStreamEvent) and ends after response.completed; a
// ResponseAccumulator builds the Response from them. Groq keeps no state
// between calls: send the conversation, earlier output included
// (OutputItem.AsInput), each time.
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
//     JSON Schema (FormatJSONSchema). From a Go struct: ResponseFormatFor
//     and FunctionToolFor build the schema (SchemaFor alone returns it),
//     and ChatCompletion.DecodeContent and ToolCall.DecodeArguments read
//     the model's JSON back into the struct, an *OutputError naming the
//     path of what does not fit.
//   - Reasoning models: ReasoningEffort, and Groq's ReasoningFormat; the
//     reasoning comes back in Message.Reasoning and Delta.Reasoning.
//   - N, PresencePenalty, FrequencyPenalty, Logprobs, TopLogprobs, User, and
//     StreamOptions for streams.
//
// Each is checked before any I/O (ranges, function and schema names, a
// ToolChoice naming one of the tools, content required except beside tool
// calls), and a bad one is an ErrInvalidParam naming its wire field, such
// as "tools[0].function.name". For a field not typed here, a call's RawJSON
// and Decode reach what the host returned, and conduit.WithBodyField sends
// one ("service_tier").
//
// # Failures
//
// Hosts answer failures with {"error": {"message", "type", "code"}}: code
// is Error.Code (type when code is null), type Error.Reason ("tokens" or
// "requests" on a rate limit), message Error.Message, and the x-request-id
// header Error.RequestID. The budget headers (x-ratelimit-limit-requests,
// -remaining-requests, -reset-requests and the -tokens three) are read
// into Error.RateLimit and conduit.Response on every answer.
//
//	host sends                                      conduit reports
//	401 invalid_api_key; 403 permission_error,      ErrUnauthorized, not retried
//	  unsupported_country_region_territory
//	429 rate_limit_exceeded (type tokens or         ErrRateLimited; retried after Retry-After-Ms,
//	  requests)                                       Retry-After, else x-ratelimit-reset-tokens,
//	                                                  else -reset-requests
//	429 insufficient_quota, billing_hard_limit_     ErrRateLimited, not retried: no wait lifts it
//	  reached
//	498 capacity_exceeded (flex tier)               ErrRateLimited, retried after the backoff
//	404 model_not_found                             ErrNotFound
//	400, 413, 422 (context_length_exceeded, an      ErrAPI, not retried
//	  audio file over the size limit, …)
//	500, 502, 503 (server_error,                    ErrAPI, retried after the backoff
//	  server_is_overloaded)
//	a 200 with an error object                      ErrAPI (or what its code means)
//	a 200 with JSON where CreateSpeech expects      ErrAPI with the object's code and message;
//	  audio                                           ErrMalformedResponse when it holds no error
//	an error event inside a 200 stream              the stream's Err: the same fields, no request
//	                                                  id (conduit.WithResponse has it); the chunks
//	                                                  before it were delivered
//	a response of status failed, whole or as a       ErrAPI (or what its code means) with
//	  response.failed event; an "error" event        error.code and error.message (the event's
//	                                                  code and message); the events before it
//	                                                  were delivered
//
// The host's documented endpoints this package does not type are batches
// and files (/batches, /files), which run bulk jobs offline within a day or
// more rather than answer a call: reach them with Do.
package inference

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// service reads OpenAI-style failures, {"error": {"message", "type",
// "code"}}, where Code is error.code (or error.type when there is none) and
// Reason error.type; a 429 waits for the budget that ran out.
var service = transport.Register(&transport.Service{
	Name:   "inference",
	Bases:  []transport.Base{{Name: "inference_url", Option: "conduit.WithBaseURL", Version: "v1", Default: "https://api.groq.com/openai/v1"}},
	Auth:   transport.Auth{Scheme: transport.Bearer, Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "inference.WithAPIKey", Secret: true}},
	Errors: transport.Profile{
		// A streamed response fails with {"type": "error", "code",
		// "message"} or with response.failed's {"response": {"error"}}.
		Code:             []string{"error.code", "error.type", "response.error.code", "code"},
		Reason:           []string{"error.type"},
		Message:          []string{"error.message", "response.error.message", "message"},
		RequestIDHeaders: []string{"X-Request-Id"},
		// Without Retry-After, the token budget's reset: tokens run out far
		// more often than requests, whose budget on some hosts is per day.
		Waits: []transport.Wait{
			{Header: "X-RateLimit-Reset-Tokens", Unit: limits.GoDuration},
			{Header: "X-RateLimit-Reset-Requests", Unit: limits.GoDuration},
		},
		Status: map[int]transport.Meaning{498: transport.RateLimited},
		Codes: map[string]transport.Meaning{
			"invalid_api_key":                      transport.Unauthorized,
			"authentication_error":                 transport.Unauthorized,
			"permission_error":                     transport.Unauthorized,
			"unsupported_country_region_territory": transport.Unauthorized,
			"rate_limit_exceeded":                  transport.RateLimited,
			"rate_limit_error":                     transport.RateLimited,
			"not_found_error":                      transport.NotFound,
			"capacity_exceeded":                    transport.RateLimited,
			"insufficient_quota":                   transport.QuotaExceeded,
			"billing_hard_limit_reached":           transport.QuotaExceeded,
			"model_not_found":                      transport.NotFound,
			"server_error":                         transport.Transient,
			"server_is_overloaded":                 transport.Transient,
		},
	},
})

// Generating a reply changes nothing on the server: the POSTs are reads,
// retried like GETs.
var (
	createOp = transport.Declare(service, transport.Op{Name: "CreateChatCompletion", Method: "POST", Path: "/chat/completions"},
		(*ChatCompletion).problem)
	streamOp = transport.DeclareStream[ChatCompletionChunk](service, transport.Op{Name: "StreamChatCompletion", Method: "POST",
		Path: "/chat/completions"}, "[DONE]")
	listModelsOp = transport.Declare[ModelList](service, transport.Op{Name: "ListModels", Method: "GET", Path: "/models"}, nil)
	// Model ids may hold a slash ("openai/gpt-oss-120b"), sent as it is.
	modelOp = transport.Declare[Model](service, transport.Op{Name: "Model", Method: "GET", Path: "/models/{model...}"}, nil)
)

// WithAPIKey sets the API key, overriding CONDUIT_INFERENCE_API_KEY. It is
// sent only in the Authorization header and never appears in an error.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// Do calls any path of the host, for an endpoint this package does not type
// (batches, files, a provider's own), with the key, limits, retries and
// errors of the typed methods; see conduit's documentation of Do. Paths are
// relative to inference_url ("/batches").
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// ListModels returns every model available to the key, each with its
// context window.
func (c *Client) ListModels(ctx context.Context, opts ...Option) (*ModelList, error) {
	return listModelsOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Model returns the model id, to check that the key can use it and read its
// context window before sending a request it would not fit. An id the key
// cannot use is an ErrNotFound.
func (c *Client) Model(ctx context.Context, id string, opts ...Option) (*Model, error) {
	if id == "" {
		return nil, modelOp.Invalid("model", "is empty")
	}
	return modelOp.Do(ctx, c.t, transport.Call{Args: []string{id}}, opts)
}
