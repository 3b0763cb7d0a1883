package transport

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinels for errors.Is. An *Error matches the one its status or kind
// implies; see Error.Is.
var (
	ErrNotFound          = errors.New("not found")
	ErrUnauthorized      = errors.New("unauthorized")
	ErrRateLimited       = errors.New("rate limited")
	ErrInvalidParam      = errors.New("invalid parameter")
	ErrMissingCredential = errors.New("missing credential")
	ErrMissingBaseURL    = errors.New("missing base URL")
	ErrResponseTooLarge  = errors.New("response body over the size cap")
	ErrMalformedResponse = errors.New("malformed response")
	ErrRedirectRefused   = errors.New("redirect refused")
	ErrAPI               = errors.New("the service reported an error")
)

// Error is the single error type of every conduit package. Nothing in it holds
// a credential: Op is a path template, Body is redacted, and a wrapped network
// error has its URL redacted.
type Error struct {
	Service    string        // "sunrise"
	Op         string        // the Go method that failed: "Get"
	Endpoint   string        // HTTP method and path template: "GET /json"
	StatusCode int           // the status of a failure answer; 0 when none came back or the failure is the client's (input, decoding)
	Code       string        // provider error code or type, when the body has one
	Message    string        // provider message, or what was wrong with the input
	Field      string        // the offending input, for ErrInvalidParam
	RequestID  string        // the response's request id header, if any
	RetryAfter time.Duration // how long the server asked us to wait
	Attempts   int           // attempts made, retries included
	Body       []byte        // capped, redacted excerpt of the response body
	BodyType   string        // the response's Content-Type
	Err        error         // the cause: a sentinel, a network or decode error
}

// Error reads "service.Op: METHOD /path/template: status [code]: message";
// it never holds a credential.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Service)
	if e.Op != "" {
		b.WriteByte('.')
		b.WriteString(e.Op)
	}
	b.WriteString(": ")
	if e.Endpoint != "" && e.Field == "" {
		b.WriteString(e.Endpoint)
		b.WriteString(": ")
	}
	switch {
	case e.Field != "":
		b.WriteString("invalid parameter ")
		b.WriteString(e.Field)
		b.WriteString(": ")
		b.WriteString(e.Message)
		return b.String()
	case e.StatusCode != 0:
		b.WriteString(strconv.Itoa(e.StatusCode))
		if t := http.StatusText(e.StatusCode); t != "" {
			b.WriteByte(' ')
			b.WriteString(t)
		}
	}
	if e.Code != "" {
		if e.StatusCode != 0 {
			b.WriteByte(' ')
		}
		b.WriteString("[")
		b.WriteString(e.Code)
		b.WriteByte(']')
	}
	if e.Message != "" {
		if e.StatusCode != 0 || e.Code != "" {
			b.WriteString(": ")
		}
		b.WriteString(e.Message)
	} else if e.Err != nil {
		if e.StatusCode != 0 || e.Code != "" {
			b.WriteString(": ")
		}
		b.WriteString(e.Err.Error())
	}
	if e.RetryAfter > 0 {
		fmt.Fprintf(&b, " (retry after %v)", e.RetryAfter)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	return b.String()
}

// GoString keeps %#v readable and as safe as Error: only redacted fields.
func (e *Error) GoString() string {
	return fmt.Sprintf("&transport.Error{Service:%q, Op:%q, Endpoint:%q, StatusCode:%d, Code:%q, Message:%q, Field:%q, RequestID:%q, RetryAfter:%d, Attempts:%d, Body:%q, BodyType:%q, Err:%q}",
		e.Service, e.Op, e.Endpoint, e.StatusCode, e.Code, e.Message, e.Field, e.RequestID, e.RetryAfter, e.Attempts, e.Body, e.BodyType, errString(e.Err))
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Unwrap returns the cause, so errors.Is works for sentinels, context
// errors and network errors alike.
func (e *Error) Unwrap() error { return e.Err }

// Is maps the HTTP status onto the sentinels, so callers need not remember
// which codes mean what: 404 is ErrNotFound, 401 and 403 ErrUnauthorized, 429
// (or any answer carrying a wait) ErrRateLimited.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests || (e.StatusCode >= 400 && e.RetryAfter > 0)
	case ErrAPI:
		return e.StatusCode != 0 || e.Code != ""
	}
	return false
}

// InvalidParam is the error for bad input, returned before any I/O. The
// message says what is wrong; it never echoes a credential.
func InvalidParam(service, op, field, format string, args ...any) *Error {
	return &Error{Service: service, Op: op, Field: field, Message: fmt.Sprintf(format, args...), Err: ErrInvalidParam}
}
