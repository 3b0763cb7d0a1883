package chat_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestReactionEmojiIsEscapedAsDiscordRequires(t *testing.T) {
	const base = "/api/v10/channels/1180000000000000101/messages/1180000000000005001/reactions/"
	for emoji, path := range map[string]string{
		"🔥":                             base + "%F0%9F%94%A5/@me",
		"👍🏽":                            base + "%F0%9F%91%8D%F0%9F%8F%BD/@me",
		"deploy:1180000000000000777":    base + "deploy:1180000000000000777/@me",
		"<:deploy:1180000000000000777>": base + "deploy:1180000000000000777/@me",
		"<a:party:1180000000000000778>": base + "party:1180000000000000778/@me",
		"a#b":                           base + "a%23b/@me",
	} {
		srv := testkit.Start(t, testkit.Reply{Status: 204})
		c := botClient(t, srv)
		require.NoError(t, c.CreateReaction(context.Background(), "1180000000000000101", "1180000000000005001", emoji), emoji)
		got := srv.Last(t)
		assert.Equal(t, "PUT", got.Method)
		assert.Equal(t, path, got.Path, emoji)
		assert.Empty(t, got.Body)
		assertBotAuthOnly(t, got)
		require.NoError(t, c.DeleteOwnReaction(context.Background(), "1180000000000000101", "1180000000000005001", emoji))
		assert.Equal(t, "DELETE "+path, srv.Last(t).Method+" "+srv.Last(t).Path)
	}
}

func TestReactionRefusesWhatIsNoEmoji(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	react := func(emoji string) func() error {
		return func() error {
			return c.CreateReaction(context.Background(), "1180000000000000101", "1180000000000005001", emoji)
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "CreateReaction"}, []testkit.Input{
		{Field: "emoji", Call: react("")},
		{Field: "emoji", Call: react("  ")},
		{Field: "emoji", Call: react("..")},
		{Field: "emoji", Call: react("deploy:")},
		{Field: "emoji", Call: react(":1180000000000000777")},
		{Field: "emoji", Call: react("<:deploy:1180000000000000777")},
		{Field: "emoji", Call: react("<deploy:1180000000000000777>")},
		{Field: "emoji", Call: react("<:deploy:x>")},
		{Field: "message_id", Call: func() error {
			return c.CreateReaction(context.Background(), "1180000000000000101", "", "🔥")
		}},
	}, testToken)
}

func TestUnknownEmojiIsNotFound(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 400, Body: `{"message":"Unknown Emoji","code":10014}`})
	err := botClient(t, srv).CreateReaction(context.Background(), "1180000000000000101", "1180000000000005001", "deploy:1")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 400, Code: "10014", Message: "Unknown Emoji"})
}
