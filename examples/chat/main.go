// Command chat checks a bot token, lists a server's channels, posts a
// message as the bot, replies to it with a file attached, and posts one
// through a webhook.
//
//	go run ./examples/chat -fake  # against conduittest's fake of the service
//	CONDUIT_CHAT_BOT_TOKEN=… CONDUIT_CHAT_WEBHOOK_URL=https://discord.com/api/webhooks/<id>/<token> \
//	  go run ./examples/chat -guild 1180000000000000007 -channel 1180000000000000101
//
// CONDUIT_CHAT_WEBHOOK_URL is this example's own setting: the library takes
// a webhook per call (chat.ParseWebhookURL), not from the environment.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	guild := flag.String("guild", "1180000000000000007", "server (guild) id whose channels to list")
	channel := flag.String("channel", "1180000000000000101", "channel id to post to as the bot")
	text := flag.String("text", "Deploy 2024.06.21-3 finished in 4m12s", "message text")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
		// A webhook is per call, not a client setting: the fake's id and
		// token make its URL.
		id := conduittest.Credential("chat", "webhook_id")
		token := conduittest.Credential("chat", "webhook_token")
		os.Setenv("CONDUIT_CHAT_WEBHOOK_URL", srv.BaseURL("chat", "chat_webhook_base")+"/webhooks/"+id+"/"+token)
	}
	c, err := chat.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	me, err := c.CurrentUser(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("bot        %s (%s)\n", me.Username, me.ID)
	chs, err := c.GuildChannels(ctx, chat.Snowflake(*guild))
	if err != nil {
		log.Fatal(err)
	}
	for _, ch := range chs {
		fmt.Printf("channel    %s type %d position %d\n", ch.ID, ch.Type, ch.Position)
	}
	m, err := c.CreateMessage(ctx, chat.Snowflake(*channel), *text, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("posted     %s in %s\n", m.ID, m.ChannelID)
	reply, err := c.CreateMessage(ctx, m.ChannelID, "details attached", &chat.MessageParams{
		Reference: &chat.MessageReference{MessageID: m.ID},
		Files:     []chat.File{{Name: "details.txt", ContentType: "text/plain", Reader: strings.NewReader(*text + "\n")}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("replied    %s with a file\n", reply.ID)
	hook, err := chat.ParseWebhookURL(os.Getenv("CONDUIT_CHAT_WEBHOOK_URL"))
	if err != nil {
		log.Fatal(err)
	}
	if err := c.ExecuteWebhook(ctx, hook, chat.WebhookMessage{Content: *text, Username: "conduit example"}); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("webhook    %v accepted the message\n", hook)
}
