package chat

import (
	"encoding/json"
	"net/http"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// InteractionResponseType is how an application answers an interaction, as
// the platform numbers the answers (API v10, "interaction callback type").
type InteractionResponseType int

// The interaction response types an application's endpoint may answer with.
const (
	// ResponsePong acknowledges a PING (InteractionHandler sends it itself).
	ResponsePong InteractionResponseType = 1
	// ResponseChannelMessage answers with a message in the channel.
	ResponseChannelMessage InteractionResponseType = 4
	// ResponseDeferredChannelMessage shows "thinking…"; the message follows
	// through the interaction's webhook within 15 minutes.
	ResponseDeferredChannelMessage InteractionResponseType = 5
	// ResponseDeferredUpdateMessage acknowledges a component press and edits
	// its message later; the user sees no loading state.
	ResponseDeferredUpdateMessage InteractionResponseType = 6
	// ResponseUpdateMessage edits the message a component is on.
	ResponseUpdateMessage InteractionResponseType = 7
	// ResponseAutocompleteResult offers choices for an option being typed.
	ResponseAutocompleteResult InteractionResponseType = 8
	// ResponseModal opens a form.
	ResponseModal InteractionResponseType = 9
)

// MessageFlags are a message's flag bits; an interaction answer may set
// FlagEphemeral, FlagSuppressEmbeds and FlagSuppressNotifications.
type MessageFlags int

// The message flags an interaction answer may set.
const (
	FlagSuppressEmbeds        MessageFlags = 1 << 2
	FlagEphemeral             MessageFlags = 1 << 6 // only the invoking user sees it
	FlagSuppressNotifications MessageFlags = 1 << 12
)

// InteractionMessage is the message of a ResponseChannelMessage or
// ResponseUpdateMessage answer (and, for a deferred one, its flags).
type InteractionMessage struct {
	Content string `json:"content,omitempty"`
	TTS     bool   `json:"tts,omitempty"`
	// Embeds are up to 10 rich blocks, held to the platform's limits.
	Embeds []Embed `json:"embeds,omitempty"`
	// AllowedMentions says whom the message may notify; nil means no one.
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
	Flags           MessageFlags     `json:"flags,omitempty"`
	// Components are buttons and menus, as the platform's JSON array.
	Components json.RawMessage `json:"components,omitempty"`
}

// AutocompleteChoice is one choice offered while an option is typed: Value
// is a string, an integer or a number, as the option's type is.
type AutocompleteChoice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Modal is the form a ResponseModal opens.
type Modal struct {
	// CustomID comes back in the modal-submit interaction (1–100 characters).
	CustomID string `json:"custom_id"`
	// Title is shown on top of the form (1–45 characters).
	Title string `json:"title"`
	// Components are the form's 1–5 rows, as the platform's JSON array.
	Components json.RawMessage `json:"components"`
}

// InteractionResponse is an application's answer to an interaction, the
// body its endpoint writes. Build it with the constructor of its type
// (Pong, ReplyMessage, DeferReply, DeferUpdate, UpdateMessage,
// AutocompleteResult, ShowModal) and send it with WriteInteractionResponse,
// which checks it against the platform's limits first.
type InteractionResponse struct {
	Type    InteractionResponseType
	Message *InteractionMessage  // ResponseChannelMessage, ResponseUpdateMessage; flags of ResponseDeferredChannelMessage
	Choices []AutocompleteChoice // ResponseAutocompleteResult
	Modal   *Modal               // ResponseModal
}

// Pong acknowledges a PING.
func Pong() InteractionResponse { return InteractionResponse{Type: ResponsePong} }

// ReplyMessage answers with a message in the interaction's channel.
func ReplyMessage(m InteractionMessage) InteractionResponse {
	return InteractionResponse{Type: ResponseChannelMessage, Message: &m}
}

// DeferReply acknowledges within the platform's 3 seconds and sends the
// message later; ephemeral makes the coming message visible only to the
// user.
func DeferReply(ephemeral bool) InteractionResponse {
	r := InteractionResponse{Type: ResponseDeferredChannelMessage}
	if ephemeral {
		r.Message = &InteractionMessage{Flags: FlagEphemeral}
	}
	return r
}

// DeferUpdate acknowledges a component interaction and edits its message
// later.
func DeferUpdate() InteractionResponse {
	return InteractionResponse{Type: ResponseDeferredUpdateMessage}
}

// UpdateMessage edits the message the pressed component is on.
func UpdateMessage(m InteractionMessage) InteractionResponse {
	return InteractionResponse{Type: ResponseUpdateMessage, Message: &m}
}

// AutocompleteResult offers up to 25 choices for the option being typed.
func AutocompleteResult(choices ...AutocompleteChoice) InteractionResponse {
	return InteractionResponse{Type: ResponseAutocompleteResult, Choices: choices}
}

// ShowModal opens a form.
func ShowModal(m Modal) InteractionResponse {
	return InteractionResponse{Type: ResponseModal, Modal: &m}
}

var respondOp = &transport.Op{Service: service, Name: "InteractionResponse"}

// The platform's limits on an interaction response.
const (
	maxChoices       = 25
	maxChoiceName    = 100
	maxModalCustomID = 100
	maxModalTitle    = 45
)

// Check holds the response to the platform's limits, naming the field
// that passes one (ErrInvalidParam), so that an answer the platform would
// refuse (and show the user "interaction failed" for) is not written.
func (r InteractionResponse) Check() error {
	op := respondOp
	switch r.Type {
	case ResponsePong, ResponseDeferredUpdateMessage:
		if r.Message != nil || r.Choices != nil || r.Modal != nil {
			return op.Invalid("data", "a response of type %d carries no data", r.Type)
		}
	case ResponseDeferredChannelMessage:
		if r.Message != nil && (r.Message.Content != "" || r.Message.Embeds != nil || r.Message.Components != nil) {
			return op.Invalid("data", "a deferred message carries only its flags; send the message later")
		}
	case ResponseChannelMessage, ResponseUpdateMessage:
		m := r.Message
		if m == nil {
			return op.Invalid("data", "a response of type %d needs its message", r.Type)
		}
		if r.Type == ResponseChannelMessage && m.Content == "" && len(m.Embeds) == 0 && m.Components == nil {
			return op.Invalid("data.content", "a message needs content, embeds or components")
		}
		if err := checkContent(op, m.Content); err != nil {
			return err
		}
		if err := checkEmbeds(op, m.Embeds); err != nil {
			return err
		}
		return checkComponents(op, m.Components)
	case ResponseAutocompleteResult:
		if len(r.Choices) > maxChoices {
			return op.Invalid("data.choices", "holds %d choices; the platform takes at most %d", len(r.Choices), maxChoices)
		}
		for _, c := range r.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > maxChoiceName {
				return op.Invalid("data.choices.name", "is %d characters; a choice's name is 1 to %d", n, maxChoiceName)
			}
			switch c.Value.(type) {
			case string, int, int64, float64:
			default:
				return op.Invalid("data.choices.value", "is a %T; a choice's value is a string, an integer or a number", c.Value)
			}
		}
	case ResponseModal:
		m := r.Modal
		if m == nil {
			return op.Invalid("data", "a modal response needs its modal")
		}
		if n := utf8.RuneCountInString(m.CustomID); n < 1 || n > maxModalCustomID {
			return op.Invalid("data.custom_id", "is %d characters; the platform takes 1 to %d", n, maxModalCustomID)
		}
		if n := utf8.RuneCountInString(m.Title); n < 1 || n > maxModalTitle {
			return op.Invalid("data.title", "is %d characters; the platform takes 1 to %d", n, maxModalTitle)
		}
		if m.Components == nil {
			return op.Invalid("data.components", "a modal needs 1 to 5 rows of components")
		}
		return checkComponents(op, m.Components)
	default:
		return op.Invalid("type", "%d is not an interaction response type", r.Type)
	}
	return nil
}

// MarshalJSON writes the platform's shape: {"type":N,"data":{…}}, with
// data only where the type has one, and no mention allowed unless the
// message says so.
func (r InteractionResponse) MarshalJSON() ([]byte, error) {
	var wire struct {
		Type InteractionResponseType `json:"type"`
		Data any                     `json:"data,omitempty"`
	}
	wire.Type = r.Type
	switch {
	case r.Modal != nil:
		wire.Data = r.Modal
	case r.Type == ResponseAutocompleteResult:
		choices := r.Choices
		if choices == nil {
			choices = []AutocompleteChoice{}
		}
		wire.Data = struct {
			Choices []AutocompleteChoice `json:"choices"`
		}{choices}
	case r.Message != nil && r.Type == ResponseDeferredChannelMessage:
		wire.Data = struct {
			Flags MessageFlags `json:"flags,omitempty"`
		}{r.Message.Flags}
	case r.Message != nil:
		m := *r.Message
		if m.AllowedMentions == nil {
			m.AllowedMentions = noMentions
		}
		wire.Data = m
	}
	return json.Marshal(wire)
}

// WriteInteractionResponse checks r and writes it as the answer to an
// interaction request, with status 200 and Content-Type application/json.
// A response that fails Check is not written, so the handler can answer
// otherwise.
func WriteInteractionResponse(w http.ResponseWriter, r InteractionResponse) error {
	if err := r.Check(); err != nil {
		return err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return transport.WriteJSON(w, b)
}
