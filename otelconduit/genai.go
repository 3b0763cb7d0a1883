package otelconduit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"

	"github.com/conduit-sdk/conduit"
)

// TimeToFirstChunkKey is how long a streamed completion took to send its
// first bytes, in seconds, from the start of the call.
const TimeToFirstChunkKey = attribute.Key("gen_ai.response.time_to_first_chunk")

// genAI is what the GenAI conventions record of one chat completion.
type genAI struct {
	provider, model string

	// Read from the answer.
	responseModel, responseID string
	finish                    []string
	input, output             int64
	usage                     bool
}

// genAIOf returns the GenAI record of a chat completion call, nil for any
// other call.
func genAIOf(info *conduit.CallInfo, req *http.Request) *genAI {
	if info.Service != "inference" || (info.Operation != "CreateChatCompletion" && info.Operation != "StreamChatCompletion") {
		return nil
	}
	g := &genAI{provider: provider(req.URL.Hostname())}
	if req.GetBody != nil {
		if body, err := req.GetBody(); err == nil {
			var in struct {
				Model string `json:"model"`
			}
			json.NewDecoder(body).Decode(&in)
			body.Close()
			g.model = in.Model
		}
	}
	return g
}

// provider names the service by its host; the inference package speaks
// Groq's API and defaults to it, so another host is taken to be Groq's.
func provider(host string) string {
	if strings.HasSuffix(host, "openai.com") {
		return semconv.GenAIProviderNameOpenAI.Value.AsString()
	}
	return semconv.GenAIProviderNameGroq.Value.AsString()
}

// spanName is "{gen_ai.operation.name} {gen_ai.request.model}".
func (g *genAI) spanName() string {
	if g.model == "" {
		return "chat"
	}
	return "chat " + g.model
}

func (g *genAI) requestAttrs() []attribute.KeyValue {
	attrs := []attribute.KeyValue{semconv.GenAIOperationNameChat, semconv.GenAIProviderNameKey.String(g.provider)}
	if g.model != "" {
		attrs = append(attrs, semconv.GenAIRequestModel(g.model))
	}
	return attrs
}

// answer is the part of a completion, or of a stream's last chunk, that
// the conventions record.
type answer struct {
	ID      string `json:"id"`
	Model   string `json:"model"`
	Choices []struct {
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
}

func (g *genAI) take(a answer) {
	if a.ID != "" {
		g.responseID = a.ID
	}
	if a.Model != "" {
		g.responseModel = a.Model
	}
	for _, c := range a.Choices {
		if c.FinishReason != nil && *c.FinishReason != "" {
			g.finish = append(g.finish, *c.FinishReason)
		}
	}
	if a.Usage != nil {
		g.usage, g.input, g.output = true, a.Usage.PromptTokens, a.Usage.CompletionTokens
	}
}

// readAnswer reads a completion's body, puts the same bytes back for
// conduit to decode, and returns what the answer says.
func (g *genAI) readAnswer(resp *http.Response) []attribute.KeyValue {
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err == nil {
		var a answer
		if json.Unmarshal(body, &a) == nil {
			g.take(a)
		}
	}
	return g.answerAttrs()
}

func (g *genAI) answerAttrs() []attribute.KeyValue {
	var attrs []attribute.KeyValue
	if g.responseModel != "" {
		attrs = append(attrs, semconv.GenAIResponseModel(g.responseModel))
	}
	if g.responseID != "" {
		attrs = append(attrs, semconv.GenAIResponseID(g.responseID))
	}
	if len(g.finish) > 0 {
		attrs = append(attrs, semconv.GenAIResponseFinishReasons(g.finish...))
	}
	if g.usage {
		attrs = append(attrs, semconv.GenAIUsageInputTokens(int(g.input)), semconv.GenAIUsageOutputTokens(int(g.output)))
	}
	return attrs
}

// tailSize is how much of a stream's end is kept to find the usage that
// Groq sends in its last chunk.
const tailSize = 8 << 10

// watchStream wraps a stream's body: it notes when the first bytes came
// and keeps the stream's tail, and when the stream ends (its end read, or
// closed) reads the last chunk's usage and calls end once.
func (g *genAI) watchStream(body io.ReadCloser, start time.Time, end func([]attribute.KeyValue)) io.ReadCloser {
	return &watchedStream{ReadCloser: body, g: g, start: start, end: end}
}

type watchedStream struct {
	io.ReadCloser
	g     *genAI
	start time.Time
	end   func([]attribute.KeyValue)

	mu    sync.Mutex // Close may come from another goroutine
	first time.Duration
	tail  []byte
	done  bool
}

func (w *watchedStream) Read(p []byte) (int, error) {
	n, err := w.ReadCloser.Read(p)
	w.mu.Lock()
	if n > 0 {
		if w.first == 0 {
			w.first = time.Since(w.start)
		}
		w.tail = append(w.tail, p[:n]...)
		if len(w.tail) > 2*tailSize {
			w.tail = append(w.tail[:0], w.tail[len(w.tail)-tailSize:]...)
		}
	}
	w.mu.Unlock()
	if err != nil {
		w.finish()
	}
	return n, err
}

func (w *watchedStream) Close() error {
	err := w.ReadCloser.Close()
	w.finish()
	return err
}

func (w *watchedStream) finish() {
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return
	}
	w.done = true
	for _, line := range bytes.Split(w.tail, []byte("\n")) {
		data, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r"), []byte("data:"))
		if !ok {
			continue
		}
		var chunk struct {
			answer
			XGroq *answer `json:"x_groq"`
		}
		if json.Unmarshal(bytes.TrimSpace(data), &chunk) != nil {
			continue
		}
		w.g.take(chunk.answer)
		if chunk.XGroq != nil {
			w.g.take(*chunk.XGroq)
		}
	}
	attrs := w.g.answerAttrs()
	if w.first > 0 {
		attrs = append(attrs, TimeToFirstChunkKey.Float64(w.first.Seconds()))
	}
	w.mu.Unlock()
	w.end(attrs)
}

// record adds the call to the GenAI metrics.
func (g *genAI) record(ctx context.Context, in *instruments, took float64, errType string) {
	attrs := g.requestAttrs()
	if g.responseModel != "" {
		attrs = append(attrs, semconv.GenAIResponseModel(g.responseModel))
	}
	if errType != "" {
		attrs = append(attrs, semconv.ErrorTypeKey.String(errType))
	}
	in.genaiDuration.Record(ctx, took, metric.WithAttributes(attrs...))
	if g.usage {
		in.genaiTokens.Record(ctx, g.input, metric.WithAttributes(append(attrs, semconv.GenAITokenTypeInput)...))
		in.genaiTokens.Record(ctx, g.output, metric.WithAttributes(append(attrs, semconv.GenAITokenTypeOutput)...))
	}
}
