package banklink

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Each of these acts on the item, so each is a write: a failure that may
// have reached the server is not repeated.
var (
	refreshTransactionsOp  = transport.Declare[RequestOnly](service, transport.Op{Name: "RefreshTransactions", Method: "POST", Path: "/transactions/refresh", Write: true}, nil)
	updateItemWebhookOp    = transport.Declare[ItemWebhookUpdate](service, transport.Op{Name: "UpdateItemWebhook", Method: "POST", Path: "/item/webhook/update", Write: true}, nil)
	sandboxFireWebhookOp   = transport.Declare[SandboxFiredWebhook](service, transport.Op{Name: "SandboxFireWebhook", Method: "POST", Path: "/sandbox/item/fire_webhook", Write: true}, nil)
	createProcessorTokenOp = transport.Declare[ProcessorToken](service, transport.Op{Name: "CreateProcessorToken", Method: "POST", Path: "/processor/token/create", Write: true}, nil)
)

// RequestOnly is the answer of a call whose only result is that it was
// accepted: RefreshTransactions.
type RequestOnly struct {
	raw       `json:"-"`
	RequestID string `json:"request_id"`
}

// ItemWebhookUpdate is the answer of UpdateItemWebhook: the item with its
// new webhook.
type ItemWebhookUpdate struct {
	raw       `json:"-"`
	Item      Item   `json:"item"`
	RequestID string `json:"request_id"`
}

// SandboxFiredWebhook is the answer of SandboxFireWebhook.
type SandboxFiredWebhook struct {
	raw          `json:"-"`
	WebhookFired bool   `json:"webhook_fired"`
	RequestID    string `json:"request_id"`
}

// ProcessorToken is the answer of CreateProcessorToken. ProcessorToken is
// a credential for one account of the item: hand it to the processor
// only, never to a log.
type ProcessorToken struct {
	raw            `json:"-"`
	ProcessorToken string `json:"processor_token"`
	RequestID      string `json:"request_id"`
}

// SandboxFireWebhookParams are SandboxFireWebhook's optional inputs.
type SandboxFireWebhookParams struct {
	// WebhookType is the family of a DEFAULT_UPDATE to fire ("AUTH",
	// "HOLDINGS", "INVESTMENTS_TRANSACTIONS", "LIABILITIES",
	// "TRANSACTIONS", …); "" leaves the service's choice for the code.
	WebhookType WebhookType
}

type webhookUpdateBody struct {
	AccessToken string  `json:"access_token"`
	Webhook     *string `json:"webhook"` // null removes the item's webhook
}

type fireWebhookBody struct {
	AccessToken string      `json:"access_token"`
	WebhookType WebhookType `json:"webhook_type,omitempty"`
	WebhookCode WebhookCode `json:"webhook_code"`
}

type processorTokenBody struct {
	AccessToken string `json:"access_token"`
	AccountID   string `json:"account_id"`
	Processor   string `json:"processor"`
}

// RefreshTransactions asks the service to read the item's transactions
// from the institution now, outside its own schedule (a billed add-on).
// New or changed transactions then arrive as a SYNC_UPDATES_AVAILABLE
// webhook, to be read with SyncTransactions.
func (c *Client) RefreshTransactions(ctx context.Context, accessToken string, opts ...Option) (*RequestOnly, error) {
	if err := checkToken(refreshTransactionsOp.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	return refreshTransactionsOp.Do(ctx, c.t, transport.Call{Body: tokenBody{AccessToken: accessToken}, Secrets: []string{accessToken}}, opts)
}

// UpdateItemWebhook points the item's webhooks at webhook, an absolute
// http(s) URL, or stops them when webhook is "" (sent as null). The
// service confirms with a WEBHOOK_UPDATE_ACKNOWLEDGED webhook to the new
// URL.
func (c *Client) UpdateItemWebhook(ctx context.Context, accessToken, webhook string, opts ...Option) (*ItemWebhookUpdate, error) {
	op := updateItemWebhookOp
	if err := checkToken(op.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	if err := checkURL(op.Op, "webhook", webhook); err != nil {
		return nil, err
	}
	body := webhookUpdateBody{AccessToken: accessToken}
	if webhook != "" {
		body.Webhook = &webhook
	}
	return op.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{accessToken}}, opts)
}

// SandboxFireWebhook makes the sandbox post the webhook code names (with
// p.WebhookType, for DEFAULT_UPDATE) for the item to the item's webhook
// URL, so a webhook handler can be tested end to end; the webhook is
// signed as a live one is, so VerifyWebhook proves it. It only works
// against the sandbox host and for an item with a webhook URL (set when
// linking, or by UpdateItemWebhook). conduittest's fake posts the webhook
// too, to a loopback URL.
func (c *Client) SandboxFireWebhook(ctx context.Context, accessToken string, code WebhookCode, p *SandboxFireWebhookParams, opts ...Option) (*SandboxFiredWebhook, error) {
	op := sandboxFireWebhookOp
	if err := checkToken(op.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	if !isWord(string(code)) {
		return nil, op.Invalid("webhook_code", "%.40q is not a webhook code (upper-case words joined by _, such as SYNC_UPDATES_AVAILABLE)", code)
	}
	body := fireWebhookBody{AccessToken: accessToken, WebhookCode: code}
	if p != nil && p.WebhookType != "" {
		if !isWord(string(p.WebhookType)) {
			return nil, op.Invalid("webhook_type", "%.40q is not a webhook type (upper-case words joined by _, such as TRANSACTIONS)", p.WebhookType)
		}
		body.WebhookType = p.WebhookType
	}
	return op.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{accessToken}}, opts)
}

// CreateProcessorToken issues a token that lets processor (a payment or
// other partner of the service, named as the service names it: "dwolla",
// "modern_treasury", "moov", …) read one account, accountID, of the item,
// without handing it the item's access token.
func (c *Client) CreateProcessorToken(ctx context.Context, accessToken, accountID, processor string, opts ...Option) (*ProcessorToken, error) {
	op := createProcessorTokenOp
	if err := checkToken(op.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	if err := checkID(op.Op, "account_id", accountID); err != nil {
		return nil, err
	}
	if processor == "" || strings.Trim(processor, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return nil, op.Invalid("processor", "%.40q is not a processor's name as the service writes it (lower case, words joined by _)", processor)
	}
	body := processorTokenBody{AccessToken: accessToken, AccountID: accountID, Processor: processor}
	return op.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{accessToken}}, opts)
}

// isWord reports whether s is upper-case letters, digits and _, as the
// service writes its webhook types and codes.
func isWord(s string) bool {
	return s != "" && len(s) <= 64 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}
