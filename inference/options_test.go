package inference_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a path relative to inference_url, version included, with the
// key as a Bearer token as the typed calls send it; a POST through Do is a
// write, sent once unless the caller says repeating it is harmless.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.25,-0.5]}]}`})
	c := client(t, srv)
	var out struct {
		Data []struct {
			Embedding []float64 `json:"embedding"`
		} `json:"data"`
	}
	in := map[string]any{"model": "nomic-embed-text-v1_5", "input": "hello"}
	require.NoError(t, c.Do(context.Background(), "POST", "/embeddings", in, &out, conduit.WithIdempotent()))
	require.Len(t, out.Data, 1)
	assert.Equal(t, []float64{0.25, -0.5}, out.Data[0].Embedding)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/v1/embeddings", got.URI)
	assert.JSONEq(t, `{"model":"nomic-embed-text-v1_5","input":"hello"}`, string(got.Body))
	assertAuth(t, got)

	overloaded := testkit.Reply{Status: http.StatusServiceUnavailable, Body: testkit.Fixture(t, "inference", "overloaded.json")}
	srv = testkit.Start(t, overloaded, overloaded, overloaded, testkit.Reply{Body: `{"id":"batch_01","status":"validating"}`})
	c = client(t, srv)
	err := c.Do(context.Background(), "POST", "/batches", map[string]any{"input_file_id": "file_01"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "inference", Op: "Do", Endpoint: "POST /batches", Status: 503,
		Code: "server_is_overloaded", Message: "The server is overloaded; please retry shortly."})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assertAuth(t, srv.Last(t))
	testkit.NoSecret(t, err, testKey)

	require.NoError(t, c.Do(context.Background(), "POST", "/batches", map[string]any{"input_file_id": "file_01"}, nil, conduit.WithIdempotent()))
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, it is retried like a read")
}

// Per-call options reach the wire of a typed call, a body field beside the
// typed members (a field this package does not type), and WithResponse
// describes the answer: request id and both budgets.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "inference", "create_chat_completion.json"),
		Header: []string{"X-Request-Id", "req_01k0a", "X-Ratelimit-Limit-Requests", "14400", "X-Ratelimit-Remaining-Requests", "14370",
			"X-Ratelimit-Reset-Requests", "2m59.56s", "X-Ratelimit-Limit-Tokens", "6000", "X-Ratelimit-Remaining-Tokens", "5521",
			"X-Ratelimit-Reset-Tokens", "7.66s"}})
	c := client(t, srv)
	var resp conduit.Response
	_, err := c.CreateChatCompletion(context.Background(), hello(), conduit.WithHeader("OpenAI-Organization", "org_01"),
		conduit.WithQuery("api-version", "2024-10-21"), conduit.WithBodyField("service_tier", "flex"),
		conduit.WithBodyField("seed", 7), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "org_01", got.Header.Get("OpenAI-Organization"))
	assert.Equal(t, "/v1/chat/completions?api-version=2024-10-21", got.URI)
	assert.JSONEq(t, `{"model":"llama-3.3-70b-versatile","messages":[{"role":"user","content":"Explain why fast inference matters."}],
		"service_tier":"flex","seed":7}`, string(got.Body))
	assertAuth(t, got)

	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "req_01k0a", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, srv.URL+"/v1/chat/completions?api-version=2024-10-21", resp.URL)
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, conduit.Budget{Limit: 14400, Remaining: 14370, Reset: 2*time.Minute + 59560*time.Millisecond}, resp.RateLimit.Requests)
	assert.Equal(t, conduit.Budget{Limit: 6000, Remaining: 5521, Reset: 7660 * time.Millisecond}, resp.RateLimit.Tokens)

	_, err = c.ListModels(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("OpenAI-Organization"), "a call's options end with the call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.CreateChatCompletion(context.Background(), hello(), conduit.WithHeader("Authorization", "Bearer other"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "inference", Op: "CreateChatCompletion", Field: "options"})
	_, err = c.ListModels(context.Background(), conduit.WithBodyField("x", 1))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "inference", Op: "ListModels", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}

// A body field goes into a streamed request too, beside "stream": true.
func TestStreamPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "text/event-stream", Body: "data: [DONE]\n\n", Header: []string{"X-Request-Id", "req_01k0b"}})
	var resp conduit.Response
	s, err := client(t, srv).StreamChatCompletion(context.Background(), hello(), conduit.WithBodyField("service_tier", "auto"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.False(t, s.Next())
	require.NoError(t, s.Err())
	body := srv.Last(t).JSON(t)
	assert.Equal(t, "auto", body["service_tier"])
	assert.Equal(t, true, body["stream"])
	assert.Equal(t, "req_01k0b", resp.RequestID)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}

// inference_url pasted with or without its v1, with or without a trailing
// slash, reaches the same URL.
func TestVersionSegment(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "list_models.json"))
	for _, base := range []string{srv.URL + "/openai", srv.URL + "/openai/", srv.URL + "/openai/v1", srv.URL + "/openai/v1/"} {
		_, err := testkit.Client(t, inference.New, conduit.WithBaseURL(base), inference.WithAPIKey(testKey)).ListModels(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/openai/v1/models", srv.Last(t).Path, "%s: the version segment is sent once", base)
	}
	assert.Equal(t, 4, srv.Hits())
}
