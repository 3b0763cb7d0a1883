package conduittest

import (
	"net/http"
)

func init() {
	fakes["chat"] = &fake{
		creds: map[string]string{
			"bot_token": "ct-chat-bot-token-7Kq2",
			// A webhook's id and token are path segments: per-call
			// credentials, taken from a chat.Webhook. The id is numeric, and
			// no request of the examples uses these digits elsewhere.
			"webhook_id":    "1180000000000097531",
			"webhook_token": "ct-chat-webhook-token-Zx81",
		},
		answers: map[string]answer{
			"ExecuteWebhook":     {handle: executeWebhook},
			"ExecuteWebhookWait": {handle: executeWebhook},
		},
		which: func(r *http.Request, _ []byte) string {
			if r.URL.Query().Get("wait") == "true" {
				return "ExecuteWebhookWait"
			}
			return "ExecuteWebhook"
		},
	}
}

// executeWebhook answers as the platform does: 401 for a wrong token, 404
// for an unknown webhook, 400 for an empty message, 204 without wait=true,
// and the created message with it.
func executeWebhook(w http.ResponseWriter, r *http.Request, body []byte) {
	id, _ := Credential("chat", "webhook_id")
	token, _ := Credential("chat", "webhook_token")
	switch {
	case r.PathValue("webhook_id") != id:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"message": "Unknown Webhook", "code": 10015}`))
		return
	case r.PathValue("webhook_token") != token:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"message": "Invalid Webhook Token", "code": 50027}`))
		return
	case jsonString(body, "content") == "":
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"message": "Cannot send an empty message", "code": 50006}`))
		return
	case r.URL.Query().Get("wait") != "true":
		w.WriteHeader(http.StatusNoContent)
		return
	}
	serveFixture(w, "chat", "execute_webhook_wait.json", 0)
}
