package transport

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// Profile says how a service reports failures and budgets: where its
// failure bodies keep the code, the message and the request id, which codes
// mean what, the failures it sends with status 200, and the headers that
// carry its waits and budgets. A package declares it as data with its
// Service; the core alone reads answers with it. Paths are JSON member
// names joined by dots; a number indexes an array and "*" tries every
// element ("error.details.*.reason"). A code that is a URI, an RFC 9457
// problem type, is read as its last path segment ("not-found"). An XML
// failure body is read the same way, element names for members
// ("Error.Code").
type Profile struct {
	Code, Reason, Message, RequestID []string
	// RetryAfter are body members holding a wait: seconds (30, "1.5"), or
	// a duration with its unit ("23s", as Google's RetryInfo.retryDelay).
	RetryAfter []string
	// RequestIDHeaders are read before the common ones.
	RequestIDHeaders []string
	// MessageHeaders carry the message of a failure whose body has none
	// (Cloudinary's delivery hosts answer with X-Cld-Error and no body).
	MessageHeaders []string
	// Status overrides what a status means for this service (Cloudinary
	// answers 420 when rate limited).
	Status map[int]Meaning
	// Codes gives the meaning of body codes, matched against Code and then
	// Reason; a code not listed means what its status means.
	Codes map[string]Meaning
	// InBody describes failures sent with a 2xx status, as a status word.
	InBody *StatusWord
	// BlockPages are the failure pages an edge in front of the service (a WAF,
	// a bot shield) sends as HTML or text under any status, 200 included;
	// the first whose phrase a body that is not JSON contains decides.
	BlockPages []BlockPage
	// Waits are headers that carry how long to wait, read in order after
	// Retry-After-Ms and Retry-After.
	Waits []Wait
	// ResetUnit says how to read a bare X-RateLimit-Reset budget header.
	ResetUnit limits.Unit
	// Buckets, when set, makes clients wait on the route budgets the
	// service reports instead of taking its 429s.
	Buckets *limits.Buckets
}

// Meaning is what a failure means to a caller.
type Meaning struct {
	// Kind is conduit.ErrUnauthorized, ErrRateLimited, ErrNotFound or
	// ErrAPI.
	Kind error
	// Retry says a later identical request may succeed: the core retries
	// reads after the wait the service names (or its backoff), and writes
	// only for rate limits, which mean nothing was done.
	Retry bool
	// Message is conduit's words for the failure, for an answer that
	// carries none of its own (an empty 503 whose meaning the service
	// documents).
	Message string
	// Wait is how long the service's published policy says to wait after
	// this failure, for an answer that names no wait of its own (a block
	// that lifts after ten minutes). A retryable failure is retried after
	// it; any failure reports it in Error.RetryAfter.
	Wait time.Duration
}

// Common meanings.
var (
	Unauthorized = Meaning{Kind: conduit.ErrUnauthorized}
	RateLimited  = Meaning{Kind: conduit.ErrRateLimited, Retry: true}
	// Exhausted is a rate limit that no wait within a call lifts (a
	// channel's slow mode).
	Exhausted = Meaning{Kind: conduit.ErrRateLimited}
	// QuotaExceeded is a spent quota or balance: paying or raising the
	// plan lifts it, waiting does not.
	QuotaExceeded = Meaning{Kind: conduit.ErrQuotaExceeded}
	NotFound      = Meaning{Kind: conduit.ErrNotFound}
	Transient     = Meaning{Kind: conduit.ErrAPI, Retry: true}
	Failed        = Meaning{Kind: conduit.ErrAPI}
)

// StatusWord is a member of a 2xx body whose value says whether the
// request succeeded (sunrise-sunset's "status", Geocoding's "status").
type StatusWord struct {
	Path string
	// OK lists the words that mean success; any other word is a failure
	// whose Code is the word. A body without the member is no failure.
	OK []string
	// Code are the paths of the failure's code, for a service whose word
	// only says that it failed ("result": "error" beside an "error-type");
	// the code they find, if any, stands instead of the word.
	Code []string
	// Message are the paths of the failure's message.
	Message []string
}

// Wait is a header that says how long to wait.
type Wait struct {
	Header string
	Unit   limits.Unit
}

// setWait records the answer's wait, else the one its meaning's policy
// names.
func (f *failure) setWait(d time.Duration) {
	f.retryAfter = d
	if d == 0 {
		f.retryAfter = f.meaning.Wait
	}
}

// failure is what the core read from one failure answer.
type failure struct {
	code, reason, message, requestID string
	meaning                          Meaning
	retryAfter                       time.Duration
	readErr                          error // why the body could not be read whole
}

// readFailure reads a failure answer (status not 2xx, or a 2xx whose
// status word failed) with the profile, then with the shapes most services
// share.
func (p *Profile) readFailure(status int, h http.Header, body []byte) failure {
	var f failure
	var doc any
	var page *BlockPage
	switch ct := h.Get("Content-Type"); {
	case isJSON(ct, body):
		doc = parseJSON(body)
	case isXML(ct, body):
		doc = parseXML(body)
	}
	if doc == nil {
		page = p.blockPage(h.Get("Content-Type"), body)
	}
	switch {
	case page != nil:
		f.reason, f.requestID = page.Reason, page.requestID(body)
	case doc != nil:
		f.code = first(doc, p.Code)
		f.reason = first(doc, p.Reason)
		f.message = first(doc, p.Message)
		f.requestID = first(doc, p.RequestID)
		if f.code == "" {
			f.code = commonCode(doc, status)
		}
		f.code = problemType(f.code)
		if f.message == "" {
			f.message = commonMessage(doc)
		}
		if f.requestID == "" {
			f.requestID = first(doc, commonRequestIDPaths)
		}
	default:
		f.message = textMessage(body)
	}
	if f.requestID == "" {
		f.requestID = headerRequestID(p, h)
	}
	if page != nil {
		f.meaning = page.Meaning
	} else {
		f.meaning = p.meaning(status, f.code, f.reason)
	}
	for _, name := range p.MessageHeaders {
		if v := h.Get(name); f.message == "" && v != "" {
			f.message = v
		}
	}
	if f.message == "" {
		f.message = f.meaning.Message
	}
	f.setWait(p.wait(h, doc, f.meaning))
	return f
}

// meaning classifies a failure: a listed body code first, then the
// service's own statuses, then what the status means anywhere. A status
// that says the request itself is wrong (400, 413, 422) wins over a body
// code that calls it a rate limit to wait out: Groq answers a request too
// large for a model's per-minute token limit with 413 and
// rate_limit_exceeded, and no wait makes that request fit. (Codes the
// service documents under 400, such as Plaid's INSTITUTION_DOWN or
// Discord's write limits, keep their meaning.)
func (p *Profile) meaning(status int, code, reason string) Meaning {
	for _, c := range []string{code, reason} {
		if m, ok := p.Codes[c]; ok && c != "" {
			if m.Kind == conduit.ErrRateLimited && m.Retry && requestAtFault(status) {
				return Failed
			}
			return m
		}
	}
	if m, ok := p.Status[status]; ok {
		return m
	}
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return Unauthorized
	case http.StatusNotFound:
		return NotFound
	case http.StatusTooManyRequests:
		return RateLimited
	case http.StatusPaymentRequired:
		return QuotaExceeded
	case http.StatusRequestTimeout, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return Transient
	}
	return Failed
}

// requestAtFault reports a status that blames the request itself.
func requestAtFault(status int) bool {
	return status == http.StatusBadRequest || status == http.StatusRequestEntityTooLarge || status == http.StatusUnprocessableEntity
}

// inBodyFailure reads a 2xx body's status word, or finds one of the
// profile's failure pages in it; ok is false when the body reports success
// or has no word.
func (p *Profile) inBodyFailure(h http.Header, body []byte) (failure, bool) {
	if len(p.BlockPages) > 0 && !isJSON(h.Get("Content-Type"), body) {
		if p.blockPage(h.Get("Content-Type"), body) != nil {
			return p.readFailure(http.StatusOK, h, body), true
		}
	}
	if p.InBody == nil || p.InBody.passes(body) {
		return failure{}, false
	}
	doc := parseJSON(body)
	word := first(doc, []string{p.InBody.Path})
	if word == "" {
		return failure{}, false
	}
	for _, ok := range p.InBody.OK {
		if word == ok {
			return failure{}, false
		}
	}
	f := failure{code: word, message: first(doc, p.InBody.Message)}
	if len(p.InBody.Code) > 0 {
		f.code = first(doc, p.InBody.Code)
	}
	if f.message == "" && (f.code == "" || f.code == word) {
		f.message = "status " + strconv.Quote(word)
	}
	f.requestID = headerRequestID(p, h)
	f.meaning = p.meaning(http.StatusOK, f.code, "")
	if f.message == "" {
		f.message = f.meaning.Message
	}
	f.setWait(p.wait(h, doc, f.meaning))
	return f, true
}

func parseJSON(b []byte) any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}

// first returns the first non-empty text found at one of paths.
func first(doc any, paths []string) string {
	for _, p := range paths {
		if s := at(doc, strings.Split(p, ".")); s != "" {
			return s
		}
	}
	return ""
}

// at follows path through doc and returns the text of a string, number or
// boolean found there.
func at(doc any, path []string) string {
	if len(path) == 0 {
		return scalar(doc)
	}
	switch v := doc.(type) {
	case map[string]any:
		return at(v[path[0]], path[1:])
	case []any:
		if path[0] == "*" {
			for _, el := range v {
				if s := at(el, path[1:]); s != "" {
					return s
				}
			}
			return ""
		}
		if i, err := strconv.Atoi(path[0]); err == nil && i >= 0 && i < len(v) {
			return at(v[i], path[1:])
		}
	}
	return ""
}

func scalar(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// commonCode finds a code in the shapes most services share, skipping a
// number that only repeats the status (Google's error.code) so that the
// word beside it wins, and a boolean flag ({"error": true}), which says
// that something failed but not what.
func commonCode(doc any, status int) string {
	for _, p := range []string{"error.status", "error.code", "error.type", "errors.0.code", "errors.0.id",
		"code", "error_code", "error-type", "error_type", "type", "status", "error"} {
		s := at(doc, strings.Split(p, "."))
		if s == "" || s == strconv.Itoa(status) || s == "true" || s == "false" || (p == "error" && strings.ContainsAny(s, " \t")) {
			continue
		}
		if s == "true" || s == "false" {
			continue // a flag ("error": true) says that it failed, not how
		}
		if p == "status" || p == "error.status" {
			if _, err := strconv.Atoi(s); err == nil {
				continue // a number under "status" is an HTTP status, not a code
			}
		}
		return s
	}
	return ""
}

// problemType reduces an RFC 9457 problem type, a URI such as
// "https://api.example.com/problems/not-found", to its last path segment:
// the word a caller compares. Any other code is returned as it is; the
// whole URI stays in the error's Body.
func problemType(code string) string {
	if !strings.HasPrefix(code, "https://") && !strings.HasPrefix(code, "http://") {
		return code
	}
	u, err := url.Parse(code)
	if err != nil {
		return code
	}
	seg := path.Base(u.Path)
	if seg == "/" || seg == "." {
		return code
	}
	return seg
}

func commonMessage(doc any) string {
	for _, p := range commonMessagePaths {
		if s := at(doc, strings.Split(p, ".")); s != "" {
			return withTitle(doc, p)
		}
	}
	// "error" as a bare sentence is the message.
	if s := at(doc, []string{"error"}); strings.ContainsAny(s, " \t") {
		return s
	}
	return ""
}

var commonMessagePaths = []string{"error.message", "error.detail", "message", "msg", "error_message",
	"error_description", "detail", "status_message", "errors.0.message", "errors.0.detail", "title", "errors.0.title"}

// withTitle is the message read at path, joined, when path is the title or
// the detail of an RFC 9457 problem or a JSON:API error (at the top or in
// the first element of "errors"), with the other of the two ("You have
// exceeded your rate limit: Please try again after 10s"): each alone says
// half of it. A message read from any other member stands alone, even
// when it repeats the detail (Honeycomb's error), and so does the message
// of a profile's own Message paths, which say where the service keeps it.
func withTitle(doc any, path string) string {
	msg := at(doc, strings.Split(path, "."))
	prefix, name := "", path
	if rest, ok := strings.CutPrefix(path, "errors.0."); ok {
		prefix, name = "errors.0.", rest
	}
	if name != "title" && name != "detail" {
		return msg
	}
	title, detail := at(doc, strings.Split(prefix+"title", ".")), at(doc, strings.Split(prefix+"detail", "."))
	switch {
	case title == "" || detail == "":
		return msg
	case strings.Contains(detail, title):
		return detail
	case strings.Contains(title, detail):
		return title
	}
	return strings.TrimRight(title, ".:") + ": " + detail
}

var commonRequestIDPaths = []string{"request_id", "requestId", "error.request_id"}

var commonRequestIDHeaders = []string{"X-Request-Id", "Request-Id", "X-Amzn-Requestid", "X-Trace-Id", "X-Cloud-Trace-Context", "Cf-Ray"}

func headerRequestID(p *Profile, h http.Header) string {
	for _, list := range [][]string{p.RequestIDHeaders, commonRequestIDHeaders} {
		for _, name := range list {
			if v := h.Get(name); v != "" {
				return v
			}
		}
	}
	return ""
}

func isJSON(contentType string, b []byte) bool {
	if mt, _, _ := strings.Cut(contentType, ";"); strings.EqualFold(strings.TrimSpace(mt), "application/json") {
		return true // the usual answer, without parsing its parameters
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if strings.HasSuffix(mt, "json") {
		return true
	}
	t := bytes.TrimSpace(b)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// textMessage takes a message from a short body of one line of text,
// whatever its declared type (servers label a bare "Service Unavailable",
// or Express's res.send("…"), text/html); markup (an HTML error page, XML)
// is left in Body, since its text is rarely the answer.
func textMessage(b []byte) string {
	t := bytes.TrimSpace(b)
	switch {
	case len(t) == 0, len(t) > 300, t[0] == '<', bytes.ContainsAny(t, "<>\r\n"), !utf8.Valid(t):
		return ""
	}
	return string(t)
}
