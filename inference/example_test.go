package inference_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func ExampleClient_CreateChatCompletion() {
	srv := replay.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	out, err := c.CreateChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out.Content())
	fmt.Printf("%d tokens in %.3fs\n", out.Usage.TotalTokens, out.Usage.TotalTime)
	// Output:
	// Fast inference keeps conversations natural: replies arrive before the user loses their train of thought.
	// 66 tokens in 0.079s
}

func ExampleClient_StreamChatCompletion() {
	srv := replay.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	s, err := c.StreamChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Describe streaming in six words.")},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	var reply strings.Builder
	var usage *inference.Usage
	for s.Next() {
		chunk := s.Current()
		reply.WriteString(chunk.Content()) // print it here to show it as it arrives
		if chunk.Usage != nil {
			usage = chunk.Usage
		}
	}
	if err := s.Err(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(reply.String())
	fmt.Printf("%d tokens, queued %.3fs\n", usage.TotalTokens, usage.QueueTime)
	// Output:
	// Streaming shows each word as it arrives.
	// 50 tokens, queued 0.020s
}

func ExampleClient_ListModels() {
	srv := replay.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	models, err := c.ListModels(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range models.Data[:2] {
		fmt.Println(m.ID, m.ContextWindow)
	}
	// Output:
	// llama-3.3-70b-versatile 131072
	// llama-3.1-8b-instant 131072
}
