// Command inference asks a model one question and prints the reply, streamed
// as it is generated unless -stream=false.
//
//	go run ./examples/inference -fake  # against conduittest's fake of the service
//	CONDUIT_INFERENCE_API_KEY=… go run ./examples/inference -prompt "Hello"
//	go run ./examples/inference -fake -models              # list the models instead
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	model := flag.String("model", "llama-3.3-70b-versatile", "model identifier")
	prompt := flag.String("prompt", "Explain in one sentence why fast inference matters.", "the question")
	stream := flag.Bool("stream", true, "print the reply as it is generated")
	models := flag.Bool("models", false, "list the models available to the key and exit")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := inference.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *models {
		list, err := c.ListModels(ctx)
		if err != nil {
			log.Fatal(err)
		}
		for _, m := range list.Data {
			fmt.Printf("%-40s %8d tokens  %s\n", m.ID, m.ContextWindow, m.OwnedBy)
		}
		return
	}
	req := inference.ChatCompletionRequest{Model: *model, Messages: []inference.Message{inference.UserMessage(*prompt)}}
	var usage *inference.Usage
	if *stream {
		s, err := c.StreamChatCompletion(ctx, req)
		if err != nil {
			log.Fatal(err)
		}
		defer s.Close()
		for chunk, err := range s.All() {
			if err != nil {
				log.Fatal(err)
			}
			fmt.Print(chunk.Content())
			if chunk.Usage != nil {
				usage = chunk.Usage
			}
		}
		fmt.Println()
	} else {
		out, err := c.CreateChatCompletion(ctx, req)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(out.Content())
		usage = out.Usage
	}
	if usage != nil {
		fmt.Printf("%d prompt + %d completion tokens; %.3fs in total, %.3fs queued\n",
			usage.PromptTokens, usage.CompletionTokens, usage.TotalTime, usage.QueueTime)
	}
}
