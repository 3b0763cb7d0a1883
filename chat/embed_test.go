package chat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// fields is n embed fields, each with a name and a value.
func fields(n int) []chat.EmbedField {
	out := make([]chat.EmbedField, n)
	for i := range out {
		out[i] = chat.EmbedField{Name: "n", Value: "v"}
	}
	return out
}

func TestEmbedsAtDiscordsLimitsAreSent(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	embeds := []chat.Embed{
		{Title: strings.Repeat("é", 256), Description: strings.Repeat("d", 4096), Fields: fields(25),
			Footer: &chat.EmbedFooter{Text: strings.Repeat("f", 1500)}, Author: &chat.EmbedAuthor{Name: strings.Repeat("a", 50)}},
	}
	for len(embeds) < 10 {
		embeds = append(embeds, chat.Embed{Title: "t"})
	}
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", strings.Repeat("c", 2000), &chat.MessageParams{Embeds: embeds})
	require.NoError(t, err, "256 two-byte characters are 256 characters, not 512")
	sent := srv.Last(t).JSON(t)
	require.Len(t, sent["embeds"], 10)
	first := sent["embeds"].([]any)[0].(map[string]any)
	assert.Len(t, first["fields"], 25)
	assert.NotContains(t, first, "url", "what is not set is not sent")
}

func TestEmbedsPastDiscordsLimitsAreRefusedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	send := func(embeds ...chat.Embed) func() error {
		return func() error {
			_, err := c.CreateMessage(context.Background(), "1180000000000000101", "", &chat.MessageParams{Embeds: embeds})
			return err
		}
	}
	eleven := make([]chat.Embed, 11)
	for i := range eleven {
		eleven[i] = chat.Embed{Title: "t"}
	}
	long := func(n int) string { return strings.Repeat("x", n) }
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "CreateMessage"}, []testkit.Input{
		{Field: "embeds", Call: send(eleven...)},
		{Field: "embeds[0].title", Call: send(chat.Embed{Title: long(257)})},
		{Field: "embeds[1].description", Call: send(chat.Embed{Title: "ok"}, chat.Embed{Description: long(4097)})},
		{Field: "embeds[0].fields", Call: send(chat.Embed{Fields: fields(26)})},
		{Field: "embeds[0].fields[2].name", Call: send(chat.Embed{Fields: append(fields(2), chat.EmbedField{Name: long(257), Value: "v"})})},
		{Field: "embeds[0].fields[0].value", Call: send(chat.Embed{Fields: []chat.EmbedField{{Name: "n", Value: long(1025)}}})},
		{Field: "embeds[0].fields[0]", Call: send(chat.Embed{Fields: []chat.EmbedField{{Name: "n"}}})},
		{Field: "embeds[0].footer.text", Call: send(chat.Embed{Footer: &chat.EmbedFooter{Text: long(2049)}})},
		{Field: "embeds[0].author.name", Call: send(chat.Embed{Author: &chat.EmbedAuthor{Name: long(257)}})},
		// Each part within its own limit, 6,001 characters in all.
		{Field: "embeds", Call: send(chat.Embed{Description: long(4096)}, chat.Embed{Description: long(1905)})},
		{Field: "content", Call: func() error {
			_, err := c.CreateMessage(context.Background(), "1180000000000000101", long(2001), nil)
			return err
		}},
	}, testToken)
}

func TestWebhookEmbedsAreHeldToTheSameLimits(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, chat.New, chat.WithWebhookBaseURL(srv.URL+"/api"))
	err := c.ExecuteWebhook(context.Background(), chat.NewWebhook("1180000000000097531", "tok"), chat.WebhookMessage{Embeds: []chat.Embed{{Title: strings.Repeat("x", 257)}}})
	testkit.InvalidParam(t, err, "embeds[0].title")
	assert.Zero(t, srv.Hits())
}
