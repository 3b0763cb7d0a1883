package inference_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
)

const benchKey = "sk-bench-inference-Q7c2"

// benchRequest is the request both per-request benchmarks send.
func benchRequest() inference.ChatCompletionRequest {
	return inference.ChatCompletionRequest{
		Model: "llama-3.3-70b-versatile",
		Messages: []inference.Message{
			inference.SystemMessage("You are a concise assistant."),
			inference.UserMessage("Explain why fast inference matters."),
		},
	}
}

// completionServer answers every POST with the create_chat_completion
// fixture after reading the request body, as a real server would.
func completionServer(b *testing.B) *httptest.Server {
	body, err := os.ReadFile("../conduittest/testdata/inference/create_chat_completion.json")
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		if r.Method != http.MethodPost || r.Header.Get("Authorization") != "Bearer "+benchKey {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	return srv
}

// BenchmarkCreateChatCompletionRaw is the floor for the POST + decode path:
// net/http and encoding/json doing the same work as conduit (JSON body,
// Bearer, Accept and Content-Type headers, whole body read, decode into the
// same structs, raw bytes kept). Target: conduit ≤ 1.10× its time and ≤ its
// allocations + 15.
func BenchmarkCreateChatCompletionRaw(b *testing.B) {
	srv := completionServer(b)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	b.Cleanup(hc.CloseIdleConnections)
	ctx := context.Background()
	url := srv.URL + "/v1/chat/completions"
	in := benchRequest()
	b.ReportAllocs()
	for b.Loop() {
		body, err := json.Marshal(in)
		if err != nil {
			b.Fatal(err)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+benchKey)
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatal(resp.StatusCode, err)
		}
		var out inference.ChatCompletion
		if err := json.Unmarshal(data, &out); err != nil {
			b.Fatal(err)
		}
		if out.Content() == "" {
			b.Fatal("raw decode lost the content")
		}
	}
}

func BenchmarkCreateChatCompletionConduit(b *testing.B) {
	srv := completionServer(b)
	c, err := inference.New(conduit.WithBaseURL(srv.URL+"/v1"), inference.WithAPIKey(benchKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	in := benchRequest()
	b.ReportAllocs()
	for b.Loop() {
		out, err := c.CreateChatCompletion(ctx, in)
		if err != nil {
			b.Fatal(err)
		}
		if out.Content() == "" {
			b.Fatal("conduit decode lost the content")
		}
	}
}

// streamChunks is the stream length of the streaming benchmarks.
const streamChunks = 10_000

// chunkPayloads builds n chunk payloads shaped like the fixture's (id,
// fingerprint, delta, logprobs and finish_reason null), the first with the
// role and the last with the finish reason and the provider's usage
// extension, and the same payloads framed as an event stream.
func chunkPayloads(n int) ([][]byte, []byte) {
	const head = `{"id":"chatcmpl-9b3e7d21-0c4a-4e8b-b1f6-5d2a8c7e3f10","object":"chat.completion.chunk","created":1732230940,"model":"llama-3.3-70b-versatile","system_fingerprint":"fp_4e5a8c1d2b","choices":[{"index":0,"delta":`
	payloads := make([][]byte, n)
	var stream bytes.Buffer
	for i := range payloads {
		switch i {
		case 0:
			payloads[i] = []byte(head + `{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"x_groq":{"id":"req_01jdagp2h5r8w3k9n4m6b1c7d0"}}`)
		case n - 1:
			payloads[i] = []byte(head + `{},"logprobs":null,"finish_reason":"stop"}],"x_groq":{"id":"req_01jdagp2h5r8w3k9n4m6b1c7d0","usage":{"queue_time":0.01,"prompt_tokens":45,"prompt_time":0.002,"completion_tokens":21,"completion_time":0.07,"total_tokens":66,"total_time":0.08}}}`)
		default:
			payloads[i] = fmt.Appendf(nil, head+`{"content":"token %d "},"logprobs":null,"finish_reason":null}]}`, i)
		}
		stream.WriteString("data: ")
		stream.Write(payloads[i])
		stream.WriteString("\n\n")
	}
	stream.WriteString("data: [DONE]\n\n")
	return payloads, stream.Bytes()
}

// perChunk reports the allocations of the whole run divided by the chunks
// decoded, and the time per chunk, as custom metrics. mallocs is the
// runtime's count taken just before the loop.
func perChunk(b *testing.B, mallocs uint64, chunks int) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	total := float64(b.N) * float64(chunks)
	b.ReportMetric(float64(ms.Mallocs-mallocs)/total, "allocs/chunk")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/chunk")
}

func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// BenchmarkStreamUnmarshalOnly is the floor for streaming: json.Unmarshal of
// the same payloads into inference.ChatCompletionChunk, with no framing and
// no I/O. Target: the loopback stream ≤ 1.25× its time, ≤ its
// allocations per chunk + 2.
func BenchmarkStreamUnmarshalOnly(b *testing.B) {
	payloads, _ := chunkPayloads(streamChunks)
	b.ReportAllocs()
	start := mallocs()
	for b.Loop() {
		for _, p := range payloads {
			var c inference.ChatCompletionChunk
			if err := json.Unmarshal(p, &c); err != nil {
				b.Fatal(err)
			}
		}
	}
	perChunk(b, start, streamChunks)
}

// plainChunk mirrors ChatCompletionChunk without its UnmarshalJSON (no raw
// copy, no x_groq usage lookup, no second parse): how much of the floor
// above the chunk type's own decoding accounts for.
type plainChunk struct {
	ID                string `json:"id"`
	Object            string `json:"object"`
	Created           int64  `json:"created"`
	Model             string `json:"model"`
	SystemFingerprint string `json:"system_fingerprint,omitempty"`
	Choices           []struct {
		Index int `json:"index"`
		Delta struct {
			Role    string `json:"role,omitempty"`
			Content string `json:"content,omitempty"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason,omitempty"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
		TotalTokens      int64 `json:"total_tokens"`
	} `json:"usage,omitempty"`
}

func BenchmarkStreamUnmarshalPlain(b *testing.B) {
	payloads, _ := chunkPayloads(streamChunks)
	b.ReportAllocs()
	start := mallocs()
	for b.Loop() {
		for _, p := range payloads {
			var c plainChunk
			if err := json.Unmarshal(p, &c); err != nil {
				b.Fatal(err)
			}
		}
	}
	perChunk(b, start, streamChunks)
}

// BenchmarkStreamChatCompletionLoopback streams 10,000 chunks from a
// loopback server through StreamChatCompletion: request, event framing,
// chunk decoding and the [DONE] check, end to end. The server's own
// allocations (one request) are in allocs/op too; per chunk they are noise.
func BenchmarkStreamChatCompletionLoopback(b *testing.B) {
	_, stream := chunkPayloads(streamChunks)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(stream)
	}))
	b.Cleanup(srv.Close)
	c, err := inference.New(conduit.WithBaseURL(srv.URL+"/v1"), inference.WithAPIKey(benchKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	in := benchRequest()
	b.ReportAllocs()
	b.SetBytes(int64(len(stream)))
	start := mallocs()
	for b.Loop() {
		s, err := c.StreamChatCompletion(ctx, in)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for s.Next() {
			n++
		}
		if err := s.Err(); err != nil || n != streamChunks {
			b.Fatal(n, err)
		}
	}
	perChunk(b, start, streamChunks)
}
