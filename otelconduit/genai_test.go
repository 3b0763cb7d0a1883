package otelconduit_test

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"go.opentelemetry.io/otel/trace"

	"github.com/conduit-sdk/conduit/inference"
)

var question = inference.ChatCompletionRequest{
	Model:    "llama-3.3-70b-versatile",
	Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
}

func newInference(t *testing.T, tel *telemetry) *inference.Client {
	t.Helper()
	c, err := inference.New(append(fake.Options("inference"), tel.option())...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A chat completion's call span follows the GenAI conventions: named for
// the operation and model, with the usage the answer reported, which the
// token metric records too; the answer still decodes whole.
func TestChatCompletionSpanFollowsGenAIConventions(t *testing.T) {
	tel := newTelemetry(t)
	got, err := newInference(t, tel).CreateChatCompletion(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	if got.Usage.PromptTokens != 45 {
		t.Fatalf("the answer lost its usage: %+v", got.Usage)
	}
	spans := tel.spans.GetSpans()
	call := spans[len(spans)-1]
	a := attrs(call.Attributes)
	if call.Name != "chat llama-3.3-70b-versatile" || call.SpanKind != trace.SpanKindClient {
		t.Errorf("span %q kind %v", call.Name, call.SpanKind)
	}
	for key, want := range map[string]any{
		"gen_ai.operation.name":      "chat",
		"gen_ai.provider.name":       "groq",
		"gen_ai.request.model":       "llama-3.3-70b-versatile",
		"gen_ai.response.model":      "llama-3.3-70b-versatile",
		"gen_ai.usage.input_tokens":  int64(45),
		"gen_ai.usage.output_tokens": int64(21),
	} {
		if v := a[attribute.Key(key)].AsInterface(); v != want {
			t.Errorf("%s = %v, want %v", key, v, want)
		}
	}
	tokens := tel.metrics(t)["gen_ai.client.token.usage"]
	h, ok := tokens.Data.(metricdata.Histogram[int64])
	if !ok || len(h.DataPoints) != 2 {
		t.Fatalf("gen_ai.client.token.usage: %+v", tokens.Data)
	}
	var total int64
	for _, p := range h.DataPoints {
		total += p.Sum
	}
	if total != 45+21 {
		t.Errorf("token usage sums to %d, want 66", total)
	}
}

// A streamed completion's call span lasts until the stream ends and
// records when its first chunk came and the usage its last chunk carried.
func TestStreamSpanEndsWithTheStream(t *testing.T) {
	tel := newTelemetry(t)
	s, err := newInference(t, tel).StreamChatCompletion(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range s.All() {
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	spans := tel.spans.GetSpans()
	if len(spans) != 2 {
		t.Fatalf("got %d spans, want 2", len(spans))
	}
	a := attrs(spans[1].Attributes)
	if spans[1].Name != "chat llama-3.3-70b-versatile" {
		t.Errorf("span %q", spans[1].Name)
	}
	if ttfc := a["gen_ai.response.time_to_first_chunk"].AsFloat64(); ttfc <= 0 || ttfc > spans[1].EndTime.Sub(spans[1].StartTime).Seconds() {
		t.Errorf("time to first chunk %v", ttfc)
	}
	if a["gen_ai.usage.input_tokens"].AsInt64() != 41 || a["gen_ai.usage.output_tokens"].AsInt64() != 9 {
		t.Errorf("usage: %v", spans[1].Attributes)
	}
}
