package conduittest

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
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
			"CreateTranscription":  {handle: audioAnswer("create_transcription")},
			"CreateTranslation":    {handle: audioAnswer("create_translation")},
			"CreateSpeech":         {handle: speechAnswer},
			"CreateResponse":       {fixture: "create_response.json"},
			"StreamResponse":       {fixture: "response_stream.sse"},
		},
		which: func(r *http.Request, body []byte) string {
			var req struct{ Stream bool }
			stream := json.Unmarshal(body, &req) == nil && req.Stream
			switch {
			case strings.HasSuffix(r.URL.Path, "/responses") && stream:
				return "StreamResponse"
			case strings.HasSuffix(r.URL.Path, "/responses"):
				return "CreateResponse"
			case stream:
				return "StreamChatCompletion"
			}
			return "CreateChatCompletion"
		},
	}
}

// pickChat answers a chat completion as its request asks: with tools, the
// model calls them, and once the last message is a tool's result it
// answers; with a json_schema response format, the reply is a JSON
// document; with reasoning_format, a streamed reply reasons first.
func pickChat(_ *http.Request, body []byte) string {
	var req struct {
		Stream          bool              `json:"stream"`
		Tools           []json.RawMessage `json:"tools"`
		ReasoningFormat string            `json:"reasoning_format"`
		ResponseFormat  struct {
			Type string `json:"type"`
		} `json:"response_format"`
		Messages []struct {
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
	case req.ResponseFormat.Type == "json_schema" && !req.Stream:
		return "create_chat_completion_json_schema.json"
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

// audioAnswer answers an audio upload as the host does: a 400 unless the
// body is multipart/form-data with a model field and either a non-empty
// file or a url field,
// else the transcript in the response_format asked for (the text form
// where the fixture has one, json otherwise).
func audioAnswer(base string) func(w http.ResponseWriter, r *http.Request, body []byte) {
	return func(w http.ResponseWriter, r *http.Request, body []byte) {
		mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "multipart/form-data" {
			writeError(w, http.StatusBadRequest, "invalid_request_error", "the body must be multipart/form-data")
			return
		}
		fields := map[string]string{}
		var file int64
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			if p.FormName() == "file" && p.FileName() != "" {
				file, _ = io.Copy(io.Discard, p)
				continue
			}
			v, _ := io.ReadAll(p)
			fields[p.FormName()] = string(v)
		}
		switch {
		case fields["model"] == "":
			writeError(w, http.StatusBadRequest, "invalid_request_error", "model is required")
			return
		case (file == 0) == (fields["url"] == ""):
			writeError(w, http.StatusBadRequest, "invalid_request_error", "either file or url must be provided")
			return
		}
		switch fields["response_format"] {
		case "text":
			if _, err := Fixture("inference", base+".txt"); err == nil {
				serveFixture(w, "inference", base+".txt", 0)
				return
			}
		case "verbose_json":
			if _, err := Fixture("inference", base+"_verbose.json"); err == nil {
				serveFixture(w, "inference", base+"_verbose.json", 0)
				return
			}
		}
		serveFixture(w, "inference", base+".json", 0)
	}
}

// speechAnswer answers with a short WAV when the request names a model, a
// voice and text to speak, as the host requires, else with a 400.
func speechAnswer(w http.ResponseWriter, _ *http.Request, body []byte) {
	var req struct{ Model, Input, Voice string }
	if json.Unmarshal(body, &req) != nil || req.Model == "" || req.Input == "" || req.Voice == "" {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "model, input and voice are required")
		return
	}
	w.Header().Set("Content-Type", "audio/wav")
	serveFixture(w, "inference", "create_speech.wav", 0)
}
