package replay

import (
	"encoding/json"
	"net/http"
)

func init() {
	bearer := []Place{{Cred: "api_key", In: InHeader, Name: "Authorization", Prefix: "Bearer "}}
	Register(Package{
		Name:        "inference",
		Bases:       []string{"inference_url"},
		Credentials: map[string]string{"api_key": "rp-inference-api-key-7Kq2"},
		Routes: []Route{
			{Base: "inference_url", Method: "POST", Path: "/chat/completions", Auth: bearer, Pick: pickChat},
			{Base: "inference_url", Method: "GET", Path: "/models", Fixture: "list_models.json", Auth: bearer},
		},
	})
}

// pickChat answers a chat completion as its request asks: with tools, the
// model calls them, and once the last message is a tool's result it
// answers; with reasoning_format, a streamed reply reasons first.
func pickChat(_ *http.Request, body []byte) string {
	var req struct {
		Stream          bool              `json:"stream"`
		Tools           []json.RawMessage `json:"tools"`
		ReasoningFormat string            `json:"reasoning_format"`
		Messages        []struct {
			Role string `json:"role"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil {
		return "create_chat_completion.json"
	}
	answered := len(req.Messages) > 0 && req.Messages[len(req.Messages)-1].Role == "tool"
	switch {
	case len(req.Tools) > 0 && answered && !req.Stream:
		return "create_chat_completion_tool_answer.json"
	case len(req.Tools) > 0 && !answered && req.Stream:
		return "chat_completion_tool_calls_stream.sse"
	case len(req.Tools) > 0 && !answered:
		return "create_chat_completion_tool_calls.json"
	case req.ReasoningFormat != "" && req.Stream:
		return "chat_completion_reasoning_stream.sse"
	case req.Stream:
		return "chat_completion_stream.sse"
	}
	return "create_chat_completion.json"
}
