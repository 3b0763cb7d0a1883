package otelconduit_test

import (
	"context"
	"fmt"
	"log"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/otelconduit"
)

// Instrument given to New traces every call of the client: a span for the
// call, named as the GenAI conventions name a chat completion, and one for
// the request it sent. In production the provider exports to a collector;
// here an in-memory exporter shows what was recorded.
func ExampleInstrument() {
	srv := conduittest.Start()
	defer srv.Close()
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	defer tp.Shutdown(context.Background())

	opts := append(srv.Options("inference"), otelconduit.Instrument(otelconduit.WithTracerProvider(tp)))
	c, err := inference.New(opts...)
	if err != nil {
		log.Fatal(err)
	}
	_, err = c.CreateChatCompletion(context.Background(), inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range spans.GetSpans() {
		fmt.Println(s.Name)
		for _, kv := range s.Attributes {
			switch kv.Key {
			case "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens", "http.response.status_code":
				fmt.Printf("  %s=%s\n", kv.Key, kv.Value.String())
			}
		}
	}
	// Output:
	// POST /chat/completions
	//   http.response.status_code=200
	// chat llama-3.3-70b-versatile
	//   http.response.status_code=200
	//   gen_ai.usage.input_tokens=45
	//   gen_ai.usage.output_tokens=21
}
