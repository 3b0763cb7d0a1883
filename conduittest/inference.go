package conduittest

import (
	"encoding/json"
	"net/http"
)

func init() {
	fakes["inference"] = &fake{
		creds: map[string]string{"api_key": "ct-inference-api-key-7Kq2"},
		answers: map[string]answer{
			"CreateChatCompletion": {pick: pickChat},
			"StreamChatCompletion": {pick: pickChat},
			"ListModels":           {fixture: "list_models.json"},
			"Model":                {fixture: "model.json"},
			"CreateEmbeddings":     {pick: pickEmbeddings},
		},
		which: func(_ *http.Request, body []byte) string {
			var req struct{ Stream bool }
			if json.Unmarshal(body, &req) == nil && req.Stream {
				return "StreamChatCompletion"
			}
			return "CreateChatCompletion"
		},
	}
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

// pickEmbeddings answers in the encoding asked for, with one vector for a
// text and one per text for a list.
func pickEmbeddings(_ *http.Request, body []byte) string {
	var req struct {
		Input          json.RawMessage `json:"input"`
		EncodingFormat string          `json:"encoding_format"`
	}
	json.Unmarshal(body, &req)
	switch {
	case req.EncodingFormat == "base64":
		return "create_embeddings_base64.json"
	case len(req.Input) > 0 && req.Input[0] == '[':
		return "create_embeddings_list.json"
	}
	return "create_embeddings.json"
}
