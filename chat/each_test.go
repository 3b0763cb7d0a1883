package chat_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// EachChannelMessage sends ChannelMessages' request, the bot's
// authorization included, and yields the page's messages in order.
func TestEachChannelMessageSendsChannelMessagesRequest(t *testing.T) {
	body := `[{"id":"1180000000000005005","channel_id":"1180000000000000101","content":"b"},{"id":"1180000000000005001","channel_id":"1180000000000000101","content":"a"}]`
	srv := testkit.Start(t, testkit.Reply{Body: body})
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken("bot-token-for-tests"))
	ctx := context.Background()
	p := &chat.ChannelMessagesParams{Before: "1180000000000005006", Limit: 2}
	whole, err := c.ChannelMessages(ctx, "1180000000000000101", p)
	require.NoError(t, err)
	sent := srv.Last(t)
	n := 0
	for m, err := range c.EachChannelMessage(ctx, "1180000000000000101", p) {
		require.NoError(t, err)
		assert.Equal(t, whole[n].ID, m.ID)
		assert.Equal(t, string(whole[n].RawJSON()), string(m.RawJSON()))
		n++
	}
	assert.Equal(t, 2, n)
	streamed := srv.Last(t)
	assert.Equal(t, sent.Method+" "+sent.URI, streamed.Method+" "+streamed.URI)
	assert.Equal(t, sent.Header.Get("Authorization"), streamed.Header.Get("Authorization"))
}
