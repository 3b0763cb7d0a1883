package chat

import (
	"encoding/json"
	"time"

	"github.com/conduit-sdk/conduit"
)

// Event is one event the gateway delivers. Switch on its type: each
// dispatch the package types has its *…Event; any other arrives as an
// *UnknownEvent with its name and raw JSON, so nothing is dropped for being
// new. Typed events carry the REST types (Message, Member, Channel, Guild,
// Interaction) as a field of that name, so one type serves both halves;
// that field's RawJSON is the event's whole payload.
type Event interface {
	// EventName is the dispatch's name as the platform sends it
	// ("MESSAGE_CREATE"); conduit's own are named "conduit:…".
	EventName() string
}

// UnknownEvent is a dispatch this package does not type.
type UnknownEvent struct {
	Name string
	Data json.RawMessage
}

// ReconnectEvent reports that the connection ended and is being resumed
// (or, when the session could not be kept, identified anew) after Wait. The
// events of a resumed session follow with none lost or repeated.
type ReconnectEvent struct {
	Cause  error
	Wait   time.Duration
	Resume bool
}

// UnavailableGuild is a server READY lists before its GUILD_CREATE, or one
// gone dark in an outage.
type UnavailableGuild struct {
	ID          Snowflake `json:"id"`
	Unavailable bool      `json:"unavailable"`
}

// ReadyEvent starts a session.
type ReadyEvent struct {
	raw              `json:"-"`
	Version          int                `json:"v"`
	User             User               `json:"user"`
	Guilds           []UnavailableGuild `json:"guilds"`
	SessionID        string             `json:"session_id"`
	ResumeGatewayURL string             `json:"resume_gateway_url"`
	Shard            []int              `json:"shard,omitempty"`
	Application      struct {
		ID Snowflake `json:"id"`
	} `json:"application"`
}

// ResumedEvent ends the replay of a resumed session.
type ResumedEvent struct{}

// GuildCreateEvent is a server becoming available: on connecting, on
// joining, or after an outage. Members and Channels are the server's as it
// sends them (all of them for a small one).
type GuildCreateEvent struct {
	Guild       Guild     `json:"-"`
	Unavailable bool      `json:"unavailable,omitempty"`
	Large       bool      `json:"large,omitempty"`
	MemberCount int       `json:"member_count,omitempty"`
	Members     []Member  `json:"members,omitempty"`
	Channels    []Channel `json:"channels,omitempty"`
	Threads     []Channel `json:"threads,omitempty"`
}

// GuildUpdateEvent is a server changed.
type GuildUpdateEvent struct {
	Guild Guild `json:"-"`
}

// GuildDeleteEvent is a server left, or unavailable when Unavailable.
type GuildDeleteEvent struct {
	raw         `json:"-"`
	ID          Snowflake `json:"id"`
	Unavailable bool      `json:"unavailable,omitempty"`
}

// ChannelCreateEvent, ChannelUpdateEvent and ChannelDeleteEvent carry the
// channel.
type (
	ChannelCreateEvent struct {
		Channel Channel `json:"-"`
	}
	ChannelUpdateEvent struct {
		Channel Channel `json:"-"`
	}
	ChannelDeleteEvent struct {
		Channel Channel `json:"-"`
	}
)

// ChannelPinsUpdateEvent is a message pinned or unpinned.
type ChannelPinsUpdateEvent struct {
	raw              `json:"-"`
	GuildID          Snowflake `json:"guild_id,omitempty"`
	ChannelID        Snowflake `json:"channel_id"`
	LastPinTimestamp string    `json:"last_pin_timestamp,omitempty"`
}

// ThreadCreateEvent is a thread created, or one the bot was added to.
type ThreadCreateEvent struct {
	Channel      Channel `json:"-"`
	NewlyCreated bool    `json:"newly_created,omitempty"`
}

// ThreadUpdateEvent carries the thread changed.
type ThreadUpdateEvent struct {
	Channel Channel `json:"-"`
}

// ThreadDeleteEvent is a thread deleted.
type ThreadDeleteEvent struct {
	raw      `json:"-"`
	ID       Snowflake   `json:"id"`
	GuildID  Snowflake   `json:"guild_id"`
	ParentID Snowflake   `json:"parent_id,omitempty"`
	Type     ChannelType `json:"type"`
}

// ThreadListSyncEvent lists the active threads of channels the bot gained
// access to.
type ThreadListSyncEvent struct {
	raw        `json:"-"`
	GuildID    Snowflake   `json:"guild_id"`
	ChannelIDs []Snowflake `json:"channel_ids,omitempty"`
	Threads    []Channel   `json:"threads"`
}

// ThreadMemberUpdateEvent is the bot's own membership of a thread changed.
type ThreadMemberUpdateEvent struct {
	raw     `json:"-"`
	ID      Snowflake `json:"id"`
	UserID  Snowflake `json:"user_id"`
	GuildID Snowflake `json:"guild_id"`
}

// ThreadMembersUpdateEvent is users added to or removed from a thread.
type ThreadMembersUpdateEvent struct {
	raw              `json:"-"`
	ID               Snowflake   `json:"id"`
	GuildID          Snowflake   `json:"guild_id"`
	MemberCount      int         `json:"member_count"`
	RemovedMemberIDs []Snowflake `json:"removed_member_ids,omitempty"`
}

// MessageCreateEvent is a message posted; GuildID and Member are set in a
// server.
type MessageCreateEvent struct {
	Message Message   `json:"-"`
	GuildID Snowflake `json:"guild_id,omitempty"`
	Member  *Member   `json:"member,omitempty"`
}

// MessageUpdateEvent is a message edited.
type MessageUpdateEvent struct {
	Message Message   `json:"-"`
	GuildID Snowflake `json:"guild_id,omitempty"`
	Member  *Member   `json:"member,omitempty"`
}

// MessageDeleteEvent is a message deleted.
type MessageDeleteEvent struct {
	raw       `json:"-"`
	ID        Snowflake `json:"id"`
	ChannelID Snowflake `json:"channel_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
}

// MessageDeleteBulkEvent is messages deleted at once.
type MessageDeleteBulkEvent struct {
	raw       `json:"-"`
	IDs       []Snowflake `json:"ids"`
	ChannelID Snowflake   `json:"channel_id"`
	GuildID   Snowflake   `json:"guild_id,omitempty"`
}

// MessageReactionAddEvent is a reaction added.
type MessageReactionAddEvent struct {
	raw       `json:"-"`
	UserID    Snowflake `json:"user_id"`
	ChannelID Snowflake `json:"channel_id"`
	MessageID Snowflake `json:"message_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	Member    *Member   `json:"member,omitempty"`
	Emoji     Emoji     `json:"emoji"`
}

// MessageReactionRemoveEvent is a reaction removed.
type MessageReactionRemoveEvent struct {
	raw       `json:"-"`
	UserID    Snowflake `json:"user_id"`
	ChannelID Snowflake `json:"channel_id"`
	MessageID Snowflake `json:"message_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	Emoji     Emoji     `json:"emoji"`
}

// MessageReactionRemoveAllEvent is every reaction of a message removed.
type MessageReactionRemoveAllEvent struct {
	raw       `json:"-"`
	ChannelID Snowflake `json:"channel_id"`
	MessageID Snowflake `json:"message_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
}

// MessageReactionRemoveEmojiEvent is every reaction of one emoji removed.
type MessageReactionRemoveEmojiEvent struct {
	raw       `json:"-"`
	ChannelID Snowflake `json:"channel_id"`
	MessageID Snowflake `json:"message_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	Emoji     Emoji     `json:"emoji"`
}

// GuildMemberAddEvent is a user joining a server.
type GuildMemberAddEvent struct {
	Member  Member    `json:"-"`
	GuildID Snowflake `json:"guild_id"`
}

// GuildMemberUpdateEvent is a member changed.
type GuildMemberUpdateEvent struct {
	Member  Member    `json:"-"`
	GuildID Snowflake `json:"guild_id"`
}

// GuildMemberRemoveEvent is a user leaving, or removed from, a server.
type GuildMemberRemoveEvent struct {
	raw     `json:"-"`
	GuildID Snowflake `json:"guild_id"`
	User    User      `json:"user"`
}

// GuildMembersEvent answers RequestGuildMembers: every GUILD_MEMBERS_CHUNK
// of one nonce, gathered, delivered once the last has arrived.
type GuildMembersEvent struct {
	GuildID  Snowflake
	Nonce    string
	Members  []Member
	NotFound []Snowflake
}

// guildMembersChunk is one chunk as it arrives.
type guildMembersChunk struct {
	GuildID    Snowflake   `json:"guild_id"`
	Members    []Member    `json:"members"`
	ChunkIndex int         `json:"chunk_index"`
	ChunkCount int         `json:"chunk_count"`
	NotFound   []Snowflake `json:"not_found,omitempty"`
	Nonce      string      `json:"nonce,omitempty"`
}

// InteractionCreateEvent is a slash command, a button press or a modal
// sent over the gateway; answer it through REST with its token. Like
// Interaction, it never prints the token.
type InteractionCreateEvent struct{ *Interaction }

// PresenceUpdateEvent is a user's status or activity changed.
type PresenceUpdateEvent struct {
	raw  `json:"-"`
	User struct {
		ID Snowflake `json:"id"`
	} `json:"user"`
	GuildID      Snowflake         `json:"guild_id"`
	Status       string            `json:"status"`
	Activities   []Activity        `json:"activities,omitempty"`
	ClientStatus map[string]string `json:"client_status,omitempty"`
}

// TypingStartEvent is a user starting to type.
type TypingStartEvent struct {
	raw       `json:"-"`
	ChannelID Snowflake `json:"channel_id"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	UserID    Snowflake `json:"user_id"`
	Timestamp int64     `json:"timestamp"`
	Member    *Member   `json:"member,omitempty"`
}

// VoiceStateUpdateEvent is a user's voice state changed.
type VoiceStateUpdateEvent struct {
	raw       `json:"-"`
	GuildID   Snowflake `json:"guild_id,omitempty"`
	ChannelID Snowflake `json:"channel_id"`
	UserID    Snowflake `json:"user_id"`
	Member    *Member   `json:"member,omitempty"`
	SessionID string    `json:"session_id"`
	Deaf      bool      `json:"deaf"`
	Mute      bool      `json:"mute"`
	SelfDeaf  bool      `json:"self_deaf"`
	SelfMute  bool      `json:"self_mute"`
	SelfVideo bool      `json:"self_video"`
	Suppress  bool      `json:"suppress"`
}

func (e *UnknownEvent) EventName() string                  { return e.Name }
func (*ReconnectEvent) EventName() string                  { return "conduit:reconnect" }
func (*ReadyEvent) EventName() string                      { return "READY" }
func (*ResumedEvent) EventName() string                    { return "RESUMED" }
func (*GuildCreateEvent) EventName() string                { return "GUILD_CREATE" }
func (*GuildUpdateEvent) EventName() string                { return "GUILD_UPDATE" }
func (*GuildDeleteEvent) EventName() string                { return "GUILD_DELETE" }
func (*ChannelCreateEvent) EventName() string              { return "CHANNEL_CREATE" }
func (*ChannelUpdateEvent) EventName() string              { return "CHANNEL_UPDATE" }
func (*ChannelDeleteEvent) EventName() string              { return "CHANNEL_DELETE" }
func (*ChannelPinsUpdateEvent) EventName() string          { return "CHANNEL_PINS_UPDATE" }
func (*ThreadCreateEvent) EventName() string               { return "THREAD_CREATE" }
func (*ThreadUpdateEvent) EventName() string               { return "THREAD_UPDATE" }
func (*ThreadDeleteEvent) EventName() string               { return "THREAD_DELETE" }
func (*ThreadListSyncEvent) EventName() string             { return "THREAD_LIST_SYNC" }
func (*ThreadMemberUpdateEvent) EventName() string         { return "THREAD_MEMBER_UPDATE" }
func (*ThreadMembersUpdateEvent) EventName() string        { return "THREAD_MEMBERS_UPDATE" }
func (*MessageCreateEvent) EventName() string              { return "MESSAGE_CREATE" }
func (*MessageUpdateEvent) EventName() string              { return "MESSAGE_UPDATE" }
func (*MessageDeleteEvent) EventName() string              { return "MESSAGE_DELETE" }
func (*MessageDeleteBulkEvent) EventName() string          { return "MESSAGE_DELETE_BULK" }
func (*MessageReactionAddEvent) EventName() string         { return "MESSAGE_REACTION_ADD" }
func (*MessageReactionRemoveEvent) EventName() string      { return "MESSAGE_REACTION_REMOVE" }
func (*MessageReactionRemoveAllEvent) EventName() string   { return "MESSAGE_REACTION_REMOVE_ALL" }
func (*MessageReactionRemoveEmojiEvent) EventName() string { return "MESSAGE_REACTION_REMOVE_EMOJI" }
func (*GuildMemberAddEvent) EventName() string             { return "GUILD_MEMBER_ADD" }
func (*GuildMemberUpdateEvent) EventName() string          { return "GUILD_MEMBER_UPDATE" }
func (*GuildMemberRemoveEvent) EventName() string          { return "GUILD_MEMBER_REMOVE" }
func (*GuildMembersEvent) EventName() string               { return "GUILD_MEMBERS_CHUNK" }
func (*InteractionCreateEvent) EventName() string          { return "INTERACTION_CREATE" }
func (*PresenceUpdateEvent) EventName() string             { return "PRESENCE_UPDATE" }
func (*TypingStartEvent) EventName() string                { return "TYPING_START" }
func (*VoiceStateUpdateEvent) EventName() string           { return "VOICE_STATE_UPDATE" }

// decodeEvent is the typed decoder of each dispatch name.
var decodeEvent = map[string]func([]byte) (Event, error){
	"READY":                         as[ReadyEvent],
	"RESUMED":                       func([]byte) (Event, error) { return &ResumedEvent{}, nil },
	"GUILD_CREATE":                  as[GuildCreateEvent],
	"GUILD_UPDATE":                  as[GuildUpdateEvent],
	"GUILD_DELETE":                  as[GuildDeleteEvent],
	"CHANNEL_CREATE":                as[ChannelCreateEvent],
	"CHANNEL_UPDATE":                as[ChannelUpdateEvent],
	"CHANNEL_DELETE":                as[ChannelDeleteEvent],
	"CHANNEL_PINS_UPDATE":           as[ChannelPinsUpdateEvent],
	"THREAD_CREATE":                 as[ThreadCreateEvent],
	"THREAD_UPDATE":                 as[ThreadUpdateEvent],
	"THREAD_DELETE":                 as[ThreadDeleteEvent],
	"THREAD_LIST_SYNC":              as[ThreadListSyncEvent],
	"THREAD_MEMBER_UPDATE":          as[ThreadMemberUpdateEvent],
	"THREAD_MEMBERS_UPDATE":         as[ThreadMembersUpdateEvent],
	"MESSAGE_CREATE":                as[MessageCreateEvent],
	"MESSAGE_UPDATE":                as[MessageUpdateEvent],
	"MESSAGE_DELETE":                as[MessageDeleteEvent],
	"MESSAGE_DELETE_BULK":           as[MessageDeleteBulkEvent],
	"MESSAGE_REACTION_ADD":          as[MessageReactionAddEvent],
	"MESSAGE_REACTION_REMOVE":       as[MessageReactionRemoveEvent],
	"MESSAGE_REACTION_REMOVE_ALL":   as[MessageReactionRemoveAllEvent],
	"MESSAGE_REACTION_REMOVE_EMOJI": as[MessageReactionRemoveEmojiEvent],
	"GUILD_MEMBER_ADD":              as[GuildMemberAddEvent],
	"GUILD_MEMBER_UPDATE":           as[GuildMemberUpdateEvent],
	"GUILD_MEMBER_REMOVE":           as[GuildMemberRemoveEvent],
	"PRESENCE_UPDATE":               as[PresenceUpdateEvent],
	"TYPING_START":                  as[TypingStartEvent],
	"VOICE_STATE_UPDATE":            as[VoiceStateUpdateEvent],
	"INTERACTION_CREATE": func(d []byte) (Event, error) {
		in, err := ParseInteraction(d)
		if err != nil {
			return nil, err
		}
		return &InteractionCreateEvent{in}, nil
	},
}

func as[T any, PT interface {
	*T
	Event
}](d []byte) (Event, error) {
	v := PT(new(T))
	if err := conduit.Unmarshal(d, v); err != nil {
		return nil, err
	}
	if c, ok := any(v).(carrier); ok {
		if err := conduit.Unmarshal(d, c.record()); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// record is the REST record an event carries in its own members, decoded
// from the same payload.
type carrier interface{ record() any }

func (e *GuildCreateEvent) record() any       { return &e.Guild }
func (e *ThreadCreateEvent) record() any      { return &e.Channel }
func (e *MessageCreateEvent) record() any     { return &e.Message }
func (e *MessageUpdateEvent) record() any     { return &e.Message }
func (e *GuildMemberAddEvent) record() any    { return &e.Member }
func (e *GuildMemberUpdateEvent) record() any { return &e.Member }
func (e *GuildUpdateEvent) record() any       { return &e.Guild }
func (e *ChannelCreateEvent) record() any     { return &e.Channel }
func (e *ChannelUpdateEvent) record() any     { return &e.Channel }
func (e *ChannelDeleteEvent) record() any     { return &e.Channel }
func (e *ThreadUpdateEvent) record() any      { return &e.Channel }
