package inference

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Role says who a message speaks for. The constants are the roles every
// OpenAI-compatible host accepts. OpenAI's newer "developer" role is not
// among them: several hosts refuse it, so send RoleSystem instead, or
// Role("developer") where the host is known to take it. Other values are
// sent as given.
type Role string

// The roles of a conversation.
const (
	RoleSystem    Role = "system"    // instructions that steer the whole conversation
	RoleUser      Role = "user"      // what the person asks
	RoleAssistant Role = "assistant" // the model's replies, tool calls included
	RoleTool      Role = "tool"      // a tool's result, answering one tool call
)

// Message is one turn of the conversation, and the reply the server
// generates. A reply can be appended to the next request's messages as it
// is, tool calls included, which is how a tool-calling conversation goes on.
type Message struct {
	Role Role `json:"role"`
	// Content is always sent, as "" when empty: hosts refuse a null or
	// missing content, also beside tool calls.
	Content Content `json:"content"`
	// Name tells apart participants that share a role.
	Name string `json:"name,omitempty"`
	// ToolCalls are the functions an assistant message asks the caller to
	// run.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID is, on a tool message, the ToolCall.ID it answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	// Reasoning is the model's reasoning where the host returns it apart
	// from the content: "reasoning" (Groq, with reasoning_format "parsed")
	// or "reasoning_content" (other hosts). It is read from replies and
	// kept by json.Marshal, but never sent in a request, since hosts refuse
	// message members they do not know.
	Reasoning string `json:"reasoning,omitempty"`
}

// UnmarshalJSON lets encoding/json decode a message as conduit does.
func (m *Message) UnmarshalJSON(b []byte) error { return conduit.Unmarshal(bytes.Clone(b), m) }

// UnmarshalJSONFrom decodes a message and takes its reasoning from whichever
// member the host used.
func (m *Message) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	// Pooled as a delta's mirror is: one per choice of every completion.
	v := messageMirrors.Get().(*messageFields)
	v.plainMessage = (*plainMessage)(m)
	err := jsonv2.UnmarshalDecode(dec, v)
	if err == nil {
		m.Reasoning = cmp.Or(m.Reasoning, v.ReasoningContent)
	}
	*v = messageFields{}
	messageMirrors.Put(v)
	return err
}

// plainMessage is a Message without its methods, messageFields a Message
// with the other name of its reasoning.
type (
	plainMessage  Message
	messageFields struct {
		*plainMessage
		ReasoningContent string `json:"reasoning_content"`
	}
)

var messageMirrors = sync.Pool{New: func() any { return new(messageFields) }}

// sendable returns msgs without their reasoning, which hosts refuse in a
// request: msgs itself when no message has any, else a copy.
func sendable(msgs []Message) []Message {
	i := slices.IndexFunc(msgs, func(m Message) bool { return m.Reasoning != "" })
	if i < 0 {
		return msgs
	}
	out := slices.Clone(msgs)
	for j := i; j < len(out); j++ {
		out[j].Reasoning = ""
	}
	return out
}

// SystemMessage is a system message of text.
func SystemMessage(text string) Message {
	return Message{Role: RoleSystem, Content: TextContent(text)}
}

// UserMessage is a user message of text.
func UserMessage(text string) Message { return Message{Role: RoleUser, Content: TextContent(text)} }

// AssistantMessage is an earlier reply of text, for replaying a
// conversation. To continue after a reply, append the reply's own Message.
func AssistantMessage(text string) Message {
	return Message{Role: RoleAssistant, Content: TextContent(text)}
}

// ToolMessage is the result of the tool call callID, which the model reads
// in its next reply.
func ToolMessage(callID, content string) Message {
	return Message{Role: RoleTool, Content: TextContent(content), ToolCallID: callID}
}

// Content is a message's content: plain text, sent as a JSON string, or a
// list of parts (text and images), sent as an array. The zero value is
// empty text. Both forms decode.
type Content struct {
	text  string
	parts []ContentPart
}

// TextContent is content of plain text.
func TextContent(text string) Content { return Content{text: text} }

// PartsContent is content made of parts, for images beside text. With no
// parts it is sent as empty text.
func PartsContent(parts ...ContentPart) Content { return Content{parts: parts} }

// Text is the text of the content; for parts, the text parts joined
// without a separator.
func (c Content) Text() string {
	if c.parts == nil {
		return c.text
	}
	var b strings.Builder
	for _, p := range c.parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Parts returns the parts of content made of parts, and nil for text.
func (c Content) Parts() []ContentPart { return c.parts }

// IsZero reports whether the content is empty: no text and no part.
func (c Content) IsZero() bool { return c.text == "" && len(c.parts) == 0 }

// MarshalJSON sends text as a JSON string and parts as an array.
func (c Content) MarshalJSON() ([]byte, error) {
	if len(c.parts) == 0 {
		return wire.AppendString(make([]byte, 0, len(c.text)+2), c.text), nil
	}
	return wire.Encode(c.parts)
}

// UnmarshalJSON accepts a string, an array of parts, or null (empty).
func (c *Content) UnmarshalJSON(b []byte) error {
	*c = Content{}
	switch wire.Kind(b) {
	case 'n':
		return nil
	case '"':
		var err error
		c.text, err = wire.String(b)
		return err
	case '[':
		c.parts = []ContentPart{}
		return conduit.Unmarshal(b, &c.parts)
	}
	return fmt.Errorf("inference: message content %.40s is neither a string nor an array of parts", b)
}

// ContentPart is one part of content made of parts. Type is "text" (Text
// set) or "image_url" (ImageURL set); TextPart and ImagePart build them.
type ContentPart struct {
	Type     string    `json:"type"`
	Text     string    `json:"text,omitempty"`
	ImageURL *ImageURL `json:"image_url,omitempty"`
}

// ImageURL is an image a part shows the model: an https URL or a data URL
// ("data:image/png;base64,…").
type ImageURL struct {
	URL string `json:"url"`
	// Detail is "low", "high" or "auto"; empty leaves the host's default.
	Detail string `json:"detail,omitempty"`
}

// TextPart is a part of text.
func TextPart(text string) ContentPart { return ContentPart{Type: "text", Text: text} }

// ImagePart is a part showing the image at url; detail is "low", "high",
// "auto" or "" for the host's default.
func ImagePart(url, detail string) ContentPart {
	return ContentPart{Type: "image_url", ImageURL: &ImageURL{URL: url, Detail: detail}}
}

// check refuses a message the server would refuse: content is required
// except on an assistant message that carries tool calls, a tool message
// names the call it answers, and only assistant messages carry tool calls.
func (m *Message) check() *badParam {
	if m.Role == "" {
		return bad("role", "is empty")
	}
	for i, p := range m.Content.parts {
		if b := p.check().in("content", i); b != nil {
			return b
		}
	}
	if m.Content.IsZero() {
		if m.Role != RoleAssistant {
			return bad("content", "is empty")
		}
		if len(m.ToolCalls) == 0 {
			return bad("content", "is empty; an assistant message needs content or tool_calls")
		}
	}
	if m.Role == RoleTool && m.ToolCallID == "" {
		return bad("tool_call_id", "is empty; a tool message answers one tool call")
	}
	if len(m.ToolCalls) > 0 && m.Role != RoleAssistant {
		return bad("tool_calls", "is set on a %s message; only assistant messages carry tool calls", m.Role)
	}
	for i, tc := range m.ToolCalls {
		if b := tc.check().in("tool_calls", i); b != nil {
			return b
		}
	}
	return nil
}

func (p *ContentPart) check() *badParam {
	switch p.Type {
	case "text":
		if p.Text == "" {
			return bad("text", "is empty")
		}
	case "image_url":
		if p.ImageURL == nil || p.ImageURL.URL == "" {
			return bad("image_url.url", "is empty")
		}
		switch p.ImageURL.Detail {
		case "", "auto", "low", "high":
		default:
			return bad("image_url.detail", "%q is not auto, low or high", p.ImageURL.Detail)
		}
	default:
		return bad("type", "%q is not text or image_url", p.Type)
	}
	return nil
}
