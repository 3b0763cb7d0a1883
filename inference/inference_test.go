package inference_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/conduittest"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
)

const testKey = "sk-test-inference-Zq81"

func newReplay(t *testing.T) *inference.Client {
	return conduittest.Replay(t, "inference", inference.New)
}

// newServer is a client of a local server run by h, with fast retries.
func newServer(t *testing.T, h http.HandlerFunc, opts ...inference.Option) *inference.Client {
	return conduittest.Local(t, h, "/v1", inference.New, append([]inference.Option{inference.WithAPIKey(testKey)}, opts...)...)
}

func hello() inference.ChatCompletionRequest {
	return inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{{Role: "user", Content: "Explain why fast inference matters."}},
	}
}

func ptr[T any](v T) *T { return &v }

func TestCreateChatCompletion(t *testing.T) {
	c := newReplay(t)
	r, err := c.CreateChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.Equal(t, "Fast inference keeps conversations natural: replies arrive before the user loses their train of thought.", r.Content())
	assert.Equal(t, "stop", r.Choices[0].FinishReason)
	assert.Equal(t, "assistant", r.Choices[0].Message.Role)
	require.NotNil(t, r.Usage)
	assert.Equal(t, int64(45), r.Usage.PromptTokens)
	assert.Equal(t, int64(21), r.Usage.CompletionTokens)
	assert.Equal(t, int64(66), r.Usage.TotalTokens)
	assert.Equal(t, 0.017823451, r.Usage.QueueTime)
	assert.Equal(t, 0.078835031, r.Usage.TotalTime)

	var details struct {
		PromptTokensDetails struct {
			CachedTokens *int `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	}
	require.NoError(t, r.Usage.Decode(&details), "the whole usage object stays reachable")
	require.NotNil(t, details.PromptTokensDetails.CachedTokens)
	assert.Zero(t, *details.PromptTokensDetails.CachedTokens)
	var extra struct {
		ServiceTier string `json:"service_tier"`
		XGroq       struct {
			ID string `json:"id"`
		} `json:"x_groq"`
	}
	require.NoError(t, r.Decode(&extra))
	assert.Equal(t, "on_demand", extra.ServiceTier)
	assert.Equal(t, "req_01jdagn7vkfqm9a3xw2c4t6y8z", extra.XGroq.ID)
	golden.JSON(t, "inference", "create_chat_completion", r)
}

func TestStreamChatCompletion(t *testing.T) {
	c := newReplay(t)
	s, err := c.StreamChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	defer s.Close()
	var chunks []inference.ChatCompletionChunk
	var text strings.Builder
	for s.Next() {
		ch := s.Current()
		chunks = append(chunks, ch)
		text.WriteString(ch.Content())
	}
	require.NoError(t, s.Err())
	require.Len(t, chunks, 6)
	assert.Equal(t, "Streaming shows each word as it arrives.", text.String())
	assert.Equal(t, "assistant", chunks[0].Choices[0].Delta.Role)
	assert.Nil(t, chunks[0].Usage)
	last := chunks[len(chunks)-1]
	assert.Equal(t, "stop", last.Choices[0].FinishReason)
	require.NotNil(t, last.Usage, "usage on the last chunk, found inside x_groq")
	assert.Equal(t, int64(50), last.Usage.TotalTokens)
	assert.Equal(t, 0.020117482, last.Usage.QueueTime)
	assert.Equal(t, 0.035011392, last.Usage.TotalTime)
	assert.Contains(t, string(last.Usage.RawJSON()), `"completion_time":0.032727273`)

	var ext struct {
		XGroq struct {
			ID string `json:"id"`
		} `json:"x_groq"`
	}
	require.NoError(t, chunks[0].Decode(&ext), "each chunk keeps its own data, not a reused buffer")
	assert.Equal(t, "req_01jdagp2h5r8w3k9n4m6b1c7d0", ext.XGroq.ID)
	assert.Contains(t, string(chunks[1].RawJSON()), `"content":"Streaming"`)
	golden.JSON(t, "inference", "stream_chat_completion", chunks)
}

func TestStreamAll(t *testing.T) {
	c := newReplay(t)
	s, err := c.StreamChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	var n int
	for ch, err := range s.All() {
		require.NoError(t, err)
		if ch.Content() != "" {
			n++
		}
	}
	assert.Equal(t, 4, n)
	assert.NoError(t, s.Err())
}

func TestListModels(t *testing.T) {
	c := newReplay(t)
	l, err := c.ListModels(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "list", l.Object)
	require.Len(t, l.Data, 4)
	assert.Equal(t, "llama-3.3-70b-versatile", l.Data[0].ID)
	assert.Equal(t, "Meta", l.Data[0].OwnedBy)
	assert.Equal(t, inference.ContextWindow(131072), l.Data[0].ContextWindow)
	assert.Equal(t, inference.ContextWindow(448), l.Data[2].ContextWindow, "a numeric string")
	assert.Equal(t, inference.ContextWindow(8192), l.Data[3].ContextWindow, "named context_length")
	var extra struct {
		Active              bool  `json:"active"`
		MaxCompletionTokens int64 `json:"max_completion_tokens"`
	}
	require.NoError(t, l.Data[0].Decode(&extra), "each model entry keeps its own raw JSON")
	assert.True(t, extra.Active)
	assert.Equal(t, int64(32768), extra.MaxCompletionTokens)
	require.NoError(t, l.Data[3].Decode(&extra))
	assert.False(t, extra.Active)
	golden.JSON(t, "inference", "list_models", l)
}

func assertAuth(t *testing.T, got conduittest.Recorded) {
	t.Helper()
	conduittest.OnlyIn(t, got, "Authorization", "Bearer "+testKey, testKey)
	assert.Equal(t, "conduit-go/"+conduit.Version, got.Header.Get("User-Agent"))
}

func TestCreateChatCompletionRequestShape(t *testing.T) {
	var got conduittest.Recorded
	c := newServer(t, conduittest.Record(&got, conduittest.Reply{Body: "@../testdata/inference/create_chat_completion.json"}))
	req := hello()
	req.Messages = append([]inference.Message{{Role: "system", Content: "Be brief."}}, req.Messages...)
	req.Temperature = ptr(0.2)
	req.MaxTokens = ptr(64)
	req.Stop = []string{"\n\n"}
	_, err := c.CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/chat/completions", got.Path)
	assert.Empty(t, got.Query)
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"system","content":"Be brief."},
		{"role":"user","content":"Explain why fast inference matters."}],"temperature":0.2,"max_tokens":64,"stop":["\n\n"]}`, got.Body,
		"unset options and stream are left out")
	assertAuth(t, got)
}

func TestStreamChatCompletionRequestShape(t *testing.T) {
	var got conduittest.Recorded
	c := newServer(t, conduittest.Record(&got, conduittest.Reply{Type: "text/event-stream", Body: "data: [DONE]\n\n"}))
	s, err := c.StreamChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.False(t, s.Next())
	require.NoError(t, s.Err())
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/chat/completions", got.Path)
	assert.Equal(t, "text/event-stream", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"user","content":"Explain why fast inference matters."}],"stream":true}`, got.Body)
	assertAuth(t, got)
}

func TestListModelsRequestShape(t *testing.T) {
	var got conduittest.Recorded
	c := newServer(t, conduittest.Record(&got, conduittest.Reply{Body: "@../testdata/inference/list_models.json"}))
	_, err := c.ListModels(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/v1/models", got.Path)
	assert.Empty(t, got.Query)
	assert.Empty(t, got.Body)
	assert.Empty(t, got.Header.Get("Content-Type"))
	assertAuth(t, got)
}

func TestErrors(t *testing.T) {
	fixture := func(name string) string { return "@../testdata/inference/" + name }
	cases := []struct {
		name  string
		reply conduittest.Reply
		is    error
		code  string
		msg   string
	}{
		{"401 invalid key", conduittest.Reply{Status: 401, Body: fixture("invalid_api_key.json")}, conduit.ErrUnauthorized, "invalid_api_key", "Invalid API Key"},
		{"404 unknown model", conduittest.Reply{Status: 404, Body: fixture("model_not_found.json")}, conduit.ErrNotFound, "model_not_found", "does not exist"},
		{"429 with Retry-After", conduittest.Reply{Status: 429, Header: []string{"Retry-After", "1"}, Body: fixture("rate_limited.json")}, conduit.ErrRateLimited, "rate_limit_exceeded", "Rate limit reached"},
		{"502 html from a proxy", conduittest.Reply{Status: 502, Type: "text/html", Body: "<html><h1>502 Bad Gateway</h1></html>"}, conduit.ErrAPI, "", ""},
		{"500 plain text", conduittest.Reply{Status: 500, Type: "text/plain", Body: "upstream connect error"}, conduit.ErrAPI, "", "upstream connect error"},
		{"200 with an error object", conduittest.Reply{Body: `{"error":{"message":"model overloaded","type":"server_error"}}`}, conduit.ErrAPI, "server_error", "model overloaded"},
		{"200 with no choices", conduittest.Reply{Body: `{"id":"x","object":"chat.completion","choices":[]}`}, conduit.ErrAPI, "", "no choices"},
		{"200 null", conduittest.Reply{Body: `null`}, conduit.ErrMalformedResponse, "", ""},
		{"200 truncated", conduittest.Reply{Body: `{"id":"x","choices":[{"message":{"content":"hi`}, conduit.ErrMalformedResponse, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newServer(t, tc.reply.ServeHTTP, conduit.WithMaxRetries(0))
			_, err := c.CreateChatCompletion(context.Background(), hello())
			e := conduittest.Failed(t, err, tc.is, "inference", "CreateChatCompletion", "POST /chat/completions")
			require.NotNil(t, e)
			assert.Equal(t, tc.code, e.Code)
			assert.Contains(t, e.Message, tc.msg)
			conduittest.NoSecret(t, err, testKey)
		})
	}
}

func readFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/inference/" + name)
	require.NoError(t, err)
	return string(b)
}

func TestStreamErrorStatus(t *testing.T) {
	body := readFixture(t, "invalid_api_key.json")
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(401)
		io.WriteString(w, body)
	})
	s, err := c.StreamChatCompletion(context.Background(), hello())
	assert.Nil(t, s)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	var e *inference.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "invalid_api_key", e.Code)
	conduittest.NoSecret(t, err, testKey)
}

func TestReplayRejectsWrongKey(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	c, err := inference.New(conduit.WithBaseURL(srv.URL("inference_url")), inference.WithAPIKey("wrong-key-zz"))
	require.NoError(t, err)
	_, err = c.ListModels(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	conduittest.NoSecret(t, err, "wrong-key-zz")
}

// A chat completion reads and changes nothing, so it is retried like a GET.
func TestCreateChatCompletionRetries(t *testing.T) {
	var hits atomic.Int32
	body := readFixture(t, "create_chat_completion.json")
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	})
	r, err := c.CreateChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.Equal(t, int32(2), hits.Load())
	assert.NotEmpty(t, r.Content())
}

func TestBadInput(t *testing.T) {
	url, hits := conduittest.Counting(t)
	c, err := inference.New(conduit.WithBaseURL(url), inference.WithAPIKey(testKey))
	require.NoError(t, err)
	user := []inference.Message{{Role: "user", Content: "hi"}}
	cases := []struct {
		field string
		req   inference.ChatCompletionRequest
	}{
		{"model", inference.ChatCompletionRequest{Messages: user}},
		{"messages", inference.ChatCompletionRequest{Model: "m"}},
		{"messages", inference.ChatCompletionRequest{Model: "m", Messages: []inference.Message{}}},
		{"messages[1].role", inference.ChatCompletionRequest{Model: "m", Messages: append(user, inference.Message{Content: "x"})}},
		{"messages[0].content", inference.ChatCompletionRequest{Model: "m", Messages: []inference.Message{{Role: "user"}}}},
		{"temperature", inference.ChatCompletionRequest{Model: "m", Messages: user, Temperature: ptr(-0.1)}},
		{"temperature", inference.ChatCompletionRequest{Model: "m", Messages: user, Temperature: ptr(2.5)}},
		{"top_p", inference.ChatCompletionRequest{Model: "m", Messages: user, TopP: ptr(1.5)}},
		{"max_tokens", inference.ChatCompletionRequest{Model: "m", Messages: user, MaxTokens: ptr(0)}},
	}
	for _, tc := range cases {
		_, err := c.CreateChatCompletion(context.Background(), tc.req)
		conduittest.InvalidParam(t, err, tc.field)
		s, err := c.StreamChatCompletion(context.Background(), tc.req)
		assert.Nil(t, s)
		conduittest.InvalidParam(t, err, tc.field)
	}
	assert.Zero(t, hits.Load(), "bad input must not reach the server")
}

func TestMissingAPIKey(t *testing.T) {
	t.Setenv("CONDUIT_INFERENCE_API_KEY", "")
	url, hits := conduittest.Counting(t)
	c, err := inference.New(conduit.WithBaseURL(url))
	require.NoError(t, err)
	_, err1 := c.CreateChatCompletion(context.Background(), hello())
	_, err2 := c.StreamChatCompletion(context.Background(), hello())
	_, err3 := c.ListModels(context.Background())
	for _, err := range []error{err1, err2, err3} {
		assert.ErrorIs(t, err, conduit.ErrMissingCredential)
		assert.Contains(t, err.Error(), "inference.WithAPIKey or CONDUIT_INFERENCE_API_KEY")
	}
	assert.Zero(t, hits.Load())
}

func TestConfigFromEnv(t *testing.T) {
	conduittest.ReplayEnv(t)
	c, err := inference.New()
	require.NoError(t, err)
	l, err := c.ListModels(context.Background())
	require.NoError(t, err)
	assert.NotEmpty(t, l.Data)
}

func FuzzContextWindow(f *testing.F) {
	for _, s := range []string{`131072`, `"8192"`, `null`, `-1`, `1.5`, `"abc"`, `{}`, `99999999999999999999`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var w inference.ContextWindow
		if err := w.UnmarshalJSON([]byte(in)); err == nil && w < 0 {
			t.Fatalf("%q decoded to negative %d", in, w)
		}
	})
}

func FuzzChunk(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"delta":{"content":"hi"}}]}`,
		`{"choices":[],"x_groq":{"usage":{"total_tokens":3,"total_time":0.5}}}`,
		`{"usage":{"total_tokens":1},"x_groq":{"usage":{"total_tokens":2}}}`,
		`{"usage":null}`, `null`, `[]`, `{"x_groq":5}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var c inference.ChatCompletionChunk
		b := []byte(in)
		if err := json.Unmarshal(b, &c); err != nil || strings.TrimSpace(in) == "null" {
			return
		}
		if !json.Valid(c.RawJSON()) {
			t.Fatalf("raw %q is not the JSON decoded", c.RawJSON())
		}
		for i := range b {
			b[i] = 'x' // the caller's buffer is reused: the chunk must not share it
		}
		if !json.Valid(c.RawJSON()) {
			t.Fatalf("chunk kept the caller's buffer")
		}
	})
}
