package chat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// botClient is a bot client on srv with retries made quick.
func botClient(t *testing.T, srv *testkit.Server, opts ...conduit.Option) *chat.Client {
	return testkit.Client(t, chat.New, append([]conduit.Option{conduit.WithBaseURL(srv.URL + "/api/v10"), chat.WithBotToken(testToken), fast}, opts...)...)
}

func TestChannelMessagesDecodesTheFixture(t *testing.T) {
	c, _ := newReplay(t)
	ms, err := c.ChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Limit: 3})
	require.NoError(t, err)
	require.Len(t, ms, 3)
	assert.Equal(t, []chat.Snowflake{"1180000000000005005", "1180000000000005004", "1180000000000005001"}, []chat.Snowflake{ms[0].ID, ms[1].ID, ms[2].ID}, "newest first")
	require.NotNil(t, ms[0].Reference)
	assert.Equal(t, chat.Snowflake("1180000000000005001"), ms[0].Reference.MessageID)
	require.Len(t, ms[0].Attachments, 1)
	assert.Equal(t, "rollback.log", ms[0].Attachments[0].Filename)
	assert.Equal(t, int64(2048), ms[0].Attachments[0].Size)
	require.Len(t, ms[1].Embeds, 1)
	assert.Equal(t, "Deploy 2024.06.21-3", ms[1].Embeds[0].Title)
	assert.Equal(t, chat.EmbedField{Name: "Region", Value: "eu-west-1", Inline: true}, ms[1].Embeds[0].Fields[1])
	testkit.Unshown(t, ms[2], "reactions", []any{map[string]any{"count": float64(1), "count_details": map[string]any{"burst": float64(0), "normal": float64(1)},
		"me": true, "me_burst": false, "emoji": map[string]any{"id": nil, "name": "🔥"}, "burst_colors": []any{}}})
	golden.JSON(t, "chat", "channel_messages", ms)
}

func TestChannelMessagesRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := botClient(t, srv)
	ms, err := c.ChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Around: "1180000000000005001", Limit: 100})
	require.NoError(t, err)
	assert.Empty(t, ms)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v10/channels/1180000000000000101/messages", got.Path)
	assert.Equal(t, "around=1180000000000005001&limit=100", got.Query)
	assertBotAuthOnly(t, got)

	_, err = c.ChannelMessages(context.Background(), "1180000000000000101", nil)
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Query, "no params: the platform's defaults")
}

func TestChannelMessagesRefusesBadPagesBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	ctx := context.Background()
	call := func(p chat.ChannelMessagesParams) func() error {
		return func() error { _, err := c.ChannelMessages(ctx, "1180000000000000101", &p); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "ChannelMessages"}, []testkit.Input{
		{Field: "limit", Call: call(chat.ChannelMessagesParams{Limit: 101})},
		{Field: "limit", Call: call(chat.ChannelMessagesParams{Limit: -1})},
		{Field: "after", Call: call(chat.ChannelMessagesParams{Before: "1", After: "2"})},
		{Field: "around", Call: call(chat.ChannelMessagesParams{After: "2", Around: "3"})},
		{Field: "before", Call: call(chat.ChannelMessagesParams{Before: "latest"})},
		{Field: "channel_id", Call: func() error { _, err := c.ChannelMessages(ctx, "", nil); return err }},
	}, testToken)
}

// history serves a channel of n messages with ids 1..n, pages of it as the
// platform does: newest first, before a message id.
func history(t *testing.T, n int) *testkit.Server {
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		before := n + 1
		if b := r.URL.Query().Get("before"); b != "" {
			fmt.Sscan(b, &before)
		}
		limit := 50
		if l := r.URL.Query().Get("limit"); l != "" {
			fmt.Sscan(l, &limit)
		}
		var items []string
		for id := before - 1; id >= 1 && len(items) < limit; id-- {
			items = append(items, fmt.Sprintf(`{"id":"%d","channel_id":"1180000000000000101","content":"m%d"}`, id, id))
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "["+strings.Join(items, ",")+"]")
	}))
}

func TestAllChannelMessagesWalksBackwards(t *testing.T) {
	srv := history(t, 5)
	c := botClient(t, srv)
	var ids []chat.Snowflake
	for m, err := range c.AllChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Limit: 2}) {
		require.NoError(t, err)
		ids = append(ids, m.ID)
	}
	assert.Equal(t, []chat.Snowflake{"5", "4", "3", "2", "1"}, ids)
	var queries []string
	for _, r := range srv.Requests() {
		queries = append(queries, r.Query)
	}
	assert.Equal(t, []string{"limit=2", "before=4&limit=2", "before=2&limit=2"}, queries, "each page before the oldest of the last; a short page ends the walk")
}

func TestAllChannelMessagesStartsBeforeAMessageWithFullPages(t *testing.T) {
	srv := history(t, 250)
	c := botClient(t, srv)
	n := 0
	for _, err := range c.AllChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Before: "201"}) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 200, n)
	assert.Equal(t, "before=201&limit=100", srv.Requests()[0].Query)
	assert.Equal(t, 3, srv.Hits(), "two full pages and an empty one")
}

func TestAllChannelMessagesStopsAtAPageItAlreadyRead(t *testing.T) {
	// A proxy that drops the query sends the newest page every time.
	srv := testkit.Start(t, testkit.Reply{Body: `[{"id":"9"},{"id":"8"}]`})
	c := botClient(t, srv)
	var got []chat.Snowflake
	var last error
	for m, err := range c.AllChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Limit: 2}) {
		if err != nil {
			last = err
			break
		}
		got = append(got, m.ID)
	}
	assert.ErrorIs(t, last, conduit.ErrMalformedResponse)
	assert.Equal(t, []chat.Snowflake{"9", "8"}, got, "the repeated page is not yielded (issue 30)")
	assert.Equal(t, 2, srv.Hits())
}

func TestAllChannelMessagesRefusesForwardWalks(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	for _, err := range c.AllChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{After: "1"}) {
		testkit.InvalidParam(t, err, "after")
	}
	assert.Zero(t, srv.Hits())
}

func TestMessageRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "message.json")})
	c := botClient(t, srv)
	m, err := c.Message(context.Background(), "1180000000000000101", "1180000000000005001")
	require.NoError(t, err)
	assert.Equal(t, "Deploy 2024.06.21-3 finished in 4m12s", m.Content)
	got := srv.Last(t)
	assert.Equal(t, "GET /api/v10/channels/1180000000000000101/messages/1180000000000005001", got.Method+" "+got.Path)
	assertBotAuthOnly(t, got)
}

func TestEditMessageSendsOnlyWhatChanges(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "edit_message.json")})
	c := botClient(t, srv)
	ctx := context.Background()
	text := "Deploy 2024.06.21-3 finished in 4m12s (rolled back)"
	m, err := c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Content: &text})
	require.NoError(t, err)
	assert.Equal(t, text, m.Content)
	got := srv.Last(t)
	assert.Equal(t, "PATCH /api/v10/channels/1180000000000000101/messages/1180000000000005001", got.Method+" "+got.Path)
	assert.JSONEq(t, `{"content":"`+text+`","allowed_mentions":{"parse":[]}}`, string(got.Body), "embeds and components stay as they are")
	assertBotAuthOnly(t, got)

	_, err = c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Embeds: []chat.Embed{}, Components: []byte(`[]`)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"embeds":[],"components":[]}`, string(srv.Last(t).Body), "empty, non-nil values remove")
}

func TestEditMessageRefusesAnEditOfNothing(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	_, err := c.EditMessage(context.Background(), "1180000000000000101", "1180000000000005001", chat.MessageEdit{AllowedMentions: &chat.AllowedMentions{}})
	testkit.InvalidParam(t, err, "content")
	assert.Zero(t, srv.Hits())
}

// Discord deduplicates none of these, so a 500 after the request arrived
// may mean it was acted on: one attempt, never two.
func TestUndeduplicatedWritesAreNotRepeatedAfter500(t *testing.T) {
	text := "edited"
	for name, call := range map[string]func(*chat.Client) error{
		"EditMessage": func(c *chat.Client) error {
			_, err := c.EditMessage(context.Background(), "1180000000000000101", "1180000000000005001", chat.MessageEdit{Content: &text})
			return err
		},
		"DeleteMessage": func(c *chat.Client) error {
			return c.DeleteMessage(context.Background(), "1180000000000000101", "1180000000000005001")
		},
		"CreateReaction": func(c *chat.Client) error {
			return c.CreateReaction(context.Background(), "1180000000000000101", "1180000000000005001", "🔥")
		},
		"DeleteOwnReaction": func(c *chat.Client) error {
			return c.DeleteOwnReaction(context.Background(), "1180000000000000101", "1180000000000005001", "🔥")
		},
		"CreateDM": func(c *chat.Client) error {
			_, err := c.CreateDM(context.Background(), "1180000000000000201")
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: 500, Body: `{"message":"500: Internal Server Error","code":0}`}, testkit.Reply{Status: 204})
			err := call(botClient(t, srv))
			assert.ErrorIs(t, err, conduit.ErrAPI)
			assert.Equal(t, 1, srv.Hits())
		})
	}
}

func TestDeleteMessageRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 204})
	c := botClient(t, srv)
	require.NoError(t, c.DeleteMessage(context.Background(), "1180000000000000101", "1180000000000005001"))
	got := srv.Last(t)
	assert.Equal(t, "DELETE /api/v10/channels/1180000000000000101/messages/1180000000000005001", got.Method+" "+got.Path)
	assert.Empty(t, got.Body)
	assertBotAuthOnly(t, got)
}

func TestUnknownMessageIsNotFound(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 404, Body: `{"message":"Unknown Message","code":10008}`})
	c := botClient(t, srv)
	err := c.DeleteMessage(context.Background(), "1180000000000000101", "1180000000000005001")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "10008", Message: "Unknown Message"})
}

func TestCreateMessageReplyWithComponentsSendsThemAsGiven(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	buttons := `[{"type":1,"components":[{"type":2,"style":5,"label":"Open run","url":"https://ci.example/run/130"}]}]`
	no := false
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "Build #130 passed", &chat.MessageParams{
		Reference:       &chat.MessageReference{MessageID: "1180000000000005001", FailIfNotExists: &no},
		Components:      []byte(buttons),
		AllowedMentions: &chat.AllowedMentions{RepliedUser: true},
	})
	require.NoError(t, err)
	sent := srv.Last(t)
	assert.Equal(t, "application/json", sent.Header.Get("Content-Type"), "no files: a JSON body")
	body := sent.JSON(t)
	assert.Equal(t, map[string]any{"message_id": "1180000000000005001", "fail_if_not_exists": false}, body["message_reference"])
	assert.Equal(t, true, body["allowed_mentions"].(map[string]any)["replied_user"], "the caller's mentions, not the default")
	assert.NotContains(t, body, "attachments")
	var want []any
	require.NoError(t, json.Unmarshal([]byte(buttons), &want))
	assert.Equal(t, want, body["components"])
}

func TestCreateMessageRefusesBadRepliesAndComponents(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	send := func(p chat.MessageParams) func() error {
		return func() error {
			_, err := c.CreateMessage(context.Background(), "1180000000000000101", "hi", &p)
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "CreateMessage"}, []testkit.Input{
		{Field: "message_reference.message_id", Call: send(chat.MessageParams{Reference: &chat.MessageReference{}})},
		{Field: "components", Call: send(chat.MessageParams{Components: []byte(`{"type":1}`)})},
	}, testToken)
}
