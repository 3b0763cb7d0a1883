package conduittest_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/sunrise"
)

// A test of code that uses several services: one server fakes them all,
// each client is one line, a rate limit is scripted, and the test reads
// back what was sent.
//
// In a test, conduittest.NewServer(t) starts the server and closes it when
// the test ends; an Example has no t, so it uses Start and Close.
func Example() {
	srv := conduittest.Start()
	defer srv.Close()

	sun, _ := sunrise.New(srv.Options("sunrise")...)
	bot, _ := chat.New(srv.Options("chat")...)

	// The first post is rate limited; conduit waits and retries it.
	srv.On("chat", "CreateMessage").ReplyN(1, conduittest.Reply{
		Status: http.StatusTooManyRequests,
		Header: http.Header{"Retry-After": {"0"}},
		Body:   `{"message": "You are being rate limited.", "retry_after": 0.01, "global": false}`,
	})

	ctx := context.Background()
	day, err := sun.Get(ctx, 51.4779, -0.0015, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := bot.CreateMessage(ctx, "1180000000000000101", "Sunrise at "+day.Results.Sunrise.Format("15:04"), nil); err != nil {
		fmt.Println(err)
		return
	}

	sent := srv.Requests("chat", "CreateMessage")
	var body struct{ Content string }
	json.Unmarshal(sent[len(sent)-1].Body, &body)
	fmt.Println(len(sent), "attempts:", body.Content)
	// Output:
	// 2 attempts: Sunrise at 03:43
}

// A stream that dies midway ends with an error matching io.ErrUnexpectedEOF,
// never a silently short answer.
func ExampleScript_ReplyN_cutStream() {
	srv := conduittest.Start()
	defer srv.Close()
	c, _ := inference.New(srv.Options("inference")...)

	srv.On("inference", "StreamChatCompletion").ReplyN(1, conduittest.Reply{CutAfter: 2})
	s, err := c.StreamChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model:    "llama-3.1-8b-instant",
		Messages: []inference.Message{inference.UserMessage("Stream, please")},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	n := 0
	for s.Next() {
		n++
	}
	fmt.Println(n, "chunks;", errors.Is(s.Err(), io.ErrUnexpectedEOF))
	// Output:
	// 2 chunks; true
}

// A test double needs no server at all to hand a stream to the code under
// test: a stream reads from any reader.
func ExampleNewServer_streamWithoutServer() {
	c, _ := inference.New(conduit.WithBaseURL("http://127.0.0.1:1"), inference.WithAPIKey("unused"))
	s := c.NewChatCompletionStream(stringsReader("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n"))
	for chunk, err := range s.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(chunk.Content())
	}
	// Output:
	// Hi
}
