package chat

import (
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Snowflake is a platform id. The platform sends ids as JSON strings, but
// some proxies and older records send numbers, which would lose digits past
// 2^53 as float64; both decode to the same exact decimal text.
type Snowflake string

// UnmarshalJSON accepts a JSON string, a whole JSON number or null.
func (s *Snowflake) UnmarshalJSON(b []byte) error {
	// Digits are never escaped: a string of them is read in place.
	if raw, ok := wire.Between(b); ok && isDigits(string(raw)) {
		*s = Snowflake(raw)
		return nil
	}
	tok, str, null, err := wire.Scalar(b)
	switch {
	case err != nil:
		return fmt.Errorf("chat: id: %w", err)
	case null:
		return nil
	case !str && !isDigits(string(tok)):
		return fmt.Errorf("chat: id %.40s is not a whole number", tok)
	}
	*s = Snowflake(tok)
	return nil
}

// String returns the id's decimal text, as paths and bodies want it.
func (s Snowflake) String() string { return string(s) }

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// User is a user record (the bot's own, or a message author). The spec shows
// none of its fields; the common ones are typed, the rest stay reachable
// through RawJSON and Decode.
type User struct {
	raw      `json:"-"`
	ID       Snowflake `json:"id"`
	Username string    `json:"username"`
}

// Message is a message of a channel. The spec shows none of its fields; the
// common ones are typed, the rest stay reachable through RawJSON and Decode.
type Message struct {
	raw         `json:"-"`
	ID          Snowflake    `json:"id"`
	ChannelID   Snowflake    `json:"channel_id"`
	Content     string       `json:"content"`
	Author      User         `json:"author"`
	Embeds      []Embed      `json:"embeds"`
	Attachments []Attachment `json:"attachments"`
	// Reference is the message this one replies to or forwards, if any.
	Reference *MessageReference `json:"message_reference,omitempty"`
}

// Attachment is a file a message carries, as the platform stores it.
type Attachment struct {
	raw         `json:"-"`
	ID          Snowflake `json:"id"`
	Filename    string    `json:"filename"`
	ContentType string    `json:"content_type,omitempty"`
	Size        int64     `json:"size"`
	URL         string    `json:"url"`
}

// MessageReference points at another message: set on a new message, it
// makes that message a reply.
type MessageReference struct {
	MessageID Snowflake `json:"message_id"`
	ChannelID Snowflake `json:"channel_id,omitempty"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	// FailIfNotExists false posts the message as an ordinary one when the
	// message replied to is gone; the platform's default (true) fails it.
	FailIfNotExists *bool `json:"fail_if_not_exists,omitempty"`
}

// Channel is a channel: one of a server, a thread, or a direct message.
// The spec shows id, type and position; name, guild_id and recipients are
// the platform's, and the rest stay reachable through RawJSON and Decode.
type Channel struct {
	raw      `json:"-"`
	ID       Snowflake   `json:"id"`
	Type     ChannelType `json:"type"`
	Position int         `json:"position"`
	Name     string      `json:"name,omitempty"`
	GuildID  Snowflake   `json:"guild_id,omitempty"`
	// Recipients are the users of a direct message channel.
	Recipients []User `json:"recipients,omitempty"`
	// ParentID is a thread's channel, or a channel's category.
	ParentID Snowflake `json:"parent_id,omitempty"`
	// OwnerID is the user who started a thread.
	OwnerID Snowflake `json:"owner_id,omitempty"`
	// ThreadMetadata is set on a thread.
	ThreadMetadata *ThreadMetadata `json:"thread_metadata,omitempty"`
}

// Guild is a server. The common fields are typed; the rest (roles, emojis,
// features, …) stay reachable through RawJSON and Decode.
type Guild struct {
	raw     `json:"-"`
	ID      Snowflake `json:"id"`
	Name    string    `json:"name"`
	OwnerID Snowflake `json:"owner_id"`
	// ApproximateMemberCount and ApproximatePresenceCount are sent only
	// when GuildParams.WithCounts asks for them.
	ApproximateMemberCount   int `json:"approximate_member_count,omitempty"`
	ApproximatePresenceCount int `json:"approximate_presence_count,omitempty"`
}

// Member is a user's membership of a server.
type Member struct {
	raw  `json:"-"`
	User User `json:"user"`
	// Nick is the user's name in this server; "" when they set none.
	Nick     string      `json:"nick,omitempty"`
	Roles    []Snowflake `json:"roles"`
	JoinedAt time.Time   `json:"joined_at"`
}

// ChannelType is a channel's kind, as the platform numbers them.
type ChannelType int

// The channel types the platform documents.
const (
	GuildText          ChannelType = 0
	DM                 ChannelType = 1
	GuildVoice         ChannelType = 2
	GroupDM            ChannelType = 3
	GuildCategory      ChannelType = 4
	GuildAnnouncement  ChannelType = 5
	AnnouncementThread ChannelType = 10
	PublicThread       ChannelType = 11
	PrivateThread      ChannelType = 12
	GuildStageVoice    ChannelType = 13
	GuildDirectory     ChannelType = 14
	GuildForum         ChannelType = 15
	GuildMedia         ChannelType = 16
)

// WebhookMessage is what a webhook posts.
type WebhookMessage struct {
	// Content is the message text; it may be empty only when the message
	// has embeds, components or files.
	Content string `json:"content,omitempty"`
	// Username replaces the webhook's display name for this message only.
	Username string `json:"username,omitempty"`
	// AvatarURL replaces the webhook's avatar for this message only.
	AvatarURL string `json:"avatar_url,omitempty"`
	// AllowedMentions says whom the message may notify; nil means no one.
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
	// Embeds are up to 10 rich blocks, held to the platform's limits
	// before sending.
	Embeds []Embed `json:"embeds,omitempty"`
	// Components are buttons, menus and layout, as the platform's JSON
	// array (see Components); a webhook not owned by an application may
	// send only link buttons and layout.
	Components json.RawMessage `json:"components,omitempty"`
	// Files are uploaded with the message, streamed from their readers.
	Files []File `json:"-"`
	// ThreadID posts into this thread of the webhook's channel (query
	// thread_id) instead of the channel itself.
	ThreadID Snowflake `json:"-"`
}

// webhookRequest is a WebhookMessage as sent: with its files named.
type webhookRequest struct {
	WebhookMessage
	Attachments []attachmentSlot `json:"attachments,omitempty"`
	Flags       int              `json:"flags,omitzero"`
}

type messageRequest struct {
	Content         string            `json:"content,omitempty"`
	Nonce           string            `json:"nonce"`
	EnforceNonce    bool              `json:"enforce_nonce"`
	AllowedMentions *AllowedMentions  `json:"allowed_mentions"`
	Embeds          []Embed           `json:"embeds,omitempty"`
	Reference       *MessageReference `json:"message_reference,omitempty"`
	Components      json.RawMessage   `json:"components,omitempty"`
	Attachments     []attachmentSlot  `json:"attachments,omitempty"`
	Flags           int               `json:"flags,omitzero"`
}

// MessageParams are CreateMessage's optional inputs.
type MessageParams struct {
	// Nonce identifies this message to the platform, which, with the nonce
	// enforced, answers a repeat of it with the message already created
	// instead of a duplicate. Empty means conduit makes one; give your own
	// (up to 25 characters) to make your own retries safe too.
	Nonce string
	// AllowedMentions says whom the message may notify; nil means no one,
	// so a message can never ping @everyone, a role or a user by accident.
	AllowedMentions *AllowedMentions
	// Embeds are up to 10 rich blocks, held to the platform's limits
	// before sending.
	Embeds []Embed
	// Reference makes the message a reply to another (message_reference).
	Reference *MessageReference
	// Components are the message's buttons, menus and layout, as the
	// platform's JSON array: built and checked by Components, or written
	// by hand. Layout components make the message a components-v2 one,
	// with its text in TextDisplay components and no Content or Embeds:
	// conduit sets the flag that says so.
	Components json.RawMessage
	// Files are uploaded with the message, streamed from their readers.
	Files []File
}

// MessageEdit is what EditMessage and EditWebhookMessage change; a field
// left nil stays as it is.
type MessageEdit struct {
	// Content replaces the text; a pointer to "" removes it.
	Content *string `json:"content,omitempty"`
	// Embeds replace the embeds; an empty, non-nil slice removes them.
	Embeds []Embed `json:"embeds,omitzero"`
	// Components replace the buttons, menus and layout, as the
	// platform's JSON array (see Components); "[]" removes them.
	Components json.RawMessage `json:"components,omitempty"`
	// AllowedMentions says whom the new content may notify; nil means no
	// one.
	AllowedMentions *AllowedMentions `json:"allowed_mentions,omitempty"`
}

// editRequest is a MessageEdit as sent, with the layout's flag.
type editRequest struct {
	MessageEdit
	Flags int `json:"flags,omitzero"`
}

// request checks an edit and returns the body that sends it.
func (e MessageEdit) request(op *transport.Op) (editRequest, error) {
	if e.Content == nil && e.Embeds == nil && e.Components == nil {
		return editRequest{}, op.Invalid("content", "an edit must change the content, the embeds or the components")
	}
	if e.Content != nil {
		if err := checkContent(op, *e.Content); err != nil {
			return editRequest{}, err
		}
		if e.AllowedMentions == nil {
			e.AllowedMentions = noMentions
		}
	}
	if err := checkEmbeds(op, e.Embeds); err != nil {
		return editRequest{}, err
	}
	if err := checkComponents(op, e.Components); err != nil {
		return editRequest{}, err
	}
	var content string
	if e.Content != nil {
		content = *e.Content
	}
	flags, err := layout(op, e.Components, content, e.Embeds)
	return editRequest{e, flags}, err
}

// checkContent holds a message's text to the platform's 2,000 characters.
func checkContent(op *transport.Op, content string) error {
	if n := utf8.RuneCountInString(content); n > maxContent {
		return op.Invalid("content", "is %d characters; the platform takes at most %d", n, maxContent)
	}
	return nil
}

// checkComponents accepts components only as a JSON array, which is all
// the platform takes there.
func checkComponents(op *transport.Op, components json.RawMessage) error {
	if components != nil && wire.Kind(components) != '[' {
		return op.Invalid("components", "must be a JSON array of components")
	}
	return nil
}

// AllowedMentions says which mentions in a message notify anyone. Its zero
// value notifies no one.
type AllowedMentions struct {
	// Parse lists the kinds of mention read from the text.
	Parse []MentionType `json:"parse"`
	// Roles and Users list who may be notified, when their kind is not in
	// Parse.
	Roles []Snowflake `json:"roles,omitempty"`
	Users []Snowflake `json:"users,omitempty"`
	// RepliedUser notifies the author of the message replied to.
	RepliedUser bool `json:"replied_user,omitempty"`
}

// MentionType is a kind of mention AllowedMentions.Parse can let through.
type MentionType string

// The kinds of mention.
const (
	MentionRoles    MentionType = "roles"
	MentionUsers    MentionType = "users"
	MentionEveryone MentionType = "everyone"
)

// noMentions is what a message sends when the caller allows none.
var noMentions = &AllowedMentions{Parse: []MentionType{}}
