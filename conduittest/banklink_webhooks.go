package conduittest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"

	"time"
)

// The keys of the bank-linking fake's state in a Server.
const (
	banklinkWebhookURL = "banklink.webhook" // the fake item's webhook URL
	banklinkFired      = "banklink.fired"   // []*Request: the webhooks fired
)

// put and get keep a fake's state between calls to one server.
func (s *Server) put(key string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == nil {
		s.state = map[string]any{}
	}
	s.state[key] = v
}

func (s *Server) get(key string) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state[key]
}

// sandboxCreatePublicToken answers from its fixture and keeps the
// webhook URL the request gave the item, as the sandbox does.
func sandboxCreatePublicToken(s *Server, w http.ResponseWriter, _ *http.Request, body []byte) {
	var req struct {
		Options struct {
			Webhook string `json:"webhook"`
		} `json:"options"`
	}
	if json.Unmarshal(body, &req) == nil && req.Options.Webhook != "" {
		s.put(banklinkWebhookURL, req.Options.Webhook)
	}
	serveFixture(w, "banklink", "sandbox_create_public_token.json", 0)
}

// updateItemWebhook keeps the item's new webhook URL ("" for null) and
// answers with the item carrying it.
func updateItemWebhook(s *Server, w http.ResponseWriter, _ *http.Request, body []byte) {
	if !banklinkToken(w, body) {
		return
	}
	hook := jsonString(body, "webhook")
	s.put(banklinkWebhookURL, hook)
	var answer map[string]any
	b, _ := Fixture("banklink", "update_item_webhook.json")
	json.Unmarshal(b, &answer)
	if item, ok := answer["item"].(map[string]any); ok {
		item["webhook"] = nil
		if hook != "" {
			item["webhook"] = hook
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(answer)
}

// investmentTransactionsPage answers with the page of the fixture's
// investment transactions that options.offset and options.count name, and
// their total, as the service pages them.
func investmentTransactionsPage(w http.ResponseWriter, _ *http.Request, body []byte) {
	var req struct {
		Options struct {
			Count  *int `json:"count"`
			Offset int  `json:"offset"`
		} `json:"options"`
	}
	json.Unmarshal(body, &req)
	count := 100
	if req.Options.Count != nil {
		count = *req.Options.Count
	}
	var answer map[string]any
	b, _ := Fixture("banklink", "investment_transactions.json")
	json.Unmarshal(b, &answer)
	all, _ := answer["investment_transactions"].([]any)
	answer["total_investment_transactions"] = len(all)
	from := min(max(req.Options.Offset, 0), len(all))
	answer["investment_transactions"] = all[from:min(from+max(count, 0), len(all))]
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(answer)
}

// fakeItem is the fake item as item.json has it.
type fakeItem struct {
	ItemID  string `json:"item_id"`
	Webhook string `json:"webhook"`
}

// banklinkItem is the fake item: its id, and the webhook URL it was
// linked with.
func banklinkItem() fakeItem {
	var answer struct {
		Item fakeItem `json:"item"`
	}
	b, _ := Fixture("banklink", "item.json")
	json.Unmarshal(b, &answer)
	return answer.Item
}

// banklinkWebhookBody returns the webhook the sandbox posts for typ and
// code, with the members the service documents for it, or nil for a pair
// the fake does not fire.
func banklinkWebhookBody(typ, code string) []byte {
	ev := map[string]any{"webhook_code": code, "item_id": banklinkItem().ItemID, "environment": "sandbox"}
	switch code {
	case "SYNC_UPDATES_AVAILABLE":
		if typ != "" && typ != "TRANSACTIONS" {
			return nil
		}
		ev["webhook_type"] = "TRANSACTIONS"
		ev["initial_update_complete"], ev["historical_update_complete"] = true, true
	case "DEFAULT_UPDATE":
		ev["webhook_type"], ev["error"] = typ, nil
		switch typ {
		case "TRANSACTIONS":
			ev["new_transactions"] = 3
		case "HOLDINGS":
			ev["new_holdings"], ev["updated_holdings"] = 1, 2
		case "INVESTMENTS_TRANSACTIONS":
			ev["new_investments_transactions"], ev["cancelled_investments_transactions"] = 3, 0
		default:
			return nil
		}
	case "NEW_ACCOUNTS_AVAILABLE", "USER_PERMISSION_REVOKED", "LOGIN_REPAIRED":
		if typ != "" && typ != "ITEM" {
			return nil
		}
		ev["webhook_type"] = "ITEM"
		if code != "LOGIN_REPAIRED" {
			ev["error"] = nil
		}
	default:
		return nil
	}
	b, _ := json.Marshal(ev)
	return b
}

// sandboxFireWebhook fires a webhook as the sandbox does: to the item's
// webhook URL, signed with the fake's key (BanklinkWebhookHeader). The
// fake posts it only to a loopback URL (127.0.0.1, ::1 or localhost),
// before it answers, so a test's handler has it when the call returns;
// every webhook it fires, posted or not, is kept for BanklinkWebhooks.
func sandboxFireWebhook(s *Server, w http.ResponseWriter, r *http.Request, body []byte) {
	if !banklinkToken(w, body) {
		return
	}
	hook, set := s.get(banklinkWebhookURL).(string)
	if !set {
		hook = banklinkItem().Webhook // the URL the fake item was linked with
	}
	if hook == "" {
		serveFixture(w, "banklink", "sandbox_webhook_invalid.json", http.StatusBadRequest)
		return
	}
	ev := banklinkWebhookBody(jsonString(body, "webhook_type"), jsonString(body, "webhook_code"))
	if ev == nil {
		serveFixture(w, "banklink", "invalid_field.json", http.StatusBadRequest)
		return
	}
	u, err := url.Parse(hook)
	if err != nil {
		serveFixture(w, "banklink", "sandbox_webhook_invalid.json", http.StatusBadRequest)
		return
	}
	header := BanklinkWebhookHeader(ev, time.Now())
	header.Set("Content-Type", "application/json")
	fired := &Request{Method: http.MethodPost, Path: u.EscapedPath(), Query: u.Query(), Header: header, Body: ev}
	s.mu.Lock()
	if s.state == nil {
		s.state = map[string]any{}
	}
	list, _ := s.state[banklinkFired].([]*Request)
	s.state[banklinkFired] = append(list, fired)
	s.mu.Unlock()
	if loopback(u) {
		deliver(r.Context(), hook, fired)
	}
	serveFixture(w, "banklink", "sandbox_fire_webhook.json", 0)
}

// loopback reports whether u is an http(s) URL on this machine, the only
// place the fake posts to.
func loopback(u *url.URL) bool {
	if u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// deliver posts a fired webhook, following no redirect and giving up
// after ten seconds; what the receiver answers does not change the fire
// call's answer, as with the service.
func deliver(ctx context.Context, hook string, fired *Request) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hook, bytes.NewReader(fired.Body))
	if err != nil {
		return
	}
	req.Header = fired.Header.Clone()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		return
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
}

// BanklinkWebhooks returns the webhooks the bank-linking fake fired
// (SandboxFireWebhook), oldest first, each as it was posted or would have
// been: Path and Query those of the item's webhook URL, Header carrying
// the Plaid-Verification signature, Body the event. The fake posts only
// to a loopback URL; for any other, pass Body and Header to
// banklink.Client.VerifyWebhook and to the handler under test directly.
func (s *Server) BanklinkWebhooks() []Request {
	list, _ := s.get(banklinkFired).([]*Request)
	out := make([]Request, 0, len(list))
	for _, r := range list {
		out = append(out, r.clone())
	}
	return out
}
