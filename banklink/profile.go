package banklink

import "github.com/conduit-sdk/conduit/internal/transport"

// errorProfile reads the service's one failure shape, {"error_type",
// "error_code", "error_message", "display_message", "request_id"}, sent
// with status 400 for nearly everything: the code, and then the type,
// decide what a failure means, not the status (see the package
// documentation's table).
var errorProfile = transport.Profile{
	Code:      []string{"error_code"},
	Reason:    []string{"error_type"},
	Message:   []string{"error_message"},
	RequestID: []string{"request_id"},
	Codes: map[string]transport.Meaning{
		// The caller's credentials: fix the configuration, do not retry.
		"INVALID_API_KEYS":         transport.Unauthorized,
		"UNAUTHORIZED_ENVIRONMENT": transport.Unauthorized, // keys not enabled for this host
		"INVALID_ACCESS_TOKEN":     transport.Unauthorized,
		// An error_type: every per-endpoint *_LIMIT code comes with it.
		"RATE_LIMIT_EXCEEDED": transport.RateLimited,
		// Under that type, the one that is no rate: the Items the plan or
		// environment allows are all added, and only a plan change lifts it.
		"ADDITION_LIMIT":        transport.QuotaExceeded,
		"INSTITUTION_NOT_FOUND": transport.NotFound,
		"ITEM_NOT_FOUND":        transport.NotFound,
		// The run of pages must restart from its first cursor, which one
		// request alone cannot do: AllTransactionUpdates does.
		"TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION": transport.Failed,
		// The bank or the service is briefly unavailable: "try again soon".
		"INSTITUTION_DOWN":           transport.Transient,
		"INSTITUTION_NOT_RESPONDING": transport.Transient,
		"INSTITUTION_NOT_AVAILABLE":  transport.Transient,
		"PLANNED_MAINTENANCE":        transport.Transient,
	},
}
