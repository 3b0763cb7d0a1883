// Command chat-gateway is a bot on the chat platform's gateway: it answers
// "!ping" in any channel it reads with "pong", and the /ping slash command
// with "pong" too, until interrupted.
//
//	go run ./examples/chat-gateway -fake   # against conduittest's gateway fake, which sends
//	                                       # a "!ping" and a /ping, then the bot stops
//	CONDUIT_CHAT_BOT_TOKEN=… go run ./examples/chat-gateway
//
// Reading message content needs the privileged MESSAGE_CONTENT intent,
// enabled on the application's settings page.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's gateway fake")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var gw *conduittest.ChatGateway
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
		gw = srv.ChatGateway()
		// The interaction callback is a path chat does not type: the
		// fake answers it as the platform does, with 204.
		srv.Handle("chat", "POST /interactions/1180000000000000601/ct-interaction-token/callback", conduittest.Reply{Status: 204})
		go script(gw)
	} else if os.Getenv("CONDUIT_CHAT_BOT_TOKEN") == "" {
		log.Fatal("set CONDUIT_CHAT_BOT_TOKEN, or run with -fake")
	}
	c, err := chat.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := c.Gateway(&chat.GatewayParams{Intents: chat.IntentGuilds | chat.IntentGuildMessages | chat.IntentMessageContent})
	if err != nil {
		log.Fatal(err)
	}
	answered := 0
	for ev, err := range g.Events(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		switch e := ev.(type) {
		case *chat.ReadyEvent:
			fmt.Printf("ready as %s, session %s\n", e.User.Username, e.SessionID)
		case *chat.ReconnectEvent:
			fmt.Printf("reconnecting in %v: %v\n", e.Wait, e.Cause)
		case *chat.MessageCreateEvent:
			if e.Message.Content != "!ping" {
				continue
			}
			m, err := c.CreateMessage(ctx, e.Message.ChannelID, "pong", nil)
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("!ping from %s: answered with message %s\n", e.Message.Author.Username, m.ID)
			answered++
		case *chat.InteractionCreateEvent:
			if e.Type != chat.InteractionApplicationCommand {
				continue
			}
			// Type 4 answers with a message; the token is the
			// interaction's, valid for 15 minutes.
			reply := map[string]any{"type": 4, "data": map[string]any{"content": "pong"}}
			if err := c.Do(ctx, "POST", "/interactions/"+e.ID.String()+"/"+e.Token()+"/callback", reply, nil); err != nil {
				log.Fatal(err)
			}
			fmt.Printf("/ping answered (%v)\n", e.Interaction)
			answered++
		}
		if gw != nil && answered == 2 {
			return
		}
	}
}

// script plays the platform in -fake: a user says "!ping", then runs
// /ping.
func script(gw *conduittest.ChatGateway) {
	if err := gw.Dispatch("MESSAGE_CREATE", `{"id":"1180000000000005101","channel_id":"1180000000000000101","guild_id":"1180000000000000007","content":"!ping","author":{"id":"1180000000000000201","username":"ana.ops"}}`); err != nil {
		log.Fatal(err)
	}
	if err := gw.Dispatch("INTERACTION_CREATE", `{"id":"1180000000000000601","application_id":"1180000000000000042","type":2,"token":"ct-interaction-token","data":{"id":"1180000000000000701","name":"ping","type":1},"guild_id":"1180000000000000007","channel_id":"1180000000000000101","version":1}`); err != nil {
		log.Fatal(err)
	}
}
