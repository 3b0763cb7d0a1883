package conduit

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinels for errors.Is. An *Error matches the one the service meant, as
// its error profile reads the answer (see each package's documentation):
// a body code such as Plaid's INVALID_API_KEYS is ErrUnauthorized even under
// status 400, and a geocoding OVER_QUERY_LIMIT under status 200 is
// ErrRateLimited. Without a profile match the status decides: 404
// ErrNotFound, 401 and 403 ErrUnauthorized, 429 ErrRateLimited.
var (
	ErrNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized")
	ErrRateLimited  = errors.New("rate limited")
	// ErrQuotaExceeded reports a spent quota, balance or plan limit (paid
	// credits gone, an OpenAI-compatible insufficient_quota, a monthly
	// plan quota): only paying or raising the plan helps, so it is never
	// retried, and it is not ErrRateLimited, which a wait lifts.
	ErrQuotaExceeded     = errors.New("quota exceeded")
	ErrInvalidParam      = errors.New("invalid parameter")
	ErrMissingCredential = errors.New("missing credential")
	ErrMissingBaseURL    = errors.New("missing base URL")
	ErrResponseTooLarge  = errors.New("response body over the size cap")
	ErrMalformedResponse = errors.New("malformed response")
	ErrRedirectRefused   = errors.New("redirect refused")
	// ErrStalled reports a body that sent nothing for longer than the idle
	// timeout (see WithIdleTimeout), or that took longer than the body
	// timeout to arrive (see WithBodyTimeout): the call ends instead of
	// hanging.
	ErrStalled = errors.New("the server stopped sending")
	// ErrAPI matches every failure the service itself reported, whatever
	// its kind; the other sentinels say which kind.
	ErrAPI = errors.New("the service reported an error")
)

// Error is the single error type of every conduit package, so one errors.As
// serves them all. Every string in it has had the client's credentials
// removed, whichever verb prints it.
type Error struct {
	// Service is the package ("sunrise"), Op the method that failed ("Get").
	Service string
	Op      string
	// Endpoint is the HTTP method and path template: "GET /json".
	Endpoint string
	// URL is the URL the request went to, with credentials removed. Empty
	// when the call failed before a URL was built.
	URL string
	// StatusCode is the status of a failure answer; 0 when no answer came
	// back or the failure is the caller's (input) or the decoder's.
	StatusCode int
	// Code is the service's machine-readable error word or number
	// ("INVALID_ARGUMENT", "50013", "-32602"); never a copy of StatusCode.
	Code string
	// Reason is a second code some services send beside Code: Google's
	// ErrorInfo reason ("API_KEY_INVALID"), Plaid's error_type, an
	// OpenAI-compatible error's type.
	Reason string
	// Message is the service's human-readable message, or what was wrong
	// with the input.
	Message string
	// Field names the offending input, for ErrInvalidParam.
	Field string
	// RequestID is the service's id of the failed request, from its
	// headers or its body, for support tickets.
	RequestID string
	// RetryAfter is how long the service asked the caller to wait.
	RetryAfter time.Duration
	// RateLimit is the budget the answer reported, when it reported one.
	RateLimit *RateLimit
	// Attempts counts the requests made, retries included.
	Attempts int
	// Body is a capped excerpt of the failure body; BodyType its
	// Content-Type.
	Body     []byte
	BodyType string
	// Detail holds typed details a package decodes from the failure: the
	// JSON-RPC error object, the list of GraphQL errors. errors.As reaches
	// it.
	Detail error
	// Err is the cause: a sentinel, a network error, a context error, a
	// decoding error.
	Err error
}

// Error reads "service.Op: METHOD /path/template: status [code]: message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Service)
	if e.Op != "" {
		b.WriteByte('.')
		b.WriteString(e.Op)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString("invalid parameter ")
		b.WriteString(e.Field)
		b.WriteString(": ")
		b.WriteString(e.Message)
		return b.String()
	}
	if e.Endpoint != "" {
		b.WriteString(e.Endpoint)
		b.WriteString(": ")
	}
	sep := ""
	if e.StatusCode != 0 {
		b.WriteString(strconv.Itoa(e.StatusCode))
		if t := http.StatusText(e.StatusCode); t != "" {
			b.WriteByte(' ')
			b.WriteString(t)
		}
		sep = " "
	}
	if e.Code != "" {
		b.WriteString(sep)
		b.WriteByte('[')
		b.WriteString(e.Code)
		if e.Reason != "" {
			b.WriteByte(' ')
			b.WriteString(e.Reason)
		}
		b.WriteByte(']')
		sep = " "
	}
	msg := e.Message
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if msg != "" {
		if sep != "" {
			b.WriteString(": ")
		}
		b.WriteString(msg)
	}
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (retry after %v)", e.RetryAfter)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	return b.String()
}

// GoString keeps %#v as safe as Error: it prints the fields, which hold no
// credential, and the causes as text.
func (e *Error) GoString() string {
	return fmt.Sprintf("&conduit.Error{Service:%q, Op:%q, Endpoint:%q, URL:%q, StatusCode:%d, Code:%q, Reason:%q, Message:%q, Field:%q, RequestID:%q, RetryAfter:%d, Attempts:%d, Body:%q, BodyType:%q, Detail:%q, Err:%q}",
		e.Service, e.Op, e.Endpoint, e.URL, e.StatusCode, e.Code, e.Reason, e.Message, e.Field, e.RequestID,
		e.RetryAfter, e.Attempts, e.Body, e.BodyType, errText(e.Detail), errText(e.Err))
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Unwrap returns the cause and the typed details, so errors.Is finds
// sentinels, context and network errors, and errors.As finds the details.
func (e *Error) Unwrap() []error {
	switch {
	case e.Err == nil && e.Detail == nil:
		return nil
	case e.Detail == nil:
		return []error{e.Err}
	case e.Err == nil:
		return []error{e.Detail}
	}
	return []error{e.Err, e.Detail}
}

// Is matches the sentinels an *Error implies without carrying them as its
// cause: any failure the service reported is ErrAPI, and an error whose
// cause is no profile verdict (one built by hand in a test double, say,
// with no Err) is classified by its status.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrAPI:
		return e.StatusCode != 0 || e.Code != ""
	case ErrNotFound, ErrUnauthorized, ErrRateLimited:
		if classified(e.Err) {
			return false // the profile's verdict, found by Unwrap, is the answer
		}
		switch target {
		case ErrNotFound:
			return e.StatusCode == http.StatusNotFound
		case ErrUnauthorized:
			return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
		default:
			return e.StatusCode == http.StatusTooManyRequests
		}
	}
	return false
}

// classified reports whether err is a verdict of a profile: one of the
// kinds, or ErrAPI for a failure the service's profile says is none of them
// (a 403 that is no credential problem).
func classified(err error) bool {
	return err == ErrNotFound || err == ErrUnauthorized || err == ErrRateLimited || err == ErrQuotaExceeded || err == ErrAPI
}
