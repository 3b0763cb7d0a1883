package chat_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

// Each response type marshals to the JSON the platform documents for it.
func TestInteractionResponseMarshalsThePlatformsShape(t *testing.T) {
	rows := `[{"type":1,"components":[{"type":4,"custom_id":"reason","label":"Why?","style":1}]}]`
	for _, c := range []struct {
		name string
		r    chat.InteractionResponse
		want string
	}{
		{"pong", chat.Pong(), `{"type":1}`},
		{"channel message", chat.ReplyMessage(chat.InteractionMessage{Content: "on it", Flags: chat.FlagEphemeral}),
			`{"type":4,"data":{"content":"on it","allowed_mentions":{"parse":[]},"flags":64}}`},
		{"deferred", chat.DeferReply(false), `{"type":5}`},
		{"deferred ephemeral", chat.DeferReply(true), `{"type":5,"data":{"flags":64}}`},
		{"deferred update", chat.DeferUpdate(), `{"type":6}`},
		{"update", chat.UpdateMessage(chat.InteractionMessage{Content: "done", Components: json.RawMessage(`[]`)}),
			`{"type":7,"data":{"content":"done","allowed_mentions":{"parse":[]},"components":[]}}`},
		{"autocomplete", chat.AutocompleteResult(chat.AutocompleteChoice{Name: "Lisbon", Value: "lis"}, chat.AutocompleteChoice{Name: "Two", Value: 2}),
			`{"type":8,"data":{"choices":[{"name":"Lisbon","value":"lis"},{"name":"Two","value":2}]}}`},
		{"no choices", chat.AutocompleteResult(), `{"type":8,"data":{"choices":[]}}`},
		{"modal", chat.ShowModal(chat.Modal{CustomID: "rollback", Title: "Roll back", Components: json.RawMessage(rows)}),
			`{"type":9,"data":{"custom_id":"rollback","title":"Roll back","components":` + rows + `}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, c.r.Check())
			b, err := json.Marshal(c.r)
			require.NoError(t, err)
			assert.JSONEq(t, c.want, string(b))
			w := httptest.NewRecorder()
			require.NoError(t, chat.WriteInteractionResponse(w, c.r))
			assert.JSONEq(t, c.want, w.Body.String())
			assert.Equal(t, "application/json", w.Header().Get("Content-Type"))
		})
	}
}

// A response the platform would refuse is not written, and the error
// names the field.
func TestInteractionResponseRefusesWhatThePlatformRefuses(t *testing.T) {
	many := make([]chat.AutocompleteChoice, 26)
	for i := range many {
		many[i] = chat.AutocompleteChoice{Name: "x", Value: i}
	}
	for _, c := range []struct {
		r     chat.InteractionResponse
		field string
	}{
		{chat.ReplyMessage(chat.InteractionMessage{}), "data.content"},
		{chat.ReplyMessage(chat.InteractionMessage{Content: strings.Repeat("a", 2001)}), "content"},
		{chat.UpdateMessage(chat.InteractionMessage{Components: json.RawMessage(`{}`)}), "components"},
		{chat.AutocompleteResult(many...), "data.choices"},
		{chat.AutocompleteResult(chat.AutocompleteChoice{Name: "", Value: "a"}), "data.choices.name"},
		{chat.AutocompleteResult(chat.AutocompleteChoice{Name: "a", Value: true}), "data.choices.value"},
		{chat.ShowModal(chat.Modal{Title: "t", Components: json.RawMessage(`[]`)}), "data.custom_id"},
		{chat.ShowModal(chat.Modal{CustomID: "c", Title: strings.Repeat("t", 46), Components: json.RawMessage(`[]`)}), "data.title"},
		{chat.ShowModal(chat.Modal{CustomID: "c", Title: "t"}), "data.components"},
		{chat.InteractionResponse{Type: 3}, "type"},
		{chat.InteractionResponse{Type: chat.ResponseModal}, "data"},
		{chat.InteractionResponse{Type: chat.ResponsePong, Choices: many}, "data"},
	} {
		w := httptest.NewRecorder()
		err := chat.WriteInteractionResponse(w, c.r)
		var e *conduit.Error
		require.True(t, errors.As(err, &e), "%+v: %v", c.r.Type, err)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Equal(t, c.field, e.Field)
		assert.Zero(t, w.Body.Len(), "a refused response was written")
	}
}

// An interaction handler is tested end to end: conduittest signs the
// request as the platform does, InteractionHandler verifies it, and the
// handler answers with a typed response.
func TestInteractionHandlerEndToEndWithTheFakesSignature(t *testing.T) {
	key, err := chat.ParsePublicKey(conduittest.ChatPublicKey)
	require.NoError(t, err)
	h := chat.InteractionHandler(key, func(w http.ResponseWriter, r *http.Request, in *chat.Interaction) {
		assert.Equal(t, chat.InteractionApplicationCommand, in.Type)
		assert.NoError(t, chat.WriteInteractionResponse(w, chat.ReplyMessage(chat.InteractionMessage{Content: "on it"})))
	})
	srv := httptest.NewServer(h)
	defer srv.Close()
	post := func(body string, hdr http.Header) (int, string) {
		req, err := http.NewRequest("POST", srv.URL, strings.NewReader(body))
		require.NoError(t, err)
		req.Header = hdr
		resp, err := srv.Client().Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	status, got := post(commandBody, conduittest.ChatInteractionHeader([]byte(commandBody), time.Now()))
	assert.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, `{"type":4,"data":{"content":"on it","allowed_mentions":{"parse":[]}}}`, got)

	ping := `{"id":"1","application_id":"2","type":1,"token":"t","version":1}`
	status, got = post(ping, conduittest.ChatInteractionHeader([]byte(ping), time.Now()))
	assert.Equal(t, http.StatusOK, status)
	assert.JSONEq(t, `{"type":1}`, got)

	// The signature covers the body and the time: another body, or an old
	// signature, is refused.
	status, _ = post(commandBody+" ", conduittest.ChatInteractionHeader([]byte(commandBody), time.Now()))
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = post(commandBody, conduittest.ChatInteractionHeader([]byte(commandBody), time.Now().Add(-time.Hour)))
	assert.Equal(t, http.StatusUnauthorized, status)
}
