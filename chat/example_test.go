package chat_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the live platform
	defer srv.Close()
	ctx := context.Background()

	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		log.Fatal(err)
	}
	me, err := c.CurrentUser(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bot:", me.Username)

	// A webhook URL as the platform hands it out; its last segment is secret.
	id, _ := conduittest.Credential("chat", "webhook_id")
	token, _ := conduittest.Credential("chat", "webhook_token")
	hook, err := chat.ParseWebhookURL(srv.BaseURL("chat", "chat_webhook_base") + "/webhooks/" + id + "/" + token)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(hook)
	msg, err := c.ExecuteWebhookWait(ctx, hook, chat.WebhookMessage{Content: "Build #130 passed on main", Username: "ci"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("posted %s as %s: %s\n", msg.ID, msg.Author.Username, msg.Content)
	// Output:
	// bot: deploy-bot
	// webhook 1180000000000097531/[REDACTED]
	// posted 1180000000000005002 as ci: Build #130 passed on main
}
