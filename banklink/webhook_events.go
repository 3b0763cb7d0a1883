package banklink

import "time"

// WebhookType is the family of a webhook.
type WebhookType string

// The families this package types; others decode all the same, with
// their own fields reachable through RawJSON.
const (
	WebhookTransactions WebhookType = "TRANSACTIONS"
	WebhookItem         WebhookType = "ITEM"
)

// More families, each named by SandboxFireWebhook's webhook_type for the
// DEFAULT_UPDATE of its product.
const (
	WebhookAuth                    WebhookType = "AUTH"
	WebhookHoldings                WebhookType = "HOLDINGS"
	WebhookInvestmentsTransactions WebhookType = "INVESTMENTS_TRANSACTIONS"
	WebhookLiabilities             WebhookType = "LIABILITIES"
)

// WebhookCode is what happened, within a family.
type WebhookCode string

// The codes of the TRANSACTIONS family.
const (
	// SyncUpdatesAvailable: call SyncTransactions (or
	// AllTransactionUpdates) from the kept cursor.
	SyncUpdatesAvailable WebhookCode = "SYNC_UPDATES_AVAILABLE"
	// The codes of integrations that read /transactions/get.
	InitialUpdate       WebhookCode = "INITIAL_UPDATE"
	HistoricalUpdate    WebhookCode = "HISTORICAL_UPDATE"
	DefaultUpdate       WebhookCode = "DEFAULT_UPDATE"
	TransactionsRemoved WebhookCode = "TRANSACTIONS_REMOVED"
)

// The codes of the ITEM family.
const (
	// ItemErrorCode: the item is in Error's state (ITEM_LOGIN_REQUIRED:
	// send the user through Link in update mode).
	ItemErrorCode             WebhookCode = "ERROR"
	LoginRepaired             WebhookCode = "LOGIN_REPAIRED"
	NewAccountsAvailable      WebhookCode = "NEW_ACCOUNTS_AVAILABLE"
	PendingExpiration         WebhookCode = "PENDING_EXPIRATION"
	PendingDisconnect         WebhookCode = "PENDING_DISCONNECT"
	UserPermissionRevoked     WebhookCode = "USER_PERMISSION_REVOKED"
	UserAccountRevoked        WebhookCode = "USER_ACCOUNT_REVOKED"
	WebhookUpdateAcknowledged WebhookCode = "WEBHOOK_UPDATE_ACKNOWLEDGED"
)

// WebhookEvent is a webhook of the transactions or item family, as
// VerifyWebhook returns it. WebhookType and WebhookCode say which members
// the service filled; the others stay zero.
type WebhookEvent struct {
	raw         `json:"-"`
	WebhookType WebhookType `json:"webhook_type"`
	WebhookCode WebhookCode `json:"webhook_code"`
	ItemID      string      `json:"item_id"`
	// Environment is "sandbox" or "production".
	Environment string `json:"environment"`
	// Error is the item's failure (ITEM ERROR), or one that stopped a
	// transactions update.
	Error *ErrorObject `json:"error"`

	// SYNC_UPDATES_AVAILABLE.
	InitialUpdateComplete    bool `json:"initial_update_complete"`
	HistoricalUpdateComplete bool `json:"historical_update_complete"`
	// INITIAL_UPDATE, HISTORICAL_UPDATE, DEFAULT_UPDATE.
	NewTransactions int `json:"new_transactions"`
	// TRANSACTIONS_REMOVED: the ids of the removed transactions.
	RemovedTransactions []string `json:"removed_transactions"`

	// PENDING_EXPIRATION.
	ConsentExpirationTime time.Time `json:"consent_expiration_time"`
	// PENDING_DISCONNECT: why, and when it happens.
	Reason         string    `json:"reason"`
	DisconnectTime time.Time `json:"disconnect_time"`
	// USER_ACCOUNT_REVOKED.
	AccountID string `json:"account_id"`
	// WEBHOOK_UPDATE_ACKNOWLEDGED.
	NewWebhookURL string `json:"new_webhook_url"`
}
