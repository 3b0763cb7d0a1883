package chat_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// A pointer to a zero value clears: the platform reads null there, so
// that is what goes; the reason rides URL-encoded in its header.
func TestModifyGuildMemberClearsWithNull(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"user":{"id":"1180000000000000201"},"roles":[]}`}, testkit.Reply{Body: `{"user":{"id":"1180000000000000201"},"roles":[]}`})
	c := botClient(t, srv)
	none, zero, leave := "", time.Time{}, chat.Snowflake("")
	_, err := c.ModifyGuildMember(context.Background(), "1180000000000000007", "1180000000000000201", chat.MemberEdit{
		Nick: &none, CommunicationDisabledUntil: &zero, ChannelID: &leave, Roles: []chat.Snowflake{}, Audit: &chat.Audit{Reason: "back/on call"}})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "PATCH /api/v10/guilds/1180000000000000007/members/1180000000000000201", got.Method+" "+got.Path)
	assert.JSONEq(t, `{"nick":null,"roles":[],"channel_id":null,"communication_disabled_until":null}`, string(got.Body))
	assert.Equal(t, "back%2Fon%20call", got.Header.Get("X-Audit-Log-Reason"))

	until := time.Date(2030, 1, 2, 3, 4, 5, 0, time.FixedZone("CET", 3600))
	nick, mute := "Ana", true
	_, err = c.ModifyGuildMember(context.Background(), "1180000000000000007", "1180000000000000201", chat.MemberEdit{
		Nick: &nick, Mute: &mute, CommunicationDisabledUntil: &until})
	testkit.InvalidParam(t, err, "communication_disabled_until")
	soon := time.Now().Add(time.Hour).Truncate(time.Second)
	_, err = c.ModifyGuildMember(context.Background(), "1180000000000000007", "1180000000000000201", chat.MemberEdit{
		Nick: &nick, Mute: &mute, CommunicationDisabledUntil: &soon})
	require.NoError(t, err)
	assert.JSONEq(t, `{"nick":"Ana","mute":true,"communication_disabled_until":"`+soon.UTC().Format(time.RFC3339)+`"}`, string(srv.Last(t).Body))
	assert.Empty(t, srv.Last(t).Header.Get("X-Audit-Log-Reason"))
}

func TestBulkDeleteMessagesChecksIDs(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 204})
	c := botClient(t, srv)
	ctx := context.Background()
	at := func(d time.Duration) chat.Snowflake {
		return chat.Snowflake(strconv.FormatInt((time.Now().Add(-d).UnixMilli()-1420070400000)<<22, 10))
	}
	fresh, old := at(time.Hour), at(15*24*time.Hour)
	testkit.InvalidParam(t, c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{fresh}, nil), "messages")
	testkit.InvalidParam(t, c.BulkDeleteMessages(ctx, "1180000000000000101", make([]chat.Snowflake, 101), nil), "messages")
	testkit.InvalidParam(t, c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{fresh, old}, nil), "messages[1]")
	testkit.InvalidParam(t, c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{fresh, fresh}, nil), "messages[1]")
	testkit.InvalidParam(t, c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{fresh, "-1"}, nil), "messages[1]")
	assert.Zero(t, srv.Hits())
	other := at(2 * time.Hour)
	require.NoError(t, c.BulkDeleteMessages(ctx, "1180000000000000101", []chat.Snowflake{fresh, other}, &chat.Audit{Reason: "spam"}))
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/channels/1180000000000000101/messages/bulk-delete", got.Method+" "+got.Path)
	assert.JSONEq(t, `{"messages":["`+string(fresh)+`","`+string(other)+`"]}`, string(got.Body))
	assert.Equal(t, "spam", got.Header.Get("X-Audit-Log-Reason"))
}

func TestGuildRolesAndPinsDecodeTheFixtures(t *testing.T) {
	c, _ := newReplay(t)
	rs, err := c.GuildRoles(context.Background(), "1180000000000000007")
	require.NoError(t, err)
	require.Len(t, rs, 3)
	assert.Equal(t, "on-call", rs[1].Name)
	assert.Equal(t, 0xE74C3C, rs[1].Color)
	assert.Equal(t, "1099511627775", rs[1].Permissions)
	assert.True(t, rs[1].Hoist && rs[1].Mentionable)
	golden.JSON(t, "chat", "guild_roles", rs)
	pins, err := c.PinnedMessages(context.Background(), "1180000000000000101", &chat.PinsParams{Limit: 50})
	require.NoError(t, err)
	require.Len(t, pins.Items, 1)
	assert.Equal(t, chat.Snowflake("1180000000000005001"), pins.Items[0].Message.ID)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 30, 0, 0, time.UTC), pins.Items[0].PinnedAt.UTC())
	assert.False(t, pins.HasMore)
}
