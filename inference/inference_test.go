package inference_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const testKey = "sk-test-inference-Zq81"

func newReplay(t *testing.T) *inference.Client {
	return testkit.Replay(t, "inference", inference.New)
}

// client is a keyed client of srv, with fast retries.
func client(t *testing.T, srv *testkit.Server, opts ...inference.Option) *inference.Client {
	return testkit.Client(t, inference.New, append([]inference.Option{conduit.WithBaseURL(srv.URL + "/v1"), inference.WithAPIKey(testKey), testkit.Fast}, opts...)...)
}

// newServer is a client of a local server run by h, with fast retries.
func newServer(t *testing.T, h http.HandlerFunc, opts ...inference.Option) *inference.Client {
	return client(t, testkit.Serve(t, h), opts...)
}

// fixture answers 200 with a file of testdata/inference.
func fixture(t *testing.T, name string) testkit.Reply {
	return testkit.Reply{Body: testkit.Fixture(t, "inference", name)}
}

func hello() inference.ChatCompletionRequest {
	return inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Explain why fast inference matters.")},
	}
}

func ptr[T any](v T) *T { return &v }

func TestCreateChatCompletion(t *testing.T) {
	c := newReplay(t)
	r, err := c.CreateChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.Equal(t, "Fast inference keeps conversations natural: replies arrive before the user loses their train of thought.", r.Content())
	assert.Equal(t, inference.FinishReasonStop, r.Choices[0].FinishReason)
	assert.Equal(t, inference.RoleAssistant, r.Choices[0].Message.Role)
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
	assert.Equal(t, inference.RoleAssistant, chunks[0].Choices[0].Delta.Role)
	assert.Nil(t, chunks[0].Usage)
	last := chunks[len(chunks)-1]
	assert.Equal(t, inference.FinishReasonStop, last.Choices[0].FinishReason)
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

func assertAuth(t *testing.T, got testkit.Request) {
	t.Helper()
	assert.Equal(t, "Bearer "+testKey, got.Header.Get("Authorization"))
	assert.Equal(t, []string{"header Authorization"}, got.Holds(testKey), "the key is in Authorization only")
	assert.Equal(t, "conduit-go/"+conduit.Version, got.Header.Get("User-Agent"))
}

func TestCreateChatCompletionRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "create_chat_completion.json"))
	c := client(t, srv)
	req := hello()
	req.Messages = append([]inference.Message{inference.SystemMessage("Be brief.")}, req.Messages...)
	req.Temperature = ptr(0.2)
	req.MaxTokens = ptr(64)
	req.Stop = []string{"\n\n"}
	_, err := c.CreateChatCompletion(context.Background(), req)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/chat/completions", got.Path)
	assert.Empty(t, got.Query)
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"system","content":"Be brief."},
		{"role":"user","content":"Explain why fast inference matters."}],"temperature":0.2,"max_tokens":64,"stop":["\n\n"]}`, string(got.Body),
		"unset options and stream are left out")
	assertAuth(t, got)
}

func TestStreamChatCompletionRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "text/event-stream", Body: "data: [DONE]\n\n"})
	s, err := client(t, srv).StreamChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.False(t, s.Next())
	require.NoError(t, s.Err())
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/chat/completions", got.Path)
	assert.Equal(t, "text/event-stream", got.Header.Get("Accept"))
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"user","content":"Explain why fast inference matters."}],"stream":true}`, string(got.Body))
	assertAuth(t, got)
}

func TestListModelsRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "list_models.json"))
	_, err := client(t, srv).ListModels(context.Background())
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/v1/models", got.Path)
	assert.Empty(t, got.Query)
	assert.Empty(t, got.Body)
	assert.Empty(t, got.Header.Get("Content-Type"))
	assertAuth(t, got)
}

func TestErrors(t *testing.T) {
	reply := func(status int, name string, header ...string) testkit.Reply {
		r := fixture(t, name)
		r.Status, r.Header = status, header
		return r
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "401 invalid key", Reply: reply(401, "invalid_api_key.json"), Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "invalid_api_key", Message: "Invalid API Key"}},
		{Name: "404 unknown model", Reply: reply(404, "model_not_found.json"), Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "model_not_found", Message: "The model `llama-9-1t` does not exist or you do not have access to it."}},
		{Name: "429 with Retry-After", Reply: reply(429, "rate_limited.json", "Retry-After", "1"), Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "rate_limit_exceeded", Message: "Rate limit reached for model `llama-3.3-70b-versatile` in organization `org_01replay` on tokens per minute (TPM): Limit 6000, Used 5980, Requested 120. Please try again in 1s."}},
		{Name: "502 html from a proxy", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: "<html><h1>502 Bad Gateway</h1></html>"}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
		{Name: "500 plain text", Reply: testkit.Reply{Status: 500, ContentType: "text/plain", Body: "upstream connect error"}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500, Message: "upstream connect error"}},
		{Name: "200 with an error object", Reply: testkit.Reply{Body: `{"error":{"message":"model overloaded","type":"server_error"}}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "server_error", Message: "model overloaded"}},
		{Name: "200 with no choices", Reply: testkit.Reply{Body: `{"id":"x","object":"chat.completion","choices":[]}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Message: "the completion has no choices"}},
		{Name: "200 null", Reply: testkit.Reply{Body: `null`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		{Name: "200 truncated", Reply: testkit.Reply{Body: `{"id":"x","choices":[{"message":{"content":"hi`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	}, []string{testKey}, testkit.Op{Service: "inference", Op: "CreateChatCompletion", Endpoint: "POST /chat/completions", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, inference.New, conduit.WithBaseURL(url), inference.WithAPIKey(testKey), conduit.WithMaxRetries(0)).CreateChatCompletion(context.Background(), hello())
		return err
	}})
}

func TestStreamErrorStatus(t *testing.T) {
	s, err := client(t, testkit.Start(t, reply401(t))).StreamChatCompletion(context.Background(), hello())
	assert.Nil(t, s)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Service: "inference", Op: "StreamChatCompletion", Status: 401, Code: "invalid_api_key"})
	testkit.NoSecret(t, err, testKey)
}

func reply401(t *testing.T) testkit.Reply {
	r := fixture(t, "invalid_api_key.json")
	r.Status = 401
	return r
}

func TestReplayRejectsWrongKey(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, inference.New, conduit.WithBaseURL(srv.URL("inference", "inference_url")), inference.WithAPIKey("wrong-key-zz"))
	_, err := c.ListModels(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	testkit.NoSecret(t, err, "wrong-key-zz")
}

// A chat completion reads and changes nothing, so it is retried like a GET.
func TestCreateChatCompletionRetries(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable}, fixture(t, "create_chat_completion.json"))
	r, err := client(t, srv).CreateChatCompletion(context.Background(), hello())
	require.NoError(t, err)
	assert.Equal(t, 2, srv.Hits())
	assert.NotEmpty(t, r.Content())
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	user := []inference.Message{inference.UserMessage("hi")}
	cases := append([]badRequest{
		{"model", inference.ChatCompletionRequest{Messages: user}},
		{"messages", inference.ChatCompletionRequest{Model: "m"}},
		{"messages", inference.ChatCompletionRequest{Model: "m", Messages: []inference.Message{}}},
		{"messages[1].role", inference.ChatCompletionRequest{Model: "m", Messages: append(user, inference.Message{Content: inference.TextContent("x")})}},
		{"messages[0].content", inference.ChatCompletionRequest{Model: "m", Messages: []inference.Message{{Role: "user"}}}},
		{"temperature", inference.ChatCompletionRequest{Model: "m", Messages: user, Temperature: ptr(-0.1)}},
		{"temperature", inference.ChatCompletionRequest{Model: "m", Messages: user, Temperature: ptr(2.5)}},
		{"top_p", inference.ChatCompletionRequest{Model: "m", Messages: user, TopP: ptr(1.5)}},
		{"max_tokens", inference.ChatCompletionRequest{Model: "m", Messages: user, MaxTokens: ptr(0)}},
	}, badOptions()...)
	var inputs []testkit.Input
	for _, tc := range cases {
		inputs = append(inputs, testkit.Input{Field: tc.field, Call: func() error {
			_, err := c.CreateChatCompletion(context.Background(), tc.req)
			return err
		}}, testkit.Input{Field: tc.field, Call: func() error {
			s, err := c.StreamChatCompletion(context.Background(), tc.req)
			if s != nil {
				return fmt.Errorf("a stream beside the error %v", err)
			}
			return err
		}})
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "inference"}, inputs, testKey)
}

func TestMissingAPIKey(t *testing.T) {
	t.Setenv("CONDUIT_INFERENCE_API_KEY", "")
	srv := testkit.Start(t)
	c := testkit.Client(t, inference.New, conduit.WithBaseURL(srv.URL))
	testkit.MissingCredential(t, srv, "inference.WithAPIKey", "CONDUIT_INFERENCE_API_KEY",
		func() error { _, err := c.CreateChatCompletion(context.Background(), hello()); return err },
		func() error { _, err := c.StreamChatCompletion(context.Background(), hello()); return err },
		func() error { _, err := c.ListModels(context.Background()); return err })
}

func TestConfigFromEnv(t *testing.T) {
	testkit.ReplayEnv(t)
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
		`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"c","function":{"arguments":"{\"a"}}]},"logprobs":{"content":[]}}]}`,
		`{"choices":[{"delta":{"reasoning_content":"why"}}],"reasoning_content":1}`,
		`{"choices":[{"delta":{"reasoning_content":5}}]}`,
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

// Content keeps the property of every tolerant decoder: what decodes
// encodes, and encodes the same after a second round.
func FuzzContent(f *testing.F) {
	for _, s := range []string{`"hi"`, `null`, `[]`, `[{"type":"text","text":"a"},{"type":"image_url","image_url":{"url":"u","detail":"low"}}]`, `[{"type":"x"}]`, `7`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		testkit.RoundTrip[inference.Content](t, []byte(in))
		testkit.RoundTrip[inference.ToolChoice](t, []byte(in))
	})
}
