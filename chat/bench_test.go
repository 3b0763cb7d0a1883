package chat_test

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// messagesBody is a channel history of n messages: the fixture's repeated
// with distinct ids.
func messagesBody(b *testing.B, n int) []byte {
	return testkit.RepeatedRecords(b, "chat", "channel_messages.json", "", `"id":"`, 9000, n)
}

// messagesClient serves body from a loopback server.
func messagesClient(b *testing.B, body []byte) *chat.Client {
	c, err := chat.New(conduit.WithBaseURL(testkit.ServeBody(b, body, false)), chat.WithBotToken("bench-token"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkChannelMessages reads a page of history of 100 messages (the
// platform's largest) and, to show the trend, of 1,000: "whole" with
// ChannelMessages, reporting the peak heap above the live heap before the
// call with the result live; "each" with EachChannelMessage keeping
// nothing, reporting the most the reading kept live at 20 probes along the
// page (each a collection: compare the memory, not the time).
func BenchmarkChannelMessages(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 1_000} {
		body := messagesBody(b, n)
		b.Run(fmt.Sprintf("whole/messages=%d", n), func(b *testing.B) {
			c := messagesClient(b, body)
			testkit.BenchWhole(b, body, n, func() (any, int, error) {
				msgs, err := c.ChannelMessages(ctx, "1180000000000000101", nil)
				return msgs, len(msgs), err
			})
		})
		b.Run(fmt.Sprintf("each/messages=%d", n), func(b *testing.B) {
			c := messagesClient(b, body)
			testkit.BenchEach(b, body, n, func() iter.Seq2[chat.Message, error] {
				return c.EachChannelMessage(ctx, "1180000000000000101", nil)
			})
		})
	}
}
