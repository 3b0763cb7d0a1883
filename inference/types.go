package inference

import (
	"bytes"
	"cmp"
	"fmt"
	"sync"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/record"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// ChatCompletionRequest is the body of a chat completion. Model and Messages
// are required; the optional fields are sent only when set, so the server's
// defaults apply otherwise. Stream is not a field: the method decides it.
type ChatCompletionRequest struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	// Temperature is the sampling temperature, 0..2.
	Temperature *float64 `json:"temperature,omitempty"`
	// TopP is the nucleus-sampling mass, 0..1.
	TopP *float64 `json:"top_p,omitempty"`
	// MaxTokens caps the length of the reply.
	MaxTokens *int `json:"max_tokens,omitempty"`
	// Stop lists sequences at which generation stops.
	Stop []string `json:"stop,omitempty"`
	// Seed asks for repeatable sampling where the server supports it.
	Seed *int64 `json:"seed,omitempty"`

	// The fields below are not in the spec; OpenAI-compatible hosts take
	// them. Each is sent only when set; Float, Int and Bool build the
	// pointers.

	// Tools are the functions the model may call.
	Tools []Tool `json:"tools,omitempty"`
	// ToolChoice says whether and which tool must be called; it needs Tools.
	ToolChoice ToolChoice `json:"tool_choice,omitzero"`
	// ParallelToolCalls allows (default) or forbids several tool calls in
	// one reply; it needs Tools.
	ParallelToolCalls *bool `json:"parallel_tool_calls,omitempty"`
	// ResponseFormat asks for JSON, free or matching a schema.
	ResponseFormat *ResponseFormat `json:"response_format,omitempty"`
	// StreamOptions is sent by StreamChatCompletion only; set IncludeUsage
	// for a last chunk with the usage where the host does not send it anyway.
	StreamOptions *StreamOptions `json:"stream_options,omitempty"`
	// N is the number of choices to generate, at least 1 (default 1).
	N *int `json:"n,omitempty"`
	// PresencePenalty and FrequencyPenalty, -2..2, steer away from tokens
	// already used at all, or in proportion to their use.
	PresencePenalty  *float64 `json:"presence_penalty,omitempty"`
	FrequencyPenalty *float64 `json:"frequency_penalty,omitempty"`
	// Logprobs asks for the log probability of each token; TopLogprobs,
	// 0..20 and only with Logprobs true, for that many alternatives too.
	Logprobs    *bool `json:"logprobs,omitempty"`
	TopLogprobs *int  `json:"top_logprobs,omitempty"`
	// User identifies the end user to the host, for abuse monitoring.
	User string `json:"user,omitempty"`
	// ReasoningEffort is how hard a reasoning model thinks. Hosts differ:
	// OpenAI takes "minimal", "low", "medium", "high"; Groq takes "none",
	// "default", "low", "medium", "high", depending on the model.
	ReasoningEffort string `json:"reasoning_effort,omitempty"`
	// ReasoningFormat is how a reasoning model's reasoning comes back (Groq).
	ReasoningFormat ReasoningFormat `json:"reasoning_format,omitempty"`
}

// ReasoningFormat is how Groq returns a reasoning model's reasoning.
type ReasoningFormat string

// The reasoning formats.
const (
	// ReasoningParsed puts the reasoning in Message.Reasoning (and
	// Delta.Reasoning when streaming), apart from the content.
	ReasoningParsed ReasoningFormat = "parsed"
	// ReasoningRaw leaves it in the content between <think> tags; hosts
	// refuse it beside tools or JSON output.
	ReasoningRaw ReasoningFormat = "raw"
	// ReasoningHidden returns the answer only.
	ReasoningHidden ReasoningFormat = "hidden"
)

// ChatCompletion is the whole reply of CreateChatCompletion. RawJSON returns
// it as sent, with the fields the spec does not show.
type ChatCompletion struct {
	raw               `json:"-"`
	ID                string       `json:"id"`
	Object            string       `json:"object"`
	Created           int64        `json:"created"`
	Model             string       `json:"model"`
	SystemFingerprint string       `json:"system_fingerprint,omitempty"`
	Choices           []Choice     `json:"choices"`
	Usage             *Usage       `json:"usage,omitempty"`
	ErrorObject       *ErrorObject `json:"error,omitempty"`
}

// Content is the reply text, choices[0].message.content.
func (c *ChatCompletion) Content() string {
	if len(c.Choices) == 0 {
		return ""
	}
	return c.Choices[0].Message.Content.Text()
}

// problem reports a 2xx answer that holds no reply (an error object or no
// choices at all), which conduit turns into an *Error rather than handing
// back an empty completion.
func (c *ChatCompletion) problem() *transport.Problem {
	if e := c.ErrorObject; e != nil {
		return &transport.Problem{Code: cmp.Or(e.Code, e.Type), Message: e.Message}
	}
	if len(c.Choices) == 0 {
		return &transport.Problem{Message: "the completion has no choices"}
	}
	return nil
}

// ErrorObject is the error a server may put in an otherwise successful body.
type ErrorObject struct {
	Message string `json:"message"`
	Type    string `json:"type"`
	Code    string `json:"code,omitempty"`
}

// Choice is one generated reply.
type Choice struct {
	Index        int          `json:"index"`
	Message      Message      `json:"message"`
	Logprobs     Logprobs     `json:"logprobs,omitempty"`
	FinishReason FinishReason `json:"finish_reason"`
}

// Usage is what a completion cost. The spec says only that it includes timing
// information; the token counts and the usual timing fields are typed, and
// RawJSON returns the whole object for anything else the server reports.
type Usage struct {
	raw              `json:"-"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	TotalTokens      int64 `json:"total_tokens"`
	// Timings, in seconds: waiting in the server's queue, reading the
	// prompt, generating the reply, and the whole request.
	QueueTime      float64 `json:"queue_time"`
	PromptTime     float64 `json:"prompt_time"`
	CompletionTime float64 `json:"completion_time"`
	TotalTime      float64 `json:"total_time"`
}

// ChatCompletionChunk is one event of a streamed completion. RawJSON returns
// the event's data as sent.
type ChatCompletionChunk struct {
	raw               `json:"-"`
	ID                string        `json:"id"`
	Object            string        `json:"object"`
	Created           int64         `json:"created"`
	Model             string        `json:"model"`
	SystemFingerprint string        `json:"system_fingerprint,omitempty"`
	Choices           []ChunkChoice `json:"choices"`
	// Usage is set on the last chunk when the server reports it, whether as
	// a top-level "usage" member or inside a provider extension object
	// ("x_groq": {"usage": …}), as some servers send it.
	Usage *Usage `json:"usage,omitempty"`
}

// UnmarshalJSON lets encoding/json decode a chunk as conduit does, raw
// bytes and usage included.
func (c *ChatCompletionChunk) UnmarshalJSON(b []byte) error {
	return conduit.Unmarshal(bytes.Clone(b), c)
}

// UnmarshalJSONFrom decodes the typed fields and finds the usage wherever
// the server put it.
func (c *ChatCompletionChunk) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	record.Mark(dec, &c.Raw)
	// The mirror is pooled: a stream decodes one per chunk, and one
	// allocated each time was a third of a chunk's allocations.
	v := chunkMirrors.Get().(*chunkFields)
	*v = chunkFields{ID: c.ID, Object: c.Object, Created: c.Created, Model: c.Model,
		SystemFingerprint: c.SystemFingerprint, Choices: c.Choices, Usage: c.Usage}
	err := json.UnmarshalDecode(dec, v)
	if err == nil {
		c.ID, c.Object, c.Created, c.Model, c.SystemFingerprint, c.Choices, c.Usage =
			v.ID, v.Object, v.Created, v.Model, v.SystemFingerprint, v.Choices, v.Usage
		if c.Usage == nil && v.Ext != nil {
			c.Usage = v.Ext.Usage
		}
	}
	*v = chunkFields{}
	chunkMirrors.Put(v)
	return err
}

var chunkMirrors = sync.Pool{New: func() any { return new(chunkFields) }}

// chunkFields are the members of a chunk (TestChunkFieldsMirrorChunk keeps
// them alike), with the usage some servers put in an extension object. It
// holds no raw record, so decoding it meets no record to mark at this
// level: the chunk marked itself before decoding it.
type chunkFields struct {
	ID                string        `json:"id"`
	Object            string        `json:"object"`
	Created           int64         `json:"created"`
	Model             string        `json:"model"`
	SystemFingerprint string        `json:"system_fingerprint,omitempty"`
	Choices           []ChunkChoice `json:"choices"`
	Usage             *Usage        `json:"usage,omitempty"`
	Ext               *struct {
		Usage *Usage `json:"usage"`
	} `json:"x_groq"`
}

// Content is this chunk's piece of the reply, choices[0].delta.content.
func (c ChatCompletionChunk) Content() string {
	if len(c.Choices) == 0 {
		return ""
	}
	return c.Choices[0].Delta.Content
}

// ChunkChoice is one reply's part in a chunk.
type ChunkChoice struct {
	Index    int      `json:"index"`
	Delta    Delta    `json:"delta"`
	Logprobs Logprobs `json:"logprobs,omitempty"`
	// FinishReason is empty until the reply's last chunk.
	FinishReason FinishReason `json:"finish_reason,omitempty"`
}

// Delta is what a chunk adds to a reply: the role on the first chunk, then
// pieces of the reasoning, the content and the tool calls.
type Delta struct {
	Role    Role   `json:"role,omitempty"`
	Content string `json:"content,omitempty"`
	// Reasoning is a piece of Message.Reasoning, from "reasoning" or, on
	// the hosts that name it so, "reasoning_content".
	Reasoning string          `json:"reasoning,omitempty"`
	ToolCalls []ToolCallDelta `json:"tool_calls,omitempty"`
}

// UnmarshalJSON lets encoding/json decode a delta as conduit does.
func (d *Delta) UnmarshalJSON(b []byte) error { return conduit.Unmarshal(bytes.Clone(b), d) }

// UnmarshalJSONFrom decodes a delta, its reasoning under either name.
func (d *Delta) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	// Pooled as the chunk's mirror is: one per chunk of a stream.
	v := deltaMirrors.Get().(*deltaFields)
	v.plainDelta = (*plainDelta)(d)
	err := json.UnmarshalDecode(dec, v)
	if err == nil {
		d.Reasoning = cmp.Or(d.Reasoning, v.ReasoningContent)
	}
	*v = deltaFields{}
	deltaMirrors.Put(v)
	return err
}

// plainDelta is a Delta without its methods, deltaFields a Delta with the
// other name of its reasoning.
type (
	plainDelta  Delta
	deltaFields struct {
		*plainDelta
		ReasoningContent string `json:"reasoning_content"`
	}
)

var deltaMirrors = sync.Pool{New: func() any { return new(deltaFields) }}

// ModelList is the result of ListModels. RawJSON returns it as sent.
type ModelList struct {
	raw    `json:"-"`
	Object string  `json:"object"`
	Data   []Model `json:"data"`
}

// Model is one model available to the key. The spec does not name the
// fields of a model entry; these are the ones servers of this interface send,
// and RawJSON returns the entry with everything else.
type Model struct {
	raw     `json:"-"`
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
	// ContextWindow is the model's context size in tokens, from
	// "context_window" or, on servers that name it so, "context_length".
	ContextWindow ContextWindow `json:"context_window"`
	// Active is false for a model the host lists but does not serve now
	// (Groq), and nil where the host does not say.
	Active *bool `json:"active,omitempty"`
	// MaxCompletionTokens caps a reply's length (Groq), 0 when not sent.
	MaxCompletionTokens int64 `json:"max_completion_tokens,omitempty"`
}

// UnmarshalJSON lets encoding/json decode a model as conduit does.
func (m *Model) UnmarshalJSON(b []byte) error { return conduit.Unmarshal(bytes.Clone(b), m) }

// UnmarshalJSONFrom decodes the typed fields, the context window under
// either of its names.
func (m *Model) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	record.Mark(dec, &m.Raw)
	v := modelFields{ID: m.ID, Object: m.Object, Created: m.Created, OwnedBy: m.OwnedBy,
		ContextWindow: m.ContextWindow, Active: m.Active, MaxCompletionTokens: m.MaxCompletionTokens}
	if err := json.UnmarshalDecode(dec, &v); err != nil {
		return err
	}
	m.ID, m.Object, m.Created, m.OwnedBy, m.ContextWindow, m.Active, m.MaxCompletionTokens =
		v.ID, v.Object, v.Created, v.OwnedBy, cmp.Or(v.ContextWindow, v.Length), v.Active, v.MaxCompletionTokens
	return nil
}

// modelFields are the members of a model (TestModelFieldsMirrorModel keeps
// them alike), with the context window's other name. A struct of its own,
// not Model embedded: Model's raw would bring its UnmarshalJSONFrom along.
type modelFields struct {
	ID                  string        `json:"id"`
	Object              string        `json:"object"`
	Created             int64         `json:"created"`
	OwnedBy             string        `json:"owned_by"`
	ContextWindow       ContextWindow `json:"context_window"`
	Active              *bool         `json:"active,omitempty"`
	MaxCompletionTokens int64         `json:"max_completion_tokens,omitempty"`
	Length              ContextWindow `json:"context_length"`
}

// ContextWindow is a context size in tokens. Servers send it as a number or
// as a numeric string; both decode, and null means unknown (0).
type ContextWindow int64

// UnmarshalJSON accepts 131072 or "131072"; null means unknown (0).
func (w *ContextWindow) UnmarshalJSON(b []byte) error {
	if err := (*conduit.Int)(w).UnmarshalJSON(b); err != nil {
		return fmt.Errorf("inference: context window: %w", err)
	}
	if *w < 0 {
		return fmt.Errorf("inference: context window %d is not a token count", *w)
	}
	return nil
}
