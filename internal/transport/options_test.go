package transport

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// Per-call headers and query parameters reach the wire after the client's
// and the package's own, a call's header replaces the client's of the same
// name, and none of it outlives the call.
func TestPerCallHeaderAndQuery(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL, conduit.WithHeader("X-Team", "client"), conduit.WithHeader("X-Client-Only", "1"),
		conduit.WithQuery("client", "c"))
	op := get("/search")
	require.NoError(t, send(bg, c, op, Call{Query: []string{"q", "go"}},
		conduit.WithHeader("x-team", "call"), conduit.WithHeader("X-Extra", "e"), conduit.WithQuery("page", "2"), conduit.WithQuery("q", "more")))
	r, _ := rec.last()
	assert.Equal(t, "call", r.Header.Get("X-Team"), "the call's header wins")
	assert.Equal(t, "1", r.Header.Get("X-Client-Only"))
	assert.Equal(t, "e", r.Header.Get("X-Extra"))
	assert.Equal(t, "q=go&client=c&page=2&q=more", r.URL.RawQuery, "the package's query first, then the client's, then the call's")

	require.NoError(t, send(bg, c, op, Call{}))
	r, _ = rec.last()
	assert.Equal(t, "client", r.Header.Get("X-Team"), "the call's options did not stick")
	assert.Empty(t, r.Header.Get("X-Extra"))
	assert.Equal(t, "client=c", r.URL.RawQuery)
}

// No option can replace the header that carries the credential.
func TestPerCallHeaderCannotReplaceCredential(t *testing.T) {
	rec := newRecorder(t, nil)
	for _, tc := range []struct {
		auth   Auth
		header string
	}{
		{Auth{Scheme: Bearer, Values: []string{"api_key"}}, "authorization"},
		{Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, "X-API-KEY"},
		{Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}}, "Authorization"},
		{Auth{Scheme: UserAgent, Values: []string{"api_key"}}, "User-Agent"},
	} {
		svc := testService(tc.auth, apiKey, apiSecret)
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "me me@x.test"), svc.Set("api_secret", "s"))
		err := send(bg, c, get("/"), Call{}, conduit.WithHeader(tc.header, "forged"))
		require.ErrorIs(t, err, conduit.ErrInvalidParam, tc.header)
		assert.Equal(t, "options", asError(t, err).Field)
		_, err = New(svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "me me@x.test"), conduit.WithHeader(tc.header, "forged"))
		require.NoError(t, err, "New cannot tell which calls carry the credential")
	}
	assert.Zero(t, rec.hits.Load())
}

// WithBodyField adds members to the JSON object a call sends, replacing a
// typed member of the same name; it is refused where there is no object
// to add to and for members that carry a credential.
func TestPerCallBodyField(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	type typed struct {
		Model string `json:"model"`
		N     int    `json:"n,omitempty"`
	}
	op := Op{Name: "Create", Method: "POST", Path: "/things"}
	require.NoError(t, send(bg, c, op, Call{Body: typed{Model: "m1", N: 2}},
		conduit.WithBodyField("n", 5), conduit.WithBodyField("seed", 42), conduit.WithBodyField("tags", []string{"a", "b"})))
	_, b := rec.last()
	assert.JSONEq(t, `{"model":"m1","n":5,"seed":42,"tags":["a","b"]}`, string(b))
	assert.Equal(t, 1, strings.Count(string(b), `"n"`), "the typed member is replaced, not repeated")

	require.NoError(t, send(bg, c, op, Call{}, conduit.WithBodyField("only", true)))
	_, b = rec.last()
	assert.JSONEq(t, `{"only":true}`, string(b), "a write without a typed body gets an object")
	r, _ := rec.last()
	assert.Equal(t, "application/json", r.Header.Get("Content-Type"))

	hits := rec.hits.Load()
	err := send(bg, c, get("/things"), Call{}, conduit.WithBodyField("x", 1))
	require.ErrorIs(t, err, conduit.ErrInvalidParam, "a GET sends no body")
	assert.Contains(t, err.Error(), "sends no body")
	err = send(bg, c, op, Call{Body: []int{1, 2}}, conduit.WithBodyField("x", 1))
	require.ErrorIs(t, err, conduit.ErrInvalidParam, "a list is no object")
	err = send(bg, c, uploadOp, Call{Upload: MultipartFile("file", "a", "text/plain", strings.NewReader("x"))}, conduit.WithBodyField("x", 1))
	require.ErrorIs(t, err, conduit.ErrInvalidParam, "a file upload is no JSON object")
	assert.Contains(t, err.Error(), "sends a file")

	svc := testService(Auth{Scheme: Body, Values: []string{"client_id", "secret"}},
		Value{Name: "client_id", Secret: true}, Value{Name: "secret", Secret: true})
	cred := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("client_id", "cid-1"), svc.Set("secret", "sec-Zz12"))
	err = send(bg, cred, op, Call{Body: typed{Model: "m"}}, conduit.WithBodyField("secret", "forged"))
	require.ErrorIs(t, err, conduit.ErrInvalidParam, "a credential member cannot be set")
	assert.Contains(t, err.Error(), `"secret"`)
	assert.NotContains(t, err.Error(), "sec-Zz12")
	assert.Equal(t, hits, rec.hits.Load(), "nothing was sent")

	require.NoError(t, send(bg, cred, op, Call{Body: typed{Model: "m"}}, conduit.WithBodyField("extra", "e")))
	_, b = rec.last()
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Equal(t, map[string]any{"client_id": "cid-1", "secret": "sec-Zz12", "model": "m", "extra": "e"}, got)
}

// WithMaxRetries given to one call sets that call's retries only.
func TestPerCallMaxRetries(t *testing.T) {
	h, count := failThen(100, 503, nil, "")
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL)
	for _, tc := range []struct {
		opts []conduit.Option
		want int32
	}{
		{nil, 3},
		{[]conduit.Option{conduit.WithMaxRetries(0)}, 1},
		{[]conduit.Option{conduit.WithMaxRetries(4)}, 5},
		{nil, 3},
	} {
		count.Store(0)
		err := send(bg, c, get("/"), Call{}, tc.opts...)
		assert.Equal(t, int(tc.want), asError(t, err).Attempts)
		assert.Equal(t, tc.want, count.Load())
	}
}

// WithResponse is filled when the call ends, on success and on failure,
// and with no answer at all.
func TestPerCallResponse(t *testing.T) {
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "req-"+r.URL.Path[1:])
		w.Header().Set("X-Custom", "c")
		w.Header().Set("X-RateLimit-Limit", "100")
		w.Header().Set("X-RateLimit-Remaining", "99")
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/missing" {
			w.WriteHeader(404)
		}
		w.Write([]byte(`{"ok":true}`))
	})
	c := newOpen(t, rec.URL)
	var resp, again conduit.Response
	require.NoError(t, into(bg, c, get("/found"), Call{}, &okResult{}, conduit.WithResponse(&resp), conduit.WithResponse(&again)))
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "c", resp.Header.Get("X-Custom"))
	assert.Equal(t, "req-found", resp.RequestID)
	assert.Equal(t, rec.URL+"/found", resp.URL)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, int64(100), resp.RateLimit.Requests.Limit)
	assert.Equal(t, int64(99), resp.RateLimit.Requests.Remaining)
	assert.False(t, resp.RateLimit.Tokens.Known())
	assert.Equal(t, resp, again, "every Response asked for is filled")

	resp = conduit.Response{}
	err := send(bg, c, get("/missing"), Call{}, conduit.WithResponse(&resp))
	require.ErrorIs(t, err, conduit.ErrNotFound)
	assert.Equal(t, 404, resp.StatusCode)
	assert.Equal(t, "req-missing", resp.RequestID)
	assert.Equal(t, "c", resp.Header.Get("X-Custom"))
	assert.Equal(t, rec.URL+"/missing", resp.URL)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, int64(99), resp.RateLimit.Requests.Remaining)

	dead := newOpen(t, closedURL(t))
	resp = conduit.Response{}
	require.Error(t, send(bg, dead, get("/x"), Call{}, conduit.WithResponse(&resp)))
	assert.Zero(t, resp.StatusCode, "no answer came back")
	assert.Equal(t, 3, resp.Attempts)
	assert.Contains(t, resp.URL, "/x")
}

// WithIdempotent lets a write be retried like a read.
func TestPerCallIdempotentWriteRetried(t *testing.T) {
	h, count := failThen(1, 503, nil, "")
	rec := newRecorder(t, h)
	c := newOpen(t, rec.URL)
	require.Error(t, send(bg, c, post("/orders"), Call{Body: map[string]int{"n": 1}}))
	assert.Equal(t, int32(1), count.Load(), "a write is not retried")
	count.Store(0)
	require.NoError(t, send(bg, c, post("/orders"), Call{Body: map[string]int{"n": 1}}, conduit.WithIdempotent()))
	assert.Equal(t, int32(2), count.Load(), "an idempotent write is")
	count.Store(0)
	require.NoError(t, send(bg, c, Op{Name: "Send", Method: "POST", Path: "/orders", Write: true, Idempotent: true}, Call{}))
	assert.Equal(t, int32(2), count.Load(), "so is one the operation declares idempotent")
	count.Store(0)
	require.NoError(t, send(bg, c, post("/orders"), Call{Idempotent: true}))
	assert.Equal(t, int32(2), count.Load(), "or the call")
}

// An option given where it cannot apply is an error naming it, before any
// I/O: client-level options at a call, call-level options at New, and an
// option of another package anywhere.
func TestOptionsRefusedWhereTheyCannotApply(t *testing.T) {
	rec := newRecorder(t, nil)
	svc := testService(Auth{}, Value{Name: "region"})
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL))
	for name, o := range map[string]conduit.Option{
		"conduit.WithBaseURL":      conduit.WithBaseURL(rec.URL),
		"conduit.WithHTTPClient":   conduit.WithHTTPClient(http.DefaultClient),
		"conduit.WithLogger":       conduit.WithLogger(nil),
		"conduit.WithUserAgent":    conduit.WithUserAgent("ua"),
		"conduit.WithRateLimit":    conduit.WithRateLimit(1, time.Second),
		"conduit.WithLimiter":      conduit.WithLimiter(conduit.NewLimiter(1, time.Second)),
		"conduit.WithInsecureHTTP": conduit.WithInsecureHTTP(),
		"testsvc.WithOtherURL":     svc.SetBase("other_url", rec.URL),
		"a setting":                svc.Set("region", "eu"),
	} {
		err := send(bg, c, get("/"), Call{}, o)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, name)
		e := asError(t, err)
		assert.Equal(t, "options", e.Field, name)
		assert.Contains(t, err.Error(), "applies to a client (New), not to one call", name)
	}
	for name, o := range map[string]conduit.Option{
		"conduit.WithResponse":   conduit.WithResponse(&conduit.Response{}),
		"conduit.WithIdempotent": conduit.WithIdempotent(),
		"conduit.WithBase":       conduit.WithBase("other_url"),
	} {
		_, err := New(svc, conduit.WithBaseURL(rec.URL), o)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, name)
		assert.Contains(t, err.Error(), name)
		assert.Contains(t, err.Error(), "applies to one call, not to a client (New)", name)
	}
	assert.Zero(t, rec.hits.Load())

	// A typed operation has its base; only Do calls choose one.
	err := send(bg, c, get("/"), Call{}, conduit.WithBase("other_url"))
	require.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "options", asError(t, err).Field)
	assert.Zero(t, rec.hits.Load())

	other := &Service{Name: "othersvc", Bases: []Base{{Name: "elsewhere_url", Option: "othersvc.WithElsewhereURL"}},
		Values: []Value{{Name: "token", Option: "othersvc.WithToken", Secret: true}}}
	for _, o := range []conduit.Option{other.Set("token", "t-Ab12"), other.SetBase("elsewhere_url", rec.URL)} {
		_, err := New(svc, conduit.WithBaseURL(rec.URL), o)
		require.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Contains(t, err.Error(), "package othersvc")
		assert.Contains(t, err.Error(), "package testsvc")
		assert.Contains(t, err.Error(), "othersvc.With")
		assert.NotContains(t, err.Error(), "t-Ab12")
	}
}

// Per-call limits on the body: a smaller cap for one call.
func TestPerCallMaxResponseBytes(t *testing.T) {
	rec := newRecorder(t, serve(`{"id":1,"pad":"`+strings.Repeat("x", 4096)+`"}`, 200))
	c := newOpen(t, rec.URL)
	require.NoError(t, into(bg, c, get("/"), Call{}, &item{}))
	err := into(bg, c, get("/"), Call{}, &item{}, conduit.WithMaxResponseBytes(1024))
	assert.ErrorIs(t, err, conduit.ErrResponseTooLarge)
}

// A client's body fields go into every JSON object its calls send, and
// nowhere else: a GET, a body-less write or an upload is sent as it
// would be without them. A call's field of the same name replaces the
// client's, and of two fields of one name the later is sent, once.
func TestClientBodyFieldsApplyWhereThereIsAnObject(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL, conduit.WithBodyField("temperature", 0.2), conduit.WithBodyField("user", "u1"))
	op := Op{Name: "Create", Method: "POST", Path: "/things"}

	require.NoError(t, send(bg, c, get("/things"), Call{}), "a GET of a client with body fields")
	r, b := rec.last()
	assert.Empty(t, b)
	assert.Empty(t, r.Header.Get("Content-Type"))
	require.NoError(t, send(bg, c, op, Call{}), "a body-less write")
	_, b = rec.last()
	assert.Empty(t, b)
	require.NoError(t, send(bg, c, uploadOp, Call{Upload: MultipartFile("file", "a", "text/plain", strings.NewReader("x"))}), "an upload")

	require.NoError(t, send(bg, c, op, Call{Body: map[string]int{"n": 1}}))
	_, b = rec.last()
	assert.JSONEq(t, `{"n":1,"temperature":0.2,"user":"u1"}`, string(b))

	require.NoError(t, send(bg, c, op, Call{Body: map[string]int{"n": 1}}, conduit.WithBodyField("temperature", 0.9)))
	_, b = rec.last()
	assert.JSONEq(t, `{"n":1,"temperature":0.9,"user":"u1"}`, string(b))
	assert.Equal(t, 1, strings.Count(string(b), "temperature"), "one member per name")

	require.NoError(t, send(bg, c, op, Call{}, conduit.WithBodyField("seed", 1), conduit.WithBodyField("seed", 2)))
	_, b = rec.last()
	assert.JSONEq(t, `{"temperature":0.2,"user":"u1","seed":2}`, string(b), "a call's own field gives a body-less write an object")
}
