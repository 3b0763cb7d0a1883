package chat_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The audit-log reason goes URL-encoded, as the platform requires, and a
// forum post carries its first message with no mentions allowed.
func TestStartForumThreadRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"1180000000000000412","type":11}`})
	c := botClient(t, srv)
	yes := true
	_, err := c.StartForumThread(context.Background(), "1180000000000000105", "Rollout plan",
		chat.ForumMessage{Content: "Plan: @everyone reads this"},
		&chat.ThreadParams{AutoArchiveDuration: 10080, Invitable: &yes, AppliedTags: []chat.Snowflake{"1180000000000000451"}, Audit: &chat.Audit{Reason: "rollout: 2024.06.21-3 ✓"}})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/channels/1180000000000000105/threads", got.Method+" "+got.Path)
	assert.Equal(t, "rollout:%202024.06.21-3%20%E2%9C%93", got.Header.Get("X-Audit-Log-Reason"))
	assert.JSONEq(t, `{"name":"Rollout plan","auto_archive_duration":10080,"invitable":true,"applied_tags":["1180000000000000451"],
		"message":{"content":"Plan: @everyone reads this","allowed_mentions":{"parse":[]}}}`, string(got.Body))
}

func TestArchivedThreadsPaging(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"threads":[],"members":[],"has_more":false}`}, testkit.Reply{Body: `{"threads":[],"members":[],"has_more":false}`})
	c := botClient(t, srv)
	before := time.Date(2024, 6, 15, 10, 0, 0, 0, time.FixedZone("CEST", 2*3600))
	_, err := c.PrivateArchivedThreads(context.Background(), "1180000000000000101", &chat.ArchivedThreadsParams{Before: before, Limit: 50})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "/api/v10/channels/1180000000000000101/threads/archived/private", got.Path)
	assert.Equal(t, "before=2024-06-15T08%3A00%3A00Z&limit=50", got.Query)
	_, err = c.JoinedPrivateArchivedThreads(context.Background(), "1180000000000000101", &chat.JoinedThreadsParams{Before: "1180000000000000402", Limit: 2})
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "/api/v10/channels/1180000000000000101/users/@me/threads/archived/private", got.Path)
	assert.Equal(t, "before=1180000000000000402&limit=2", got.Query)
}

func TestPublicArchivedThreadsDecodesTheFixture(t *testing.T) {
	c, _ := newReplay(t)
	l, err := c.PublicArchivedThreads(context.Background(), "1180000000000000101", nil)
	require.NoError(t, err)
	require.Len(t, l.Threads, 2)
	assert.True(t, l.HasMore)
	th := l.Threads[0]
	assert.Equal(t, chat.PublicThread, th.Type)
	assert.True(t, th.ThreadMetadata.Archived)
	assert.Equal(t, time.Date(2024, 6, 15, 10, 0, 0, 0, time.UTC), th.ThreadMetadata.ArchiveTimestamp.UTC())
	assert.Equal(t, chat.Snowflake("1180000000000000042"), l.Members[0].UserID)
	golden.JSON(t, "chat", "public_archived_threads", l)
}

func TestThreadInputsRefusedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	ctx := context.Background()
	_, err := c.StartThread(ctx, "1180000000000000101", string(make([]rune, 101)), nil)
	testkit.InvalidParam(t, err, "name")
	_, err = c.StartThread(ctx, "1180000000000000101", "t", &chat.ThreadParams{RateLimitPerUser: 21601})
	testkit.InvalidParam(t, err, "rate_limit_per_user")
	_, err = c.StartThreadFromMessage(ctx, "1180000000000000101", "1180000000000005001", "t", &chat.ThreadParams{Type: chat.PrivateThread})
	testkit.InvalidParam(t, err, "type")
	layout, err := chat.Components(&chat.TextDisplay{Content: "plan"})
	require.NoError(t, err)
	_, err = c.StartForumThread(ctx, "1180000000000000105", "p", chat.ForumMessage{Content: "also text", Components: layout}, nil)
	testkit.InvalidParam(t, err, "content")
	assert.Zero(t, srv.Hits())
}
