package transport

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// answer is one canned failure.
type answer struct {
	status int
	header map[string]string
	body   string
}

func (a answer) serve(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	for k, v := range a.header {
		w.Header().Set(k, v)
	}
	if ct, ok := a.header["Content-Type"]; ok && ct == "" {
		w.Header()["Content-Type"] = nil // none at all, not even a sniffed one
	}
	w.WriteHeader(a.status)
	io.WriteString(w, a.body)
}

// failWith calls once, without retries, a service with profile p answering
// a, and returns the error.
func failWith(t *testing.T, p Profile, a answer) *conduit.Error {
	t.Helper()
	svc := testService(Auth{})
	svc.Errors = p
	c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, a.serve).URL), conduit.WithMaxRetries(0))
	err := send(bg, c, get("/"), Call{})
	require.Error(t, err)
	return asError(t, err)
}

// googleProfile reads Google APIs' error body: the status word is the
// code, the ErrorInfo reason sits in one of the details.
var googleProfile = Profile{
	Code:   []string{"error.status"},
	Reason: []string{"error.details.*.reason"},
	Codes: map[string]Meaning{
		"API_KEY_INVALID":    Unauthorized,
		"RESOURCE_EXHAUSTED": RateLimited,
		"NOT_FOUND":          NotFound,
	},
}

const googleBody = `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT",
	"details":[{"@type":"type.googleapis.com/google.rpc.Help"},{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}`

// The profile's paths find code, reason, message and request id, "*"
// trying every element of a list; a listed code or reason decides the
// kind whatever the status says.
func TestProfilePathsAndCodes(t *testing.T) {
	e := failWith(t, googleProfile, answer{status: 400, body: googleBody})
	assert.Equal(t, "INVALID_ARGUMENT", e.Code)
	assert.Equal(t, "API_KEY_INVALID", e.Reason)
	assert.Equal(t, "API key not valid. Please pass a valid API key.", e.Message)
	assert.ErrorIs(t, e, conduit.ErrUnauthorized, "the reason means unauthorized under status 400")
	assert.ErrorIs(t, e, conduit.ErrAPI)

	e = failWith(t, googleProfile, answer{status: 429, body: `{"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED"}}`})
	assert.ErrorIs(t, e, conduit.ErrRateLimited)
	assert.Equal(t, "RESOURCE_EXHAUSTED", e.Code)

	plaid := Profile{
		Code: []string{"error_code"}, Reason: []string{"error_type"}, Message: []string{"display_message", "error_message"},
		RequestID: []string{"request_id"},
		Codes: map[string]Meaning{"INVALID_API_KEYS": Unauthorized, "RATE_LIMIT_EXCEEDED": RateLimited,
			"ITEM_NOT_FOUND": NotFound, "INSTITUTION_DOWN": Transient},
	}
	e = failWith(t, plaid, answer{status: 400, header: map[string]string{"X-Request-Id": "from-header"},
		body: `{"error_type":"INVALID_INPUT","error_code":"INVALID_API_KEYS","error_message":"invalid client_id or secret provided","display_message":null,"request_id":"m8MDnv9okwxFNBV"}`})
	assert.ErrorIs(t, e, conduit.ErrUnauthorized)
	assert.Equal(t, "INVALID_API_KEYS", e.Code)
	assert.Equal(t, "INVALID_INPUT", e.Reason)
	assert.Equal(t, "invalid client_id or secret provided", e.Message, "a null first path falls through to the next")
	assert.Equal(t, "m8MDnv9okwxFNBV", e.RequestID, "the body's request id wins over a header")

	e = failWith(t, plaid, answer{status: 400, body: `{"error_type":"ITEM_ERROR","error_code":"ITEM_NOT_FOUND","error_message":"gone"}`})
	assert.ErrorIs(t, e, conduit.ErrNotFound)
	assert.NotErrorIs(t, e, conduit.ErrUnauthorized)

	e = failWith(t, Profile{RequestIDHeaders: []string{"X-Honeycomb-Trace"}}, answer{status: 500,
		header: map[string]string{"X-Honeycomb-Trace": "hc-1", "X-Request-Id": "generic"}, body: `{}`})
	assert.Equal(t, "hc-1", e.RequestID, "the service's own request id header first")
}

// A listed code's meaning also decides whether the call is retried: a
// code that means "try again" retries under a status that would not.
func TestProfileCodeMeaningDecidesRetry(t *testing.T) {
	svc := testService(Auth{})
	svc.Errors = Profile{Code: []string{"error_code"}, Codes: map[string]Meaning{"INSTITUTION_DOWN": Transient, "BAD": Failed}}
	for _, tc := range []struct {
		body   string
		status int
		hits   int32
	}{
		{`{"error_code":"INSTITUTION_DOWN"}`, 400, 2},
		{`{"error_code":"BAD"}`, 503, 1},
	} {
		h, count := failThen(1, tc.status, nil, tc.body)
		c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), fastRetries())
		_ = send(bg, c, get("/"), Call{})
		assert.Equal(t, tc.hits, count.Load(), tc.body)
	}
}

// Status overrides: Cloudinary's 420 means rate limited, and its wait is
// in X-FeatureRateLimit-Reset, an HTTP date.
func TestProfileStatusOverride(t *testing.T) {
	cloudinary := Profile{
		Message: []string{"error.message"},
		Status:  map[int]Meaning{420: RateLimited},
		Waits:   []Wait{{Header: "X-FeatureRateLimit-Reset", Unit: limits.HTTPDate}},
	}
	reset := time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat)
	e := failWith(t, cloudinary, answer{status: 420, header: map[string]string{"X-FeatureRateLimit-Reset": reset,
		"X-FeatureRateLimit-Limit": "500", "X-FeatureRateLimit-Remaining": "0"}, body: `{"error":{"message":"Rate Limit Exceeded"}}`})
	assert.ErrorIs(t, e, conduit.ErrRateLimited)
	assert.InDelta(t, (2 * time.Hour).Seconds(), e.RetryAfter.Seconds(), 2)
	assert.Equal(t, "Rate Limit Exceeded", e.Message)
	require.NotNil(t, e.RateLimit)
	assert.Equal(t, int64(500), e.RateLimit.Requests.Limit)
	assert.Equal(t, int64(0), e.RateLimit.Requests.Remaining)

	e = failWith(t, Profile{}, answer{status: 420, body: `{}`})
	assert.NotErrorIs(t, e, conduit.ErrRateLimited, "420 means nothing special to another service")
}

// Code is never a copy of the status when the body names a word: a number
// that repeats the status is passed over for the word beside it.
func TestCodeNeverRepeatsTheStatus(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		code   string
	}{
		{400, googleBody, "INVALID_ARGUMENT"},
		{429, `{"code":429,"error":"rate_limited"}`, "rate_limited"},
		{404, `{"status":404,"error":"not_found","message":"no such thing"}`, "not_found"},
		{404, `{"error":{"code":404,"status":"NOT_FOUND"}}`, "NOT_FOUND"},
		{400, `{"code":400,"message":"bad"}`, ""},
		{400, `{"code":"50013","message":"Missing Permissions"}`, "50013"},
		{500, `{"error":{"code":-32603,"message":"internal"}}`, "-32603"},
		{404, `{"error":true,"msg":"country not found"}`, ""}, // a flag, not a code
		{400, `{"success":false,"status":false,"error":false}`, ""},
	} {
		e := failWith(t, Profile{}, answer{status: tc.status, body: tc.body})
		assert.Equal(t, tc.code, e.Code, tc.body)
		assert.NotEqual(t, strconv.Itoa(tc.status), e.Code, tc.body)
	}
}

// geocodingProfile reads Geocoding's status word under HTTP 200.
var geocodingProfile = Profile{
	InBody: &StatusWord{Path: "status", OK: []string{"OK", "ZERO_RESULTS"}, Message: []string{"error_message"}},
	Codes: map[string]Meaning{
		"OVER_QUERY_LIMIT": RateLimited,
		"REQUEST_DENIED":   Unauthorized,
		"UNKNOWN_ERROR":    Transient,
	},
}

// A status word under 200 fails the call with the word as its code;
// OVER_QUERY_LIMIT is retried like a 429 and REQUEST_DENIED is
// unauthorized and not retried; the success words pass.
func TestInBodyStatusWords(t *testing.T) {
	svc := testService(Auth{})
	svc.Errors = geocodingProfile
	type geo struct {
		conduit.Raw
		Status  string `json:"status"`
		Results []any  `json:"results"`
	}
	for _, tc := range []struct {
		word     string
		failures int32
		hits     int32
		is       error
	}{
		{"OVER_QUERY_LIMIT", 1, 2, nil},
		{"OVER_QUERY_LIMIT", 100, 3, conduit.ErrRateLimited},
		{"UNKNOWN_ERROR", 1, 2, nil},
		{"REQUEST_DENIED", 100, 1, conduit.ErrUnauthorized},
		{"INVALID_REQUEST", 100, 1, conduit.ErrAPI},
	} {
		var count atomic.Int32
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if count.Add(1) <= tc.failures {
				io.WriteString(w, `{"status":"`+tc.word+`","error_message":"no: `+tc.word+`","results":[]}`)
				return
			}
			io.WriteString(w, `{"status":"OK","results":[{"place_id":"p"}]}`)
		})
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), fastRetries())
		var out geo
		err := into(bg, c, get("/geocode/json"), Call{}, &out)
		assert.Equal(t, tc.hits, rec.hits.Load(), tc.word)
		if tc.is == nil {
			require.NoError(t, err, tc.word)
			assert.Equal(t, "OK", out.Status)
			continue
		}
		e := asError(t, err)
		assert.ErrorIs(t, err, tc.is, tc.word)
		assert.Equal(t, 200, e.StatusCode)
		assert.Equal(t, tc.word, e.Code)
		assert.Equal(t, "no: "+tc.word, e.Message)
		assert.Equal(t, int(tc.hits), e.Attempts)
	}
	rec := newRecorder(t, serve(`{"status":"ZERO_RESULTS","results":[]}`, 200))
	var out geo
	require.NoError(t, into(bg, newClient(t, svc, conduit.WithBaseURL(rec.URL)), get("/"), Call{}, &out))
	assert.Equal(t, "ZERO_RESULTS", out.Status)
	rec = newRecorder(t, serve(`{"results":[]}`, 200))
	require.NoError(t, into(bg, newClient(t, svc, conduit.WithBaseURL(rec.URL)), get("/"), Call{}, &out), "no word, no failure")
}

// Each unit a Waits header may be written in.
func TestWaitUnits(t *testing.T) {
	now := time.Now()
	epoch := func(d time.Duration) string { return strconv.FormatInt(now.Add(d).Unix(), 10) }
	for _, tc := range []struct {
		unit  limits.Unit
		value string
		want  time.Duration
	}{
		{limits.Seconds, "30", 30 * time.Second},
		{limits.Seconds, "1.5", 1500 * time.Millisecond},
		{limits.Milliseconds, "1500", 1500 * time.Millisecond},
		{limits.HTTPDate, now.Add(90 * time.Second).UTC().Format(http.TimeFormat), 90 * time.Second},
		{limits.EpochSeconds, epoch(45 * time.Second), 45 * time.Second},
		{limits.GoDuration, "1m30s", 90 * time.Second},
		{limits.GoDuration, "7.66s", 7660 * time.Millisecond},
		{limits.GoDuration, "250ms", 250 * time.Millisecond},
		{limits.GoDuration, "12", 12 * time.Second}, // bare seconds where a duration was expected
		{limits.AutoSeconds, "20", 20 * time.Second},
		{limits.AutoSeconds, epoch(time.Minute), time.Minute},
	} {
		p := Profile{Waits: []Wait{{Header: "X-Wait", Unit: tc.unit}}}
		got := p.wait(http.Header{"X-Wait": {tc.value}}, nil, RateLimited)
		assert.InDelta(t, tc.want.Seconds(), got.Seconds(), 1.01, "unit %d %q", tc.unit, tc.value)
		assert.Zero(t, p.wait(http.Header{"X-Wait": {tc.value}}, nil, Failed), "the service's wait headers count only when rate limited")
	}
}

// A 429 whose wait is only in a reset header gets RetryAfter from it, in
// seconds or as an epoch; the same headers on other failures say nothing
// about waiting.
func TestResetHeadersGiveRetryAfterOnRateLimit(t *testing.T) {
	epoch := strconv.FormatInt(time.Now().Add(2*time.Minute).Unix(), 10)
	for _, tc := range []struct {
		header, value string
		want          time.Duration
	}{
		{"RateLimit-Reset", "90", 90 * time.Second},
		{"X-RateLimit-Reset-After", "64.57", 64570 * time.Millisecond},
		{"X-RateLimit-Reset", "75", 75 * time.Second},
		{"X-RateLimit-Reset", epoch, 2 * time.Minute},
		{"RateLimit", `"default";r=0;t=80`, 80 * time.Second},
		{"RateLimit", `limit=10, remaining=0, reset=85`, 85 * time.Second},
	} {
		e := failWith(t, Profile{}, answer{status: 429, header: map[string]string{tc.header: tc.value}, body: `{}`})
		assert.InDelta(t, tc.want.Seconds(), e.RetryAfter.Seconds(), 1.01, "%s: %s", tc.header, tc.value)
		e = failWith(t, Profile{}, answer{status: 500, header: map[string]string{tc.header: tc.value}, body: `{}`})
		assert.Zero(t, e.RetryAfter, "%s on a 500", tc.header)
	}
	e := failWith(t, Profile{RetryAfter: []string{"error.wait"}}, answer{status: 503, body: `{"error":{"wait":3}}`})
	assert.Equal(t, 3*time.Second, e.RetryAfter, "a body member the profile names")
}

// A short body of one line of text is the message whatever its content
// type says; markup, several lines and long bodies are not.
func TestTextMessages(t *testing.T) {
	long := strings.Repeat("word ", 70)
	for _, tc := range []struct {
		ctype, body, want string
	}{
		{"text/plain", "Too many requests, slow down", "Too many requests, slow down"},
		{"application/octet-stream", "quota exceeded", "quota exceeded"},
		{"", "upstream timed out\n", "upstream timed out"},
		{"application/json", "Not Found", "Not Found"},
		{"text/html", "Service Unavailable", "Service Unavailable"}, // a bare sentence labelled HTML
		{"text/plain", "<html><body>502</body></html>", ""},
		{"application/xml", "quota exceeded", "quota exceeded"},
		{"text/plain", "line one\nline two", ""},
		{"text/plain", long, ""},
		{"text/plain", "caf\xe9 ferm\xe9", ""},
	} {
		e := failWith(t, Profile{}, answer{status: 503, header: map[string]string{"Content-Type": tc.ctype}, body: tc.body})
		assert.Equal(t, tc.want, e.Message, "%s %q", tc.ctype, tc.body)
		assert.Equal(t, tc.body, string(e.Body), "the body is kept whatever the message")
	}
}

// A status that blames the request (400, 413, 422) wins over a body code
// that calls the failure a rate limit: Groq's "request too large" comes as
// 413 with rate_limit_exceeded, and retrying it only bills again.
func TestRequestAtFaultStatusWinsOverARateLimitCode(t *testing.T) {
	svc := testService(Auth{})
	svc.Errors = Profile{Code: []string{"error.code"}, Codes: map[string]Meaning{"rate_limit_exceeded": RateLimited}}
	body := `{"error":{"message":"Request too large for model: Limit 6000, Requested 9000","code":"rate_limit_exceeded"}}`
	for _, status := range []int{400, 413, 422} {
		h, count := failThen(3, status, nil, body)
		c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), fastRetries())
		err := send(bg, c, get("/"), Call{})
		assert.ErrorIs(t, err, conduit.ErrAPI, "status %d", status)
		assert.NotErrorIs(t, err, conduit.ErrRateLimited, "status %d", status)
		assert.Equal(t, int32(1), count.Load(), "status %d was retried", status)
	}
	h, count := failThen(1, 429, nil, body)
	c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), fastRetries())
	require.NoError(t, send(bg, c, get("/"), Call{}))
	assert.Equal(t, int32(2), count.Load(), "429 with the code is retried")
}

// A spent quota or balance (402, or a code the profile calls one) is
// ErrQuotaExceeded, never ErrRateLimited, and never retried.
func TestQuotaExceededIsNotARateLimit(t *testing.T) {
	svc := testService(Auth{})
	svc.Errors = Profile{Code: []string{"code"}, Codes: map[string]Meaning{"insufficient_quota": QuotaExceeded}}
	for status, body := range map[int]string{402: `{"detail":"No credits left"}`, 429: `{"code":"insufficient_quota"}`} {
		h, count := failThen(3, status, nil, body)
		c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), fastRetries())
		err := send(bg, c, get("/"), Call{})
		assert.ErrorIs(t, err, conduit.ErrQuotaExceeded, "status %d", status)
		assert.NotErrorIs(t, err, conduit.ErrRateLimited, "status %d", status)
		assert.Equal(t, int32(1), count.Load(), "status %d was retried", status)
	}
}

// Problem+json and JSON:API bodies carry half of the message in title and
// half in detail: both are kept, at the top or in the first of "errors".
func TestProblemTitleAndDetailBothInMessage(t *testing.T) {
	for body, want := range map[string]string{
		`{"type":"https://api.example/problems/rate-limit","title":"You have exceeded your rate limit","detail":"Please try again after 10s"}`: "You have exceeded your rate limit: Please try again after 10s",
		`{"errors":[{"status":"429","title":"Rate limited.","detail":"Please try again after 10s"}]}`:                                          "Rate limited: Please try again after 10s",
		`{"title":"Forbidden","detail":"Forbidden: key lacks access"}`:                                                                         "Forbidden: key lacks access",
		`{"title":"Not found"}`: "Not found",
	} {
		p := Profile{}
		f := p.readFailure(429, http.Header{"Content-Type": {"application/problem+json"}}, []byte(body))
		assert.Equal(t, want, f.message, body)
	}
}

// A message read from a member other than title and detail stands alone,
// even when it repeats the detail, and a profile's own Message paths give
// the member they name, as its package documents (Honeycomb: error, else
// detail, else title).
func TestMessageRepeatingTheDetailGetsNoTitle(t *testing.T) {
	honeycomb := Profile{Message: []string{"error", "detail", "title"}}
	for _, tc := range []struct {
		p    Profile
		body string
		want string
	}{
		{honeycomb, `{"status":404,"type":"https://api.honeycomb.io/problems/not-found","title":"The requested resource cannot be found.","error":"Dataset not found","detail":"Dataset not found"}`, "Dataset not found"},
		{honeycomb, `{"status":404,"title":"The requested resource cannot be found.","detail":"Dataset not found"}`, "Dataset not found"},
		{honeycomb, `{"status":404,"title":"The requested resource cannot be found."}`, "The requested resource cannot be found."},
		{Profile{}, `{"title":"Rate limited","message":"Please try again after 10s","detail":"Please try again after 10s"}`, "Please try again after 10s"},
	} {
		f := tc.p.readFailure(404, http.Header{"Content-Type": {"application/problem+json"}}, []byte(tc.body))
		assert.Equal(t, tc.want, f.message, tc.body)
	}
}
