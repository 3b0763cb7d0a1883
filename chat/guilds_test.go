package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestGuildMembersDecodesTheFixture(t *testing.T) {
	c, _ := newReplay(t)
	ms, err := c.GuildMembers(context.Background(), "1180000000000000007", &chat.GuildMembersParams{Limit: 3})
	require.NoError(t, err)
	require.Len(t, ms, 3)
	assert.Equal(t, "ana.ops", ms[1].User.Username)
	assert.Equal(t, "Ana (on call)", ms[1].Nick)
	assert.Empty(t, ms[0].Nick, "a null nick is no nick")
	assert.Equal(t, []chat.Snowflake{"1180000000000000011", "1180000000000000012"}, ms[1].Roles)
	assert.Equal(t, time.Date(2024, 4, 30, 8, 12, 7, 913e6, time.UTC), ms[1].JoinedAt.UTC())
	testkit.Unshown(t, ms[2], "pending", false)
	golden.JSON(t, "chat", "guild_members", ms)
}

func TestGuildMembersRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := botClient(t, srv)
	_, err := c.GuildMembers(context.Background(), "1180000000000000007", &chat.GuildMembersParams{After: "1180000000000000042", Limit: 1000})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET /api/v10/guilds/1180000000000000007/members", got.Method+" "+got.Path)
	assert.Equal(t, "after=1180000000000000042&limit=1000", got.Query)
	assertBotAuthOnly(t, got)
}

func TestGuildMembersRefusesBadPagesBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	page := func(p chat.GuildMembersParams) func() error {
		return func() error { _, err := c.GuildMembers(context.Background(), "1180000000000000007", &p); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "GuildMembers"}, []testkit.Input{
		{Field: "limit", Call: page(chat.GuildMembersParams{Limit: 1001})},
		{Field: "limit", Call: page(chat.GuildMembersParams{Limit: -5})},
		{Field: "after", Call: page(chat.GuildMembersParams{After: "0x10"})},
		{Field: "guild_id", Call: func() error { _, err := c.GuildMembers(context.Background(), " ", nil); return err }},
	}, testToken)
}

// members serves a server of n members with user ids 1..n, paged by after
// in id order as the platform pages them.
func members(t *testing.T, n int) *testkit.Server {
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		after, limit := 0, 1
		fmt.Sscan(r.URL.Query().Get("after"), &after)
		fmt.Sscan(r.URL.Query().Get("limit"), &limit)
		var items []string
		for id := after + 1; id <= n && len(items) < limit; id++ {
			items = append(items, fmt.Sprintf(`{"user":{"id":"%d","username":"u%d"},"roles":[],"joined_at":"2024-05-02T14:03:51+00:00"}`, id, id))
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "["+strings.Join(items, ",")+"]")
	}))
}

func TestAllGuildMembersPagesByAfter(t *testing.T) {
	srv := members(t, 2500)
	c := botClient(t, srv)
	n, last := 0, chat.Snowflake("")
	for m, err := range c.AllGuildMembers(context.Background(), "1180000000000000007", nil) {
		require.NoError(t, err)
		n++
		last = m.User.ID
	}
	assert.Equal(t, 2500, n)
	assert.Equal(t, chat.Snowflake("2500"), last)
	var queries []string
	for _, r := range srv.Requests() {
		queries = append(queries, r.Query)
	}
	assert.Equal(t, []string{"limit=1000", "after=1000&limit=1000", "after=2000&limit=1000"}, queries)
}

func TestAllGuildMembersStopsWhenTheCallerDoes(t *testing.T) {
	srv := members(t, 50)
	c := botClient(t, srv)
	for m, err := range c.AllGuildMembers(context.Background(), "1180000000000000007", &chat.GuildMembersParams{After: "10", Limit: 5}) {
		require.NoError(t, err)
		assert.Equal(t, chat.Snowflake("11"), m.User.ID)
		break
	}
	assert.Equal(t, 1, srv.Hits())
	assert.Equal(t, "after=10&limit=5", srv.Last(t).Query)
}

func TestAllGuildMembersStopsAtTheFirstFailingPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"user":{"id":"1"}},{"user":{"id":"2"}}]`},
		testkit.Reply{Status: 403, Body: `{"message":"Missing Access","code":50001}`})
	c := botClient(t, srv)
	var ids []chat.Snowflake
	var failed error
	for m, err := range c.AllGuildMembers(context.Background(), "1180000000000000007", &chat.GuildMembersParams{Limit: 2}) {
		if err != nil {
			failed = err
			continue
		}
		ids = append(ids, m.User.ID)
	}
	assert.Equal(t, []chat.Snowflake{"1", "2"}, ids)
	assert.ErrorIs(t, failed, conduit.ErrUnauthorized)
	assert.Equal(t, 2, srv.Hits())
}

func TestChannelGuildAndDM(t *testing.T) {
	c, srv := newReplay(t)
	ctx := context.Background()
	ch, err := c.Channel(ctx, "1180000000000000101")
	require.NoError(t, err)
	assert.Equal(t, chat.Channel{ID: "1180000000000000101", Type: chat.GuildText, Name: "general", GuildID: "1180000000000000007"}, withoutRaw(*ch))
	g, err := c.Guild(ctx, "1180000000000000007", &chat.GuildParams{WithCounts: true})
	require.NoError(t, err)
	assert.Equal(t, "Acme Engineering", g.Name)
	assert.Equal(t, chat.Snowflake("1180000000000000201"), g.OwnerID)
	assert.Equal(t, 42, g.ApproximateMemberCount)
	assert.Equal(t, 17, g.ApproximatePresenceCount)
	r, _ := srv.Last("chat", "Guild")
	assert.Equal(t, "true", r.Query.Get("with_counts"))
	dm, err := c.CreateDM(ctx, "1180000000000000201")
	require.NoError(t, err)
	assert.Equal(t, chat.DM, dm.Type)
	require.Len(t, dm.Recipients, 1)
	assert.Equal(t, "ana.ops", dm.Recipients[0].Username)
	r, _ = srv.Last("chat", "CreateDM")
	assert.Equal(t, "POST", r.Method)
	assert.JSONEq(t, `{"recipient_id":"1180000000000000201"}`, string(r.Body))
}

// withoutRaw drops what Channel keeps of the body, to compare the typed
// fields alone.
func withoutRaw(ch chat.Channel) chat.Channel {
	return chat.Channel{ID: ch.ID, Type: ch.Type, Position: ch.Position, Name: ch.Name, GuildID: ch.GuildID, Recipients: ch.Recipients}
}

func TestCreateDMRefusesWhatIsNoUserID(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "CreateDM"}, []testkit.Input{
		{Field: "recipient_id", Call: func() error { _, err := c.CreateDM(context.Background(), ""); return err }},
		{Field: "recipient_id", Call: func() error { _, err := c.CreateDM(context.Background(), "@me"); return err }},
	}, testToken)
}

func TestDMsClosedIsUnauthorized(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 403, Body: `{"message":"Cannot send messages to this user","code":50007}`})
	_, err := botClient(t, srv).CreateMessage(context.Background(), "1180000000000000301", "hi", nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Code: "50007", Message: "Cannot send messages to this user"})
	assert.Equal(t, 1, srv.Hits())
}
