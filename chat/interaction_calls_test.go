package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const interactionToken = "aW50ZXJhY3Rpb246SECRET-77"

func parsed(t *testing.T, token string) *chat.Interaction {
	in, err := chat.ParseInteraction([]byte(`{"id":"1180000000000000901","application_id":"1180000000000000003","type":3,` +
		`"data":{"custom_id":"promote:2024.06.21-3","component_type":2},"token":"` + token + `","version":1}`))
	require.NoError(t, err)
	return in
}

// The callback goes with the interaction's token in its path and no bot
// token; a failure never shows the token, and the write is not repeated.
func TestCreateInteractionResponseRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNoContent}, testkit.Reply{Status: http.StatusBadGateway}, testkit.Reply{Status: http.StatusNoContent})
	c := botClient(t, srv)
	in := parsed(t, interactionToken)
	row, err := chat.Components(&chat.ActionRow{Components: []chat.Component{&chat.Button{Style: chat.ButtonDanger, Label: "Roll back", CustomID: "rollback"}}})
	require.NoError(t, err)
	require.NoError(t, c.CreateInteractionResponse(context.Background(), in, chat.UpdateMessage(chat.InteractionMessage{Content: "Promoted", Components: row})))
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/interactions/1180000000000000901/"+interactionToken+"/callback", got.Method+" "+got.Path)
	assert.Empty(t, got.Header.Get("Authorization"), "an interaction's calls carry no bot token")
	assert.JSONEq(t, `{"type":7,"data":{"content":"Promoted","allowed_mentions":{"parse":[]},
		"components":[{"type":1,"components":[{"type":2,"style":4,"label":"Roll back","custom_id":"rollback"}]}]}}`, string(got.Body))

	err = c.CreateInteractionResponse(context.Background(), in, chat.DeferUpdate())
	require.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 2, srv.Hits(), "a callback is never sent twice")
	testkit.NoSecret(t, err, interactionToken)
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		assert.NotContains(t, fmt.Sprintf(verb, err), interactionToken)
	}
}

func TestCreateFollowupMessageRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"1180000000000005102","content":"Canary"}`})
	c := botClient(t, srv)
	layout, err := chat.Components(&chat.TextDisplay{Content: "Canary at 5%"})
	require.NoError(t, err)
	m, err := c.CreateFollowupMessage(context.Background(), parsed(t, interactionToken), chat.InteractionMessage{Components: layout, Flags: chat.FlagEphemeral})
	require.NoError(t, err)
	assert.Equal(t, chat.Snowflake("1180000000000005102"), m.ID)
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/webhooks/1180000000000000003/"+interactionToken, got.Method+" "+got.Path)
	assert.JSONEq(t, `{"flags":32832,"allowed_mentions":{"parse":[]},"components":[{"type":10,"content":"Canary at 5%"}]}`, string(got.Body),
		"ephemeral and components-v2 together")
}

func TestInteractionCallsRefuseBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	ctx := context.Background()
	testkit.InvalidParam(t, c.CreateInteractionResponse(ctx, parsed(t, ".."), chat.DeferUpdate()), "interaction_token")
	testkit.InvalidParam(t, c.CreateInteractionResponse(ctx, parsed(t, interactionToken), chat.InteractionResponse{Type: 42}), "type")
	_, err := c.EditOriginalInteractionResponse(ctx, parsed(t, "a b"), chat.MessageEdit{})
	testkit.InvalidParam(t, err, "interaction_token")
	testkit.InvalidParam(t, c.DeleteFollowupMessage(ctx, parsed(t, interactionToken), "@original"), "message_id")
	assert.Zero(t, srv.Hits())
}

// An interaction answered too late (its token has expired) is the
// platform's 404 with code 10062: ErrNotFound, its token shown nowhere.
func TestUnknownInteractionFixture(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNotFound, Body: testkit.Fixture(t, "chat", "unknown_interaction.json")})
	c := botClient(t, srv)
	err := c.CreateInteractionResponse(context.Background(), parsed(t, interactionToken), chat.DeferReply(false))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "chat", Op: "CreateInteractionResponse",
		Endpoint: "POST /interactions/{interaction_id}/{interaction_token}/callback", Status: http.StatusNotFound, Code: "10062", Message: "Unknown interaction"})
	testkit.NoSecret(t, err, interactionToken)
	assert.Equal(t, 1, srv.Hits())
}
