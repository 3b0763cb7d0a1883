// Package sunbot is a small program built on conduit, outside its module,
// as a user's code is: each morning it looks up the sunrise, asks a model
// for a line about it and posts the line to a chat channel.
//
// Its test shows how to test code like it with conduittest: one fake server
// for every service, each client in one line, failures scripted per
// operation, and what was sent read back.
package sunbot

import (
	"context"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/sunrise"
)

// Bot holds the three clients it uses; the caller makes them, so a test
// can point them at a fake.
type Bot struct {
	Sun   *sunrise.Client
	Model *inference.Client
	Chat  *chat.Client
	// Channel is where the line is posted.
	Channel chat.Snowflake
}

// Announce posts one line about today's sunrise at lat, lng. A reply that
// breaks off midway posts nothing: a half sentence is worse than none.
func (b *Bot) Announce(ctx context.Context, lat, lng float64) (string, error) {
	day, err := b.Sun.Get(ctx, lat, lng, nil)
	if err != nil {
		return "", fmt.Errorf("sunrise: %w", err)
	}
	at := day.Results.Sunrise.Format("15:04")

	s, err := b.Model.StreamChatCompletion(ctx, inference.ChatCompletionRequest{
		Model:    "llama-3.1-8b-instant",
		Messages: []inference.Message{inference.UserMessage("One cheerful line: the sun rises at " + at + ".")},
	})
	if err != nil {
		return "", fmt.Errorf("model: %w", err)
	}
	defer s.Close()
	var acc inference.ChatCompletionAccumulator
	for s.Next() {
		acc.AddChunk(s.Current())
	}
	if err := s.Err(); err != nil {
		return "", fmt.Errorf("model: %w", err)
	}

	line := strings.TrimSpace(acc.ChatCompletion().Content()) + " (sunrise " + at + " UTC)"
	if _, err := b.Chat.CreateMessage(ctx, b.Channel, line, nil); err != nil {
		return "", fmt.Errorf("chat: %w", err)
	}
	return line, nil
}
