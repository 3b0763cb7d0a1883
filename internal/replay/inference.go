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
			{
				Base: "inference_url", Method: "POST", Path: "/chat/completions", Auth: bearer,
				Pick: func(_ *http.Request, body []byte) string {
					var req struct {
						Stream bool `json:"stream"`
					}
					if json.Unmarshal(body, &req) == nil && req.Stream {
						return "chat_completion_stream.sse"
					}
					return "create_chat_completion.json"
				},
			},
			{Base: "inference_url", Method: "GET", Path: "/models", Fixture: "list_models.json", Auth: bearer},
		},
	})
}
