package chat

import (
	"fmt"

	"encoding/json"
)

// Snowflake is a platform id. The platform sends ids as JSON strings, but
// some proxies and older records send numbers, which would lose digits past
// 2^53 as float64; both decode to the same exact decimal text.
type Snowflake string

// UnmarshalJSON accepts a JSON string, a whole JSON number or null.
func (s *Snowflake) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, (*string)(s))
	}
	if !isDigits(string(b)) {
		return fmt.Errorf("chat: id %.40s is not a whole number", b)
	}
	*s = Snowflake(b)
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
	ID       Snowflake `json:"id"`
	Type     int       `json:"type"`
	Position int       `json:"position"`
}

// WebhookMessage is what a webhook posts.
type WebhookMessage struct {
	// Content is the message text; it must not be empty.
	Content string `json:"content"`
	// Username replaces the webhook's display name for this message only.
	Username string `json:"username,omitempty"`
}

type messageRequest struct {
	Content string `json:"content"`
}
