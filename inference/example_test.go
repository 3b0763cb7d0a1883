package inference_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
)

func ExampleClient_CreateChatCompletion() {
	srv := conduittest.Start() // a local stand-in for the live service
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
	srv := conduittest.Start()
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
	srv := conduittest.Start()
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

func ExampleClient_Model() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	m, err := c.Model(context.Background(), "llama-3.3-70b-versatile")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.ID, m.OwnedBy, m.ContextWindow)
	// Output:
	// llama-3.3-70b-versatile Meta 131072
}

func ExampleClient_CreateEmbeddings() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	out, err := c.CreateEmbeddings(context.Background(), inference.EmbeddingRequest{
		Model:          "text-embedding-ada-002",
		Input:          inference.EmbedText("The food was delicious and the waiter..."),
		EncodingFormat: inference.EncodingBase64, // a quarter of the bytes; decoded all the same
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out.Data[0].Embedding, out.Usage.PromptTokens, "tokens")
	// Output:
	// [0.0023064255 -0.009327292 -0.0028842222] 8 tokens
}

func ExampleClient_CreateTranscription() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	recording := strings.NewReader("RIFF…") // an *os.File in real use: sent as it is read
	tr, err := c.CreateTranscription(context.Background(), inference.TranscriptionRequest{
		Model:                  "whisper-large-v3-turbo",
		File:                   recording,
		FileName:               "beach.wav",
		ResponseFormat:         inference.TranscriptVerboseJSON,
		TimestampGranularities: []inference.TimestampGranularity{inference.TimestampSegment},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range tr.Segments {
		fmt.Printf("%5.2fs %s\n", s.Start, s.Text)
	}
	// Output:
	//  0.00s  The beach was a popular spot on a hot summer day.
	//  3.32s  People were swimming in the ocean, building sandcastles, and playing beach volleyball.
}

func ExampleClient_CreateTranslation() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	tr, err := c.CreateTranslation(context.Background(), inference.TranslationRequest{
		Model:          "whisper-large-v3",
		File:           strings.NewReader("ID3…"),
		FileName:       "gruss.mp3",
		ResponseFormat: inference.TranscriptText, // plain text, read into Text
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tr.Text)
	// Output:
	// Hello, my name is Wolfgang and I come from Germany. Where are you heading today?
}

func ExampleClient_CreateSpeech() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	sp, err := c.CreateSpeech(context.Background(), inference.SpeechRequest{
		Model:          "canopylabs/orpheus-v1-english",
		Input:          "I love building and shipping new features for our users!",
		Voice:          "autumn",
		ResponseFormat: inference.SpeechWAV,
	})
	if err != nil {
		log.Fatal(err)
	}
	defer sp.Body.Close()
	n, err := io.Copy(io.Discard, sp.Body) // an *os.File or a player in real use
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sp.ContentType, n, "bytes")
	// Output:
	// audio/wav 204 bytes
}

// A reply as a Go struct: the struct's JSON Schema goes out as the
// response format, and the reply comes back into it, checked.
func ExampleResponseFormatFor() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	type Review struct {
		ProductName string   `json:"product_name"`
		Rating      float64  `json:"rating" jsonschema:"from 1 to 5"`
		Sentiment   string   `json:"sentiment" jsonschema:"positive, negative or neutral"`
		KeyFeatures []string `json:"key_features"`
	}
	format, err := inference.ResponseFormatFor[Review]("product_review")
	if err != nil {
		log.Fatal(err)
	}
	out, err := c.CreateChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model: "moonshotai/kimi-k2-instruct",
		Messages: []inference.Message{
			inference.SystemMessage("Extract product review information from the text."),
			inference.UserMessage("I bought the UltraSound Headphones last week and I'm really impressed! The noise cancellation is amazing and the battery lasts all day."),
		},
		ResponseFormat: format,
	})
	if err != nil {
		log.Fatal(err)
	}
	var r Review
	if err := out.DecodeContent(&r); err != nil {
		log.Fatal(err) // an *inference.OutputError names the member that does not fit
	}
	fmt.Printf("%s: %.1f, %s, %v\n", r.ProductName, r.Rating, r.Sentiment, r.KeyFeatures)
	// Output:
	// UltraSound Headphones: 4.5, positive, [noise cancellation battery life]
}

// A tool-calling round trip: stream the reply, run each tool call as soon as
// the accumulator has it whole, then send the reply and the results back for
// the answer.
func ExampleChatCompletionAccumulator() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	weather := inference.FunctionTool("get_weather", "Current temperature in a city.", json.RawMessage(`{
		"type": "object",
		"properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
		"required": ["city", "unit"]}`))
	req := inference.ChatCompletionRequest{
		Model:         "llama-3.3-70b-versatile",
		Messages:      []inference.Message{inference.UserMessage("How warm is it in Lisbon and in São Paulo?")},
		Tools:         []inference.Tool{weather},
		StreamOptions: &inference.StreamOptions{IncludeUsage: true},
	}
	s, err := c.StreamChatCompletion(ctx, req)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	celsius := map[string]int{"Lisbon": 19, "São Paulo": 24} // the tool, here a table
	var acc inference.ChatCompletionAccumulator
	var results []inference.Message
	for s.Next() {
		if !acc.AddChunk(s.Current()) {
			log.Fatal("a chunk of another stream")
		}
		for _, call := range acc.JustFinishedToolCalls() {
			var args struct{ City, Unit string }
			if err := json.Unmarshal([]byte(call.Function.Arguments), &args); err != nil {
				log.Fatal(err)
			}
			fmt.Printf("%s(%s, %s)\n", call.Function.Name, args.City, args.Unit)
			results = append(results, inference.ToolMessage(call.ID, fmt.Sprintf(`{"temperature":%d}`, celsius[args.City])))
		}
	}
	if err := s.Err(); err != nil {
		log.Fatal(err)
	}
	reply := acc.ChatCompletion()
	fmt.Println(reply.Choices[0].FinishReason, reply.Usage.TotalTokens, "tokens")

	req.Messages = append(req.Messages, reply.Choices[0].Message)
	req.Messages = append(req.Messages, results...)
	answer, err := c.CreateChatCompletion(ctx, req)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer.Content())
	// Output:
	// get_weather(Lisbon, celsius)
	// get_weather(São Paulo, celsius)
	// tool_calls 260 tokens
	// It is 19 °C in Lisbon and 24 °C in São Paulo.
}

// A rate limit conduit does not wait out itself (here: retries are off)
// says which budget ran out and how long to wait.
func ExampleClient_CreateChatCompletion_rateLimited() {
	srv := conduittest.Start()
	defer srv.Close()
	srv.On("inference", "CreateChatCompletion").Reply(conduittest.Reply{
		Status: http.StatusTooManyRequests,
		Header: http.Header{"Retry-After": {"7"}, "X-Ratelimit-Remaining-Tokens": {"0"}, "X-Request-Id": {"req_01example"}},
		Body:   `{"error":{"message":"Rate limit reached on tokens per minute (TPM).","type":"tokens","code":"rate_limit_exceeded"}}`,
	})

	c, err := inference.New(append(srv.Options("inference"), conduit.WithMaxRetries(0))...)
	if err != nil {
		log.Fatal(err)
	}
	_, err = c.CreateChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Hello")},
	})
	var e *inference.Error
	if errors.Is(err, conduit.ErrRateLimited) && errors.As(err, &e) {
		fmt.Println(e.Code, e.Reason, e.RetryAfter, e.RequestID)
		fmt.Println("tokens left:", e.RateLimit.Tokens.Remaining)
	}
	// Output:
	// rate_limit_exceeded tokens 7s req_01example
	// tokens left: 0
}

func ExampleClient_CreateResponse() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	r, err := c.CreateResponse(context.Background(), inference.ResponseRequest{
		Model: "llama-3.3-70b-versatile",
		Input: inference.InputText("Tell me a fun fact about the moon in one sentence."),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.OutputText())
	fmt.Println(r.Status, r.Usage.TotalTokens, "tokens")
	// Output:
	// The Moon drifts about 3.8 centimeters farther from Earth every year.
	// completed 64 tokens
}

func ExampleClient_StreamResponse() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := inference.New(srv.Options("inference")...)
	if err != nil {
		log.Fatal(err)
	}
	s, err := c.StreamResponse(context.Background(), inference.ResponseRequest{
		Model: "llama-3.3-70b-versatile",
		Input: inference.InputText("What is the weather in Paris?"),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	var acc inference.ResponseAccumulator
	for s.Next() {
		ev := s.Current()
		acc.AddEvent(ev)
		if ev.Type == "response.output_text.delta" {
			fmt.Printf("[%s]", ev.Delta) // show the text as it arrives
		}
		for _, call := range acc.JustFinishedFunctionCalls() {
			fmt.Printf("\ncall %s(%s)\n", call.Name, call.Arguments)
		}
	}
	if err := s.Err(); err != nil {
		log.Fatal(err)
	}
	r := acc.Response()
	fmt.Println(r.Status, r.OutputText())
	// Output:
	// [Let me][ check the][ weather in][ Paris.]
	// call get_weather({"city":"Paris"})
	// completed Let me check the weather in Paris.
}
