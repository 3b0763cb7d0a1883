package chat_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each component marshals to the platform's documented JSON: its type
// first among its members, and nothing it was not given.
func TestComponentsMarshalAsThePlatformReadsThem(t *testing.T) {
	one, three := 1, 3
	got, err := chat.Components(
		&chat.ActionRow{Components: []chat.Component{
			&chat.Button{Style: chat.ButtonSuccess, Label: "Approve", CustomID: "approve:42", Emoji: &chat.Emoji{Name: "✅"}},
			&chat.Button{Style: chat.ButtonLink, Label: "Logs", URL: "https://ci.example.com/130"},
		}},
		&chat.ActionRow{Components: []chat.Component{&chat.StringSelect{CustomID: "env", Placeholder: "Environment",
			MinValues: &one, MaxValues: &one,
			Options: []chat.SelectOption{{Label: "Staging", Value: "staging", Default: true}, {Label: "Production", Value: "production"}}}}},
		&chat.ActionRow{Components: []chat.Component{&chat.EntitySelect{Kind: chat.ChannelSelectComponent, CustomID: "where",
			ChannelTypes: []chat.ChannelType{chat.GuildText}, MaxValues: &three,
			DefaultValues: []chat.SelectDefault{{ID: "1180000000000000101", Type: "channel"}}}}},
	)
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"type":1,"components":[
			{"type":2,"style":3,"label":"Approve","custom_id":"approve:42","emoji":{"name":"✅"}},
			{"type":2,"style":5,"label":"Logs","url":"https://ci.example.com/130"}]},
		{"type":1,"components":[{"type":3,"custom_id":"env","placeholder":"Environment","min_values":1,"max_values":1,
			"options":[{"label":"Staging","value":"staging","default":true},{"label":"Production","value":"production"}]}]},
		{"type":1,"components":[{"type":8,"custom_id":"where","channel_types":[0],"max_values":3,
			"default_values":[{"id":"1180000000000000101","type":"channel"}]}]}]`, string(got))

	no := false
	color := 0x3BA55C
	got, err = chat.Components(&chat.Container{AccentColor: &color, Components: []chat.Component{
		&chat.Section{Components: []chat.Component{&chat.TextDisplay{Content: "## Deploy 2024.06.21-3"}},
			Accessory: &chat.Thumbnail{Media: chat.MediaItem{URL: "https://cdn.example.com/acme.png"}}},
		&chat.Separator{Divider: &no, Spacing: chat.SpacingLarge},
		&chat.MediaGallery{Items: []chat.GalleryItem{{Media: chat.MediaItem{URL: "attachment://graph.png"}, Description: "p99"}}},
		&chat.FileDisplay{File: chat.MediaItem{URL: "attachment://deploy.log"}},
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `[{"type":17,"accent_color":3908956,"components":[
		{"type":9,"components":[{"type":10,"content":"## Deploy 2024.06.21-3"}],
			"accessory":{"type":11,"media":{"url":"https://cdn.example.com/acme.png"}}},
		{"type":14,"divider":false,"spacing":2},
		{"type":12,"items":[{"media":{"url":"attachment://graph.png"},"description":"p99"}]},
		{"type":13,"file":{"url":"attachment://deploy.log"}}]}]`, string(got))

	modal, err := chat.Components(&chat.ActionRow{Components: []chat.Component{
		&chat.TextInput{CustomID: "reason", Style: chat.TextInputParagraph, Label: "Why roll back?", Required: &no}}})
	require.NoError(t, err)
	assert.JSONEq(t, `[{"type":1,"components":[{"type":4,"custom_id":"reason","style":2,"label":"Why roll back?","required":false}]}]`, string(modal))
}

func TestComponentsRefuseWhatThePlatformWould(t *testing.T) {
	btn := func(id string) chat.Component {
		return &chat.Button{Style: chat.ButtonPrimary, Label: "b", CustomID: id}
	}
	long := string(make([]byte, 101))
	for field, cs := range map[string][]chat.Component{
		"components[0].components":                  {&chat.ActionRow{Components: []chat.Component{btn("1"), btn("2"), btn("3"), btn("4"), btn("5"), btn("6")}}},
		"components[0].components[1].custom_id":     {&chat.ActionRow{Components: []chat.Component{btn("ok"), btn("")}}},
		"components[0].components[0].custom_id":     {&chat.ActionRow{Components: []chat.Component{btn(long)}}},
		"components[0].components[0].url":           {&chat.ActionRow{Components: []chat.Component{&chat.Button{Style: chat.ButtonLink, CustomID: "x"}}}},
		"components[1].components[0].type":          {&chat.ActionRow{Components: []chat.Component{btn("a")}}, &chat.ActionRow{Components: []chat.Component{&chat.TextDisplay{Content: "x"}}}},
		"components[0].components[0].options":       {&chat.ActionRow{Components: []chat.Component{&chat.StringSelect{CustomID: "s"}}}},
		"components[0].accessory":                   {&chat.Section{Components: []chat.Component{&chat.TextDisplay{Content: "x"}}}},
		"components[0].components[0].channel_types": {&chat.ActionRow{Components: []chat.Component{&chat.EntitySelect{Kind: chat.RoleSelectComponent, CustomID: "r", ChannelTypes: []chat.ChannelType{0}}}}},
		"components[0].file.url":                    {&chat.FileDisplay{File: chat.MediaItem{URL: "https://example.com/a.log"}}},
		"components[0]":                             {nil},
	} {
		_, err := chat.Components(cs...)
		testkit.InvalidParam(t, err, field)
	}
}

// A layout component makes the message a components-v2 one: the flag is
// set, and text beside it is refused before sending. Action rows alone
// leave the flags unset; raw JSON still goes as written.
func TestMessageComponentsSetTheLayoutFlag(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"1"}`}, testkit.Reply{Body: `{"id":"1"}`}, testkit.Reply{Body: `{"id":"1"}`})
	c := botClient(t, srv)
	ctx := context.Background()
	layout, err := chat.Components(&chat.TextDisplay{Content: "Deploy finished"})
	require.NoError(t, err)
	_, err = c.CreateMessage(ctx, "1180000000000000101", "", &chat.MessageParams{Components: layout})
	require.NoError(t, err)
	body := srv.Last(t).JSON(t)
	assert.EqualValues(t, 1<<15, body["flags"])
	assert.NotContains(t, body, "content")

	row, err := chat.Components(&chat.ActionRow{Components: []chat.Component{&chat.Button{Style: chat.ButtonPrimary, Label: "Ack", CustomID: "ack"}}})
	require.NoError(t, err)
	_, err = c.CreateMessage(ctx, "1180000000000000101", "Deploy finished", &chat.MessageParams{Components: row})
	require.NoError(t, err)
	assert.NotContains(t, srv.Last(t).JSON(t), "flags")

	_, err = c.EditMessage(ctx, "1180000000000000101", "1180000000000005001", chat.MessageEdit{Components: []byte(`[{"type":10,"content":"edited"}]`)})
	require.NoError(t, err)
	assert.EqualValues(t, 1<<15, srv.Last(t).JSON(t)["flags"], "raw JSON is read for its layout too")

	_, err = c.CreateMessage(ctx, "1180000000000000101", "text too", &chat.MessageParams{Components: layout})
	testkit.InvalidParam(t, err, "content")
	assert.Equal(t, 3, srv.Hits())
}
