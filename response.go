package conduit

import (
	"net/http"
	"time"
)

// Response describes the answer to one call: what a caller needs beyond the
// typed result, such as a header the package does not type or the budget
// left. Ask for it with WithResponse; it is filled on success and on
// failure alike (StatusCode is 0 when no answer came back).
type Response struct {
	StatusCode int
	// Header holds the answer's headers as received, except that a
	// credential echoed in one is replaced by "[REDACTED]".
	Header http.Header
	// RequestID is the service's id of the request, where it sends one.
	RequestID string
	// URL is the URL of the last attempt, with credentials removed.
	URL string
	// Attempts counts the requests made, retries included; Elapsed is the
	// time from the call to its end, waits included.
	Attempts int
	Elapsed  time.Duration
	// RateLimit is the budget the answer reported, if it reported one.
	RateLimit *RateLimit
	// Cache says whether the answer came from WithCache's store (Attempts
	// is then 0), was revalidated with a conditional request, or was
	// fetched.
	Cache CacheStatus
}
