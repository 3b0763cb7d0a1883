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
	fakes["chat"] = &fake{
		creds: map[string]string{
			"bot_token": "ct-chat-bot-token-7Kq2",
			// A webhook's id and token are path segments: per-call
			// credentials, taken from a chat.Webhook. The id is numeric, and
			// no request of the examples uses these digits elsewhere.
			"webhook_id":    "1180000000000097531",
			"webhook_token": "ct-chat-webhook-token-Zx81",
			// A user's OAuth2 bearer token, which alone may edit a
			// command's permissions.
			"bearer_token": "ct-chat-oauth-bearer-Qm47",
			// The token of the interaction the examples answer, a
			// per-call credential: a path segment of its calls.
			"interaction_token": "ct-chat-interaction-token-Hv29",
		},
		answers: map[string]answer{
			"ExecuteWebhook":       {handle: executeWebhook},
			"ExecuteWebhookWait":   {handle: executeWebhook},
			"CreateDM":             {fixture: "create_dm.json"},
			"GatewayBot":           {handle: gatewayBot},
			"DeleteMessage":        {handle: noContent},
			"CreateReaction":       {handle: noContent},
			"DeleteOwnReaction":    {handle: noContent},
			"WebhookMessage":       {handle: webhookFixture("webhook_message.json")},
			"EditWebhookMessage":   {handle: webhookFixture("edit_webhook_message.json")},
			"DeleteWebhookMessage": {handle: webhookFixture("")},

			"DeleteGlobalCommand":    {handle: noContent},
			"DeleteGuildCommand":     {handle: noContent},
			"EditCommandPermissions": {handle: editCommandPermissions},
			"JoinThread":             {handle: noContent},
			"LeaveThread":            {handle: noContent},
			"AddThreadMember":        {handle: noContent},
			"RemoveThreadMember":     {handle: noContent},
			"AddGuildMemberRole":     {handle: noContent},
			"RemoveGuildMemberRole":  {handle: noContent},
			"CreateGuildBan":         {handle: noContent},
			"RemoveGuildBan":         {handle: noContent},
			"DeleteGuildRole":        {handle: noContent},
			"PinMessage":             {handle: noContent},
			"UnpinMessage":           {handle: noContent},
			"BulkDeleteMessages":     {handle: noContent},
			"TriggerTyping":          {handle: noContent},

			"CreateInteractionResponse":         {handle: interactionFixture("")},
			"OriginalInteractionResponse":       {handle: interactionFixture("original_interaction_response.json")},
			"EditOriginalInteractionResponse":   {handle: interactionFixture("edit_original_interaction_response.json")},
			"DeleteOriginalInteractionResponse": {handle: interactionFixture("")},
			"CreateFollowupMessage":             {handle: interactionFixture("create_followup_message.json")},
			"FollowupMessage":                   {handle: interactionFixture("followup_message.json")},
			"EditFollowupMessage":               {handle: interactionFixture("edit_followup_message.json")},
			"DeleteFollowupMessage":             {handle: interactionFixture("")},
		},
		which: func(r *http.Request, body []byte) string {
			switch {
			case strings.HasSuffix(r.URL.Path, "/threads") && hasMember(body, "message"):
				return "StartForumThread" // a forum post: a thread with its first message
			case strings.HasSuffix(r.URL.Path, "/threads"):
				return "StartThread"
			case r.URL.Query().Get("wait") == "true":
				return "ExecuteWebhookWait"
			}
			return "ExecuteWebhook"
		},
	}
}

// noContent is the platform's answer to a deletion or a reaction: 204.
func noContent(w http.ResponseWriter, _ *http.Request, _ []byte) { w.WriteHeader(http.StatusNoContent) }

// chatError writes one of the platform's JSON failures.
func chatError(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write([]byte(body))
}

// webhookDenied answers as the platform does a webhook call with a wrong
// id (404) or token (401), and reports whether it did.
func webhookDenied(w http.ResponseWriter, r *http.Request) bool {
	id := Credential("chat", "webhook_id")
	token := Credential("chat", "webhook_token")
	switch {
	case r.PathValue("webhook_id") != id:
		chatError(w, http.StatusNotFound, `{"message": "Unknown Webhook", "code": 10015}`)
	case r.PathValue("webhook_token") != token:
		chatError(w, http.StatusUnauthorized, `{"message": "Invalid Webhook Token", "code": 50027}`)
	default:
		return false
	}
	return true
}

// webhookFixture answers a call on a webhook's message with fixture, or
// 204 when fixture is "".
func webhookFixture(fixture string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch {
		case webhookDenied(w, r):
		case fixture == "":
			noContent(w, r, body)
		default:
			serveFixture(w, "chat", fixture, 0)
		}
	}
}

// executeWebhook answers as the platform does: 401 for a wrong token, 404
// for an unknown webhook, 400 for a message with nothing to show, 204
// without wait=true, and the created message with it.
func executeWebhook(w http.ResponseWriter, r *http.Request, body []byte) {
	if webhookDenied(w, r) {
		return
	}
	payload, files := messagePayload(r, body)
	if jsonString(payload, "content") == "" && files == 0 && !hasMember(payload, "embeds") && !hasMember(payload, "components") {
		chatError(w, http.StatusBadRequest, `{"message": "Cannot send an empty message", "code": 50006}`)
		return
	}
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	serveFixture(w, "chat", "execute_webhook_wait.json", 0)
}

// messagePayload is a message request's JSON, from the body itself or,
// for a multipart upload, from its payload_json part, and the number of
// files the upload carries.
func messagePayload(r *http.Request, body []byte) (payload []byte, files int) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return body, 0
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			return payload, files
		}
		switch {
		case p.FormName() == "payload_json":
			payload, _ = io.ReadAll(p)
		case p.FileName() != "":
			files++
		}
	}
}

// hasMember reports whether a JSON object body has the member name, not
// null.
func hasMember(body []byte, name string) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(body, &m) == nil && m[name] != nil && string(m[name]) != "null"
}

// editCommandPermissions answers as the platform does: only a user's
// bearer token may edit a command's permissions; a bot token is refused.
func editCommandPermissions(w http.ResponseWriter, r *http.Request, _ []byte) {
	token := Credential("chat", "bearer_token")
	if r.Header.Get("Authorization") != "Bearer "+token {
		chatError(w, http.StatusUnauthorized, `{"message": "401: Unauthorized", "code": 0}`)
		return
	}
	serveFixture(w, "chat", "edit_command_permissions.json", 0)
}

// interactionFixture answers a call reached by an interaction's token
// with fixture, or 204 when fixture is "": a wrong token is the
// platform's 401, an unknown webhook or interaction its 404.
func interactionFixture(fixture string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch {
		case r.PathValue("interaction_token") != Credential("chat", "interaction_token"):
			chatError(w, http.StatusUnauthorized, `{"message": "Invalid Webhook Token", "code": 50027}`)
		case fixture == "":
			noContent(w, r, body)
		default:
			serveFixture(w, "chat", fixture, 0)
		}
	}
}
