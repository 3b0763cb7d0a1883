package chat

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Threads: starting them, their members, and the lists of them. Starting
// a thread is a write the platform does not deduplicate; joining and
// adding a member are PUTs, the same however often they arrive, so conduit
// retries them like reads.
var (
	startThreadFromMessageOp = transport.Declare[Channel](service, transport.Op{Name: "StartThreadFromMessage", Method: "POST",
		Path: "/channels/{channel_id}/messages/{message_id}/threads", Write: true}, nil)
	startThreadOp = transport.Declare[Channel](service, transport.Op{Name: "StartThread", Method: "POST",
		Path: "/channels/{channel_id}/threads", Write: true}, nil)
	// A forum or media channel's thread is started on the same route,
	// with its first message.
	startForumThreadOp = transport.Declare[Channel](service, transport.Op{Name: "StartForumThread", Method: "POST",
		Path: "/channels/{channel_id}/threads", Write: true}, nil)
	joinThreadOp = transport.Declare[struct{}](service, transport.Op{Name: "JoinThread", Method: "PUT",
		Path: "/channels/{channel_id}/thread-members/@me", Write: true, Idempotent: true}, nil)
	leaveThreadOp = transport.Declare[struct{}](service, transport.Op{Name: "LeaveThread", Method: "DELETE",
		Path: "/channels/{channel_id}/thread-members/@me", Write: true}, nil)
	addThreadMemberOp = transport.Declare[struct{}](service, transport.Op{Name: "AddThreadMember", Method: "PUT",
		Path: "/channels/{channel_id}/thread-members/{user_id}", Write: true, Idempotent: true}, nil)
	removeThreadMemberOp = transport.Declare[struct{}](service, transport.Op{Name: "RemoveThreadMember", Method: "DELETE",
		Path: "/channels/{channel_id}/thread-members/{user_id}", Write: true}, nil)
	activeGuildThreadsOp = transport.Declare[ThreadList](service, transport.Op{Name: "ActiveGuildThreads", Method: "GET",
		Path: "/guilds/{guild_id}/threads/active"}, nil)
	publicArchivedThreadsOp = transport.Declare[ThreadList](service, transport.Op{Name: "PublicArchivedThreads", Method: "GET",
		Path: "/channels/{channel_id}/threads/archived/public"}, nil)
	privateArchivedThreadsOp = transport.Declare[ThreadList](service, transport.Op{Name: "PrivateArchivedThreads", Method: "GET",
		Path: "/channels/{channel_id}/threads/archived/private"}, nil)
	joinedPrivateArchivedThreadsOp = transport.Declare[ThreadList](service, transport.Op{Name: "JoinedPrivateArchivedThreads", Method: "GET",
		Path: "/channels/{channel_id}/users/@me/threads/archived/private"}, nil)
)

// ThreadMetadata is what a thread channel has that other channels do not.
type ThreadMetadata struct {
	Archived bool `json:"archived"`
	// AutoArchiveDuration is the minutes of inactivity after which the
	// thread stops showing in the channel list: 60, 1440, 4320 or 10080.
	AutoArchiveDuration int       `json:"auto_archive_duration"`
	ArchiveTimestamp    time.Time `json:"archive_timestamp"`
	Locked              bool      `json:"locked"`
	// Invitable says whether members who are not moderators may add
	// others to a private thread.
	Invitable *bool `json:"invitable,omitempty"`
}

// ThreadMember is a user's membership of a thread.
type ThreadMember struct {
	raw           `json:"-"`
	ID            Snowflake `json:"id,omitempty"` // the thread
	UserID        Snowflake `json:"user_id,omitempty"`
	JoinTimestamp time.Time `json:"join_timestamp"`
	Flags         int       `json:"flags"`
}

// ThreadList is a list of threads, and the bot's membership of those it
// is in.
type ThreadList struct {
	raw     `json:"-"`
	Threads []Channel      `json:"threads"`
	Members []ThreadMember `json:"members"`
	// HasMore says an archived list goes on past these: ask again with
	// Before set from the last thread.
	HasMore bool `json:"has_more,omitempty"`
}

// ThreadParams are the optional settings of a new thread.
type ThreadParams struct {
	// AutoArchiveDuration is 60, 1440, 4320 or 10080 minutes; 0 means the
	// channel's default.
	AutoArchiveDuration int
	// RateLimitPerUser is the slowmode, 0 to 21,600 seconds.
	RateLimitPerUser int
	// Type is StartThread's kind of thread: PublicThread, PrivateThread
	// or AnnouncementThread; 0 means the platform's default, a private
	// thread.
	Type ChannelType
	// Invitable false keeps members of a private thread from inviting
	// others.
	Invitable *bool
	// AppliedTags are the forum tags of StartForumThread's thread (up to 5).
	AppliedTags []Snowflake
	// Audit is the audit log's reason for the new thread.
	Audit *Audit
}

// ForumMessage is the first message of a forum or media channel's thread.
type ForumMessage struct {
	Content         string           `json:"content,omitempty"`
	Embeds          []Embed          `json:"embeds,omitempty"`
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
	// Components are as a message's (see Components).
	Components json.RawMessage `json:"components,omitempty"`
	Flags      int             `json:"flags,omitzero"`
}

type threadRequest struct {
	Name                string        `json:"name"`
	AutoArchiveDuration int           `json:"auto_archive_duration,omitempty"`
	RateLimitPerUser    int           `json:"rate_limit_per_user,omitempty"`
	Type                ChannelType   `json:"type,omitempty"`
	Invitable           *bool         `json:"invitable,omitempty"`
	AppliedTags         []Snowflake   `json:"applied_tags,omitempty"`
	Message             *ForumMessage `json:"message,omitempty"`
}

// The platform's limits on a thread.
const (
	maxThreadName  = 100
	maxSlowmode    = 21600
	maxAppliedTags = 5
	maxAuditReason = 512
	maxThreadsPage = 100
)

// threadBody checks a new thread's name and settings.
func threadBody(op *transport.Op, name string, p *ThreadParams) (threadRequest, []string, error) {
	if p == nil {
		p = &ThreadParams{}
	}
	if err := checkLen(op, "name", name, 1, maxThreadName); err != nil {
		return threadRequest{}, nil, err
	}
	switch p.AutoArchiveDuration {
	case 0, 60, 1440, 4320, 10080:
	default:
		return threadRequest{}, nil, op.Invalid("auto_archive_duration", "must be 60, 1440, 4320 or 10080 minutes")
	}
	if p.RateLimitPerUser < 0 || p.RateLimitPerUser > maxSlowmode {
		return threadRequest{}, nil, op.Invalid("rate_limit_per_user", "must be 0 to %d seconds", maxSlowmode)
	}
	if len(p.AppliedTags) > maxAppliedTags {
		return threadRequest{}, nil, op.Invalid("applied_tags", "has %d tags; a thread takes at most %d", len(p.AppliedTags), maxAppliedTags)
	}
	header, err := p.Audit.header(op)
	if err != nil {
		return threadRequest{}, nil, err
	}
	return threadRequest{Name: name, AutoArchiveDuration: p.AutoArchiveDuration, RateLimitPerUser: p.RateLimitPerUser,
		Invitable: p.Invitable, AppliedTags: p.AppliedTags}, header, nil
}

// auditReason is the X-Audit-Log-Reason header of a reason, URL-encoded as
// the platform requires, or none for "".
func auditReason(op *transport.Op, reason string) ([]string, error) {
	if reason == "" {
		return nil, nil
	}
	if n := utf8.RuneCountInString(reason); n > maxAuditReason {
		return nil, op.Invalid("X-Audit-Log-Reason", "is %d characters; the platform keeps at most %d", n, maxAuditReason)
	}
	return []string{"X-Audit-Log-Reason", url.PathEscape(reason)}, nil
}

// StartThreadFromMessage starts a thread on a message of a text or
// announcement channel; the thread's id is the message's. It is a write:
// never retried once it may have reached the server, except after a 429.
func (c *Client) StartThreadFromMessage(ctx context.Context, channelID, messageID Snowflake, name string, p *ThreadParams, opts ...Option) (*Channel, error) {
	op := startThreadFromMessageOp.Op
	args, err := idArgs(op, "channel_id", channelID, "message_id", messageID)
	if err != nil {
		return nil, err
	}
	if p != nil && (p.Type != 0 || p.Invitable != nil || p.AppliedTags != nil) {
		return nil, op.Invalid("type", "a thread started from a message takes its kind from the channel")
	}
	body, header, err := threadBody(op, name, p)
	if err != nil {
		return nil, err
	}
	return startThreadFromMessageOp.Do(ctx, c.t, transport.Call{Args: args, Body: body, Header: header}, opts)
}

// StartThread starts a thread in a text or announcement channel without a
// message: a private one unless p.Type says otherwise. It is a write:
// never retried once it may have reached the server, except after a 429.
func (c *Client) StartThread(ctx context.Context, channelID Snowflake, name string, p *ThreadParams, opts ...Option) (*Channel, error) {
	op := startThreadOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	body, header, err := threadBody(op, name, p)
	if err != nil {
		return nil, err
	}
	if p != nil {
		switch p.Type {
		case 0, PublicThread, PrivateThread, AnnouncementThread:
			body.Type = p.Type
		default:
			return nil, op.Invalid("type", "must be a thread type: 10, 11 or 12")
		}
		if p.AppliedTags != nil {
			return nil, op.Invalid("applied_tags", "only a forum or media channel's thread has tags")
		}
	}
	return startThreadOp.Do(ctx, c.t, transport.Call{Args: args, Body: body, Header: header}, opts)
}

// StartForumThread starts a post in a forum or media channel: a thread
// and its first message, which notifies no one unless its AllowedMentions
// say so. The channel returned carries the message in its "message"
// member (read it with Decode). It is a write: never retried once it may
// have reached the server, except after a 429.
func (c *Client) StartForumThread(ctx context.Context, channelID Snowflake, name string, msg ForumMessage, p *ThreadParams, opts ...Option) (*Channel, error) {
	op := startForumThreadOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	body, header, err := threadBody(op, name, p)
	if err != nil {
		return nil, err
	}
	if p != nil && p.Type != 0 {
		return nil, op.Invalid("type", "a forum post's kind is the forum's")
	}
	if msg.Flags, err = checkMessage(op, "message.", msg.Content, msg.Embeds, msg.Components); err != nil {
		return nil, err
	}
	if msg.AllowedMentions == nil {
		msg.AllowedMentions = noMentions
	}
	body.Message = &msg
	return startForumThreadOp.Do(ctx, c.t, transport.Call{Args: args, Body: body, Header: header}, opts)
}

// JoinThread adds the bot to a thread. The platform answers 204, so
// success is a nil error; joining twice changes nothing, so conduit
// retries it like a read.
func (c *Client) JoinThread(ctx context.Context, threadID Snowflake, opts ...Option) error {
	args, err := idArgs(joinThreadOp.Op, "channel_id", threadID)
	if err != nil {
		return err
	}
	return joinThreadOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// LeaveThread removes the bot from a thread; the platform answers 204.
// It is a write: never retried once it may have reached the server,
// except after a 429.
func (c *Client) LeaveThread(ctx context.Context, threadID Snowflake, opts ...Option) error {
	args, err := idArgs(leaveThreadOp.Op, "channel_id", threadID)
	if err != nil {
		return err
	}
	return leaveThreadOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// AddThreadMember adds a user to a thread the bot can send messages in;
// the platform answers 204, and adding twice changes nothing, so conduit
// retries it like a read.
func (c *Client) AddThreadMember(ctx context.Context, threadID, userID Snowflake, opts ...Option) error {
	args, err := idArgs(addThreadMemberOp.Op, "channel_id", threadID, "user_id", userID)
	if err != nil {
		return err
	}
	return addThreadMemberOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// RemoveThreadMember removes a user from a thread (Manage Threads, or the
// thread's creator for a private one); the platform answers 204. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) RemoveThreadMember(ctx context.Context, threadID, userID Snowflake, opts ...Option) error {
	args, err := idArgs(removeThreadMemberOp.Op, "channel_id", threadID, "user_id", userID)
	if err != nil {
		return err
	}
	return removeThreadMemberOp.Send(ctx, c.t, transport.Call{Args: args}, opts)
}

// ActiveGuildThreads lists a server's active threads, public and private,
// that the bot can see, and its membership of them.
func (c *Client) ActiveGuildThreads(ctx context.Context, guildID Snowflake, opts ...Option) (*ThreadList, error) {
	args, err := idArgs(activeGuildThreadsOp.Op, "guild_id", guildID)
	if err != nil {
		return nil, err
	}
	return activeGuildThreadsOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// ArchivedThreadsParams choose a page of a channel's archived threads,
// newest archived first.
type ArchivedThreadsParams struct {
	// Before asks for threads archived before this time: the last
	// thread's ThreadMetadata.ArchiveTimestamp of the previous page.
	Before time.Time
	// Limit is how many threads to return, 1 to 100; 0 means the
	// platform's default.
	Limit int
}

func (p *ArchivedThreadsParams) query(op *transport.Op) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	if !p.Before.IsZero() {
		q = append(q, "before", p.Before.UTC().Format(time.RFC3339Nano))
	}
	return limitQuery(op, q, p.Limit)
}

func limitQuery(op *transport.Op, q []string, limit int) ([]string, error) {
	switch {
	case limit < 0 || limit > maxThreadsPage:
		return nil, op.Invalid("limit", "must be between 1 and %d, or 0 for the default", maxThreadsPage)
	case limit > 0:
		q = append(q, "limit", strconv.Itoa(limit))
	}
	return q, nil
}

// PublicArchivedThreads returns a page of a channel's archived public
// threads; HasMore says there is another, before the last one's archive
// time.
func (c *Client) PublicArchivedThreads(ctx context.Context, channelID Snowflake, p *ArchivedThreadsParams, opts ...Option) (*ThreadList, error) {
	return c.archived(ctx, publicArchivedThreadsOp, channelID, p, opts)
}

// PrivateArchivedThreads returns a page of a channel's archived private
// threads; the bot needs Manage Threads.
func (c *Client) PrivateArchivedThreads(ctx context.Context, channelID Snowflake, p *ArchivedThreadsParams, opts ...Option) (*ThreadList, error) {
	return c.archived(ctx, privateArchivedThreadsOp, channelID, p, opts)
}

func (c *Client) archived(ctx context.Context, e *transport.Endpoint[ThreadList], channelID Snowflake, p *ArchivedThreadsParams, opts []Option) (*ThreadList, error) {
	args, err := idArgs(e.Op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	q, err := p.query(e.Op)
	if err != nil {
		return nil, err
	}
	return e.Do(ctx, c.t, transport.Call{Args: args, Query: q}, opts)
}

// JoinedThreadsParams choose a page of the archived private threads the
// bot has joined, by thread id, highest first.
type JoinedThreadsParams struct {
	// Before asks for threads with a lower id than this one: the last
	// thread of the previous page.
	Before Snowflake
	// Limit is 1 to 100; 0 means the platform's default.
	Limit int
}

// JoinedPrivateArchivedThreads returns a page of a channel's archived
// private threads the bot has joined.
func (c *Client) JoinedPrivateArchivedThreads(ctx context.Context, channelID Snowflake, p *JoinedThreadsParams, opts ...Option) (*ThreadList, error) {
	op := joinedPrivateArchivedThreadsOp.Op
	args, err := idArgs(op, "channel_id", channelID)
	if err != nil {
		return nil, err
	}
	var q []string
	if p != nil {
		if p.Before != "" {
			if !isDigits(string(p.Before)) {
				return nil, op.Invalid("before", "must be a numeric thread id")
			}
			q = append(q, "before", string(p.Before))
		}
		if q, err = limitQuery(op, q, p.Limit); err != nil {
			return nil, err
		}
	}
	return joinedPrivateArchivedThreadsOp.Do(ctx, c.t, transport.Call{Args: args, Query: q}, opts)
}
