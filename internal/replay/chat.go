package replay

import (
	"net/http"
	"os"
	"path/filepath"
)

func init() {
	bot := []Place{{Cred: "bot_token", In: InHeader, Name: "Authorization", Prefix: "Bot "}}
	hook := []Place{{Cred: "webhook_id", In: InPath}, {Cred: "webhook_token", In: InPath}}
	Register(Package{
		Name:  "chat",
		Bases: []string{"chat_url", "chat_webhook_base"},
		Credentials: map[string]string{
			"bot_token": "rp-chat-bot-token-7Kq2",
			// Webhook ids are numeric; no request of the tour uses these digits elsewhere.
			"webhook_id":    "1180000000000097531",
			"webhook_token": "rp-chat-webhook-token-Zx81",
		},
		Routes: []Route{
			{Base: "chat_url", Method: "GET", Path: "/users/@me", Fixture: "current_user.json", Auth: bot},
			{Base: "chat_url", Method: "POST", Path: "/channels/{channel_id}/messages", Fixture: "create_message.json", Auth: bot},
			{Base: "chat_url", Method: "GET", Path: "/guilds/{guild_id}/channels", Fixture: "guild_channels.json", Auth: bot},
			{Base: "chat_webhook_base", Method: "POST", Path: "/webhooks/{webhook_id}/{webhook_token}", Auth: hook, Handler: executeWebhook},
		},
	})
}

// executeWebhook answers as the platform does: 400 for an empty message, 204
// without wait=true, and the created message with it.
func executeWebhook(w http.ResponseWriter, r *http.Request, body []byte) {
	if jsonString(body, "content") == "" {
		writeError(w, http.StatusBadRequest, "50006", "Cannot send an empty message")
		return
	}
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	b, err := os.ReadFile(filepath.Join(TestdataDir(), "chat", "execute_webhook_wait.json"))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fixture", err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}
