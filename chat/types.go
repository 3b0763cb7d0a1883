package chat

import (
	"fmt"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// Snowflake is a platform id. The platform sends ids as JSON strings, but
// some proxies and older records send numbers, which would lose digits past
// 2^53 as float64; both decode to the same exact decimal text.
type Snowflake string

// UnmarshalJSON accepts a JSON string, a whole JSON number or null.
func (s *Snowflake) UnmarshalJSON(b []byte) error {
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
	raw
	ID       Snowflake `json:"id"`
	Username string    `json:"username"`
}

// Message is a created message. The spec shows none of its fields; the
// common ones are typed, the rest stay reachable through RawJSON and Decode.
type Message struct {
	raw
	ID        Snowflake `json:"id"`
	ChannelID Snowflake `json:"channel_id"`
	Content   string    `json:"content"`
	Author    User      `json:"author"`
}

// Channel is one channel of a server. Fields beyond id, type and position
// are not in the spec; reach them through RawJSON and Decode.
type Channel struct {
	raw
	ID       Snowflake   `json:"id"`
	Type     ChannelType `json:"type"`
	Position int         `json:"position"`
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
	// Content is the message text; it must not be empty.
	Content string `json:"content"`
	// Username replaces the webhook's display name for this message only.
	Username string `json:"username,omitempty"`
	// AllowedMentions says whom the message may notify; nil means no one.
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
}

type messageRequest struct {
	Content         string           `json:"content"`
	Nonce           string           `json:"nonce"`
	EnforceNonce    bool             `json:"enforce_nonce"`
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
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
