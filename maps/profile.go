package maps

import "github.com/conduit-sdk/conduit/internal/transport"

// errorProfile reads both dialects of the hosts: Geocoding's status word in
// a 200 ({"status": "REQUEST_DENIED", "error_message": …}), and the
// google.rpc.Status body of Places and Routes, whose canonical status word
// is the code and whose ErrorInfo, RequestInfo and RetryInfo details carry
// the reason, the request id and the wait. The Time Zone API spells the
// message errorMessage; both spellings are read.
var errorProfile = transport.Profile{
	Code:       []string{"error.status", "status"},
	Reason:     []string{"error.details.*.reason", "error.errors.*.reason"},
	Message:    []string{"error.message", "error_message", "errorMessage"},
	RequestID:  []string{"error.details.*.requestId"},
	RetryAfter: []string{"error.details.*.retryDelay"},
	InBody: &transport.StatusWord{Path: "status", OK: []string{"OK", "ZERO_RESULTS"},
		Message: []string{"error_message", "errorMessage"}},
	// The canonical words need no entry where the status says the same
	// (403 PERMISSION_DENIED, 429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE, …);
	// listing RESOURCE_EXHAUSTED would also hide the quota reason below,
	// since a code is matched before its reason.
	Codes: map[string]transport.Meaning{
		"REQUEST_DENIED":          transport.Unauthorized, // key missing, invalid or restricted
		"OVER_DAILY_LIMIT":        transport.Unauthorized, // billing or the key's own cap
		"OVER_QUERY_LIMIT":        transport.RateLimited,
		"UNKNOWN_ERROR":           transport.Transient, // "may succeed if you try again"
		"API_KEY_INVALID":         transport.Unauthorized,
		"RESOURCE_QUOTA_EXCEEDED": transport.QuotaExceeded, // a quota: raise it, or wait for the next day
	},
}

// checkGeocode fails an answer without a status word, which tells nothing
// about whether the geocoding worked.
func checkGeocode(r *GeocodeResponse) *transport.Problem {
	if r.Status == "" {
		return &transport.Problem{Message: "the response has no status"}
	}
	return nil
}
