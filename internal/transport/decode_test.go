package transport

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type item struct {
	Raw
	ID int64 `json:"id"`
}

func serve(body string, status int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

func TestRawJSONKeptForObjectsAndListItems(t *testing.T) {
	rec := newRecorder(t, serve(`[{"id":1,"extra":"a"},{"id":9007199254740993,"extra":"b"}]`, 200))
	c := newOpen(t, rec.URL)
	var items []item
	require.NoError(t, c.Do(context.Background(), &Request{Op: "List", Method: "GET", Path: "/"}, &items))
	require.Len(t, items, 2)
	assert.Equal(t, int64(9007199254740993), items[1].ID)
	var extra struct{ Extra string }
	require.NoError(t, items[1].Decode(&extra))
	assert.Equal(t, "b", extra.Extra)
	assert.JSONEq(t, `{"id":1,"extra":"a"}`, string(items[0].RawJSON()))
}

func TestEmptyAndNullBodies(t *testing.T) {
	for _, tc := range []struct {
		body   string
		status int
		out    func() any
		ok     bool
	}{
		{"null", 200, func() any { return &item{} }, false},
		{"", 200, func() any { return &item{} }, false},
		{"null", 200, func() any { return &[]item{} }, true},
		{"[]", 200, func() any { return &[]item{} }, true},
		{"", 204, func() any { return &item{} }, false},
		{"", 204, func() any { return &[]item{} }, true},
		{"{}", 200, func() any { return &map[string]int{} }, true},
		{`{"id":"x"}`, 200, func() any { return &item{} }, false},
		{`<html>`, 200, func() any { return &item{} }, false},
	} {
		rec := newRecorder(t, serve(tc.body, tc.status))
		c := newOpen(t, rec.URL)
		err := c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, tc.out())
		if tc.ok {
			assert.NoError(t, err, "%q", tc.body)
		} else {
			assert.ErrorIs(t, err, ErrMalformedResponse, "%q", tc.body)
		}
	}
}

// A body over the cap is refused: with a declared length, without reading
// it; without one, after reading just past the cap.
func TestBodyCap(t *testing.T) {
	var written atomic.Int64
	big := strings.Repeat("x", 1<<20)
	for _, chunked := range []bool{false, true} {
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			if !chunked {
				w.Header().Set("Content-Length", strconv.Itoa(64<<20))
			}
			for i := 0; i < 64; i++ {
				n, err := io.WriteString(w, big)
				written.Add(int64(n))
				if err != nil {
					return
				}
				if f, ok := w.(http.Flusher); ok && chunked {
					f.Flush()
				}
			}
		})
		c := newOpen(t, rec.URL, WithMaxResponseBytes(1<<20))
		err := c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, &item{})
		assert.ErrorIs(t, err, ErrResponseTooLarge, "chunked=%v", chunked)
	}
}

func TestURLBuilding(t *testing.T) {
	for _, tc := range []struct {
		base, path string
		args, q    []string
		want       string
	}{
		{"http://h/api/v10/", "/users/@me", nil, nil, "http://h/api/v10/users/@me"},
		{"http://h/v1", "/products/category/{c}", []string{"men's clothing"}, []string{"limit", "5"}, "http://h/v1/products/category/men%27s%20clothing?limit=5"},
		{"http://h", "/packages/{type}/{name...}/resolved", []string{"npm", "@babel/core"}, []string{"specifier", "^1.2"}, "http://h/packages/npm/@babel/core/resolved?specifier=%5E1.2"},
		{"http://h", "/x/{id}", []string{".."}, nil, "http://h/x/%2E%2E"},
		{"http://h", "/x/{id}", []string{"a/b?c#d"}, nil, "http://h/x/a%2Fb%3Fc%23d"},
		{"http://h", "/od", nil, []string{"page[size]", "10", "sort", "-record_date"}, "http://h/od?page%5Bsize%5D=10&sort=-record_date"},
		{"http://h", "/prices/{b}-{c}/spot", []string{"BTC", "USD"}, nil, "http://h/prices/BTC-USD/spot"},
		{"http://h", "/v1/places:searchText", nil, nil, "http://h/v1/places:searchText"},
	} {
		var got string
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { got = "http://h" + r.RequestURI })
		c := newOpen(t, strings.Replace(tc.base, "http://h", rec.URL, 1))
		require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: tc.path, Args: tc.args, Query: tc.q}, nil))
		assert.Equal(t, tc.want, got)
	}
}

func TestNamedBasesAndMissingBase(t *testing.T) {
	rec := newRecorder(t, nil)
	t.Setenv("CONDUIT_TEST_URL", "")
	t.Setenv("CONDUIT_OTHER_URL", "")
	c, err := New(testService(Auth{}), WithNamedBaseURL("other_url", rec.URL))
	require.NoError(t, err)
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Base: "other_url", Path: "/"}, nil))
	err = c.Do(context.Background(), &Request{Op: "Y", Method: "GET", Path: "/"}, nil)
	assert.ErrorIs(t, err, ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_TEST_URL")
	assert.Contains(t, err.Error(), "test_url")
}

func TestBadOptions(t *testing.T) {
	for _, o := range []Option{WithMaxRetries(-1), WithMaxResponseBytes(0), WithRateLimit(1, 0), WithHTTPClient(nil), WithRetryBackoff(2, 1), WithBaseURL("not a url")} {
		_, err := New(testService(Auth{}), o)
		assert.ErrorIs(t, err, ErrInvalidParam)
	}
}

func TestNilContext(t *testing.T) {
	c := newOpen(t, "http://127.0.0.1:1")
	//lint:ignore SA1012 the nil context is the point of the test
	err := c.Do(nil, &Request{Op: "X", Method: "GET", Path: "/"}, nil) //nolint:staticcheck
	assert.ErrorIs(t, err, ErrInvalidParam)
}

// httpmock on the client's own *http.Client works, even when activated
// after the conduit client was built.
func TestHTTPMockOnOwnClient(t *testing.T) {
	hc := &http.Client{}
	c, err := New(testService(Auth{}), WithBaseURL("https://api.example.test/v1"), WithHTTPClient(hc))
	require.NoError(t, err)
	httpmock.ActivateNonDefault(hc)
	defer httpmock.DeactivateAndReset()
	httpmock.RegisterResponder("GET", "https://api.example.test/v1/items/7", httpmock.NewStringResponder(200, `{"id":7}`))
	var it item
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/items/{id}", Args: []string{"7"}}, &it))
	assert.Equal(t, int64(7), it.ID)
	assert.Equal(t, 1, httpmock.GetTotalCallCount())
}

func TestErrorShapes(t *testing.T) {
	for _, tc := range []struct {
		ctype, body string
		status      int
		code, msg   string
		is          error
	}{
		{"application/json", `{"error":{"message":"no such model","type":"invalid_request_error"}}`, 404, "invalid_request_error", "no such model", ErrNotFound},
		{"application/json", `{"error_code":"INVALID_API_KEYS","error_message":"bad keys"}`, 401, "INVALID_API_KEYS", "bad keys", ErrUnauthorized},
		{"application/json", `{"message":"Forbidden"}`, 403, "", "Forbidden", ErrUnauthorized},
		{"application/json", `{"errors":[{"message":"Not Found.","status":404}]}`, 404, "", "Not Found.", ErrNotFound},
		{"text/plain", "slow down", 429, "", "slow down", ErrRateLimited},
		{"text/html", "<html><h1>502 Bad Gateway</h1></html>", 400, "", "", ErrAPI},
		{"application/xml", "<Error><Code>NoSuchKey</Code></Error>", 404, "", "", ErrNotFound},
	} {
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", tc.ctype)
			w.Header().Set("X-Request-Id", "req-42")
			w.WriteHeader(tc.status)
			io.WriteString(w, tc.body)
		})
		c := newOpen(t, rec.URL, WithMaxRetries(0))
		err := c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.ErrorIs(t, err, tc.is, tc.body)
		assert.Equal(t, tc.code, e.Code, tc.body)
		assert.Equal(t, tc.msg, e.Message, tc.body)
		assert.Equal(t, "req-42", e.RequestID)
		assert.Equal(t, tc.body, string(e.Body))
		assert.Equal(t, tc.ctype, e.BodyType)
		assert.NotPanics(t, func() { _ = e.Error() + e.GoString() })
	}
}

func TestErrorText(t *testing.T) {
	e := &Error{Service: "noderpc", Op: "Call", Endpoint: "POST /v2", Code: "-32601", Message: "method not found"}
	assert.Equal(t, "noderpc.Call: POST /v2: [-32601]: method not found", e.Error())
	e = &Error{Service: "s", Op: "Get", Endpoint: "GET /x", StatusCode: 404, Code: "not_found", Message: "gone"}
	assert.Equal(t, "s.Get: GET /x: 404 Not Found [not_found]: gone", e.Error())
	code, msg := ProviderError([]byte(`{"error":"unknown API key - check your credentials"}`))
	assert.Equal(t, "", code)
	assert.Equal(t, "unknown API key - check your credentials", msg)
	code, _ = ProviderError([]byte(`{"error":"invalid_grant"}`))
	assert.Equal(t, "invalid_grant", code)
}

func TestJSONStringFastPathAgrees(t *testing.T) {
	for _, in := range []string{`"plain"`, `""`, `"a\"b"`, `"tab\there"`, `"é"`, `"\u00e9"`, `"a"b"`, `"open`, `5`, `"ctl` + "\x01" + `"`} {
		got, gotErr := JSONString([]byte(in))
		var want string
		wantErr := json.Unmarshal([]byte(in), &want)
		assert.Equal(t, wantErr == nil, gotErr == nil, in)
		assert.Equal(t, want, got, in)
	}
}

// A large body of unknown length, gathered in chunks, comes out whole.
func TestLargeUnsizedBodyIntact(t *testing.T) {
	pad := strings.Repeat("0123456789abcdef", (3<<20+12345)/16)
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"id":7,"pad":"`)
		w.(http.Flusher).Flush() // no Content-Length from here on
		io.WriteString(w, pad)
		io.WriteString(w, `"}`)
	})
	c := newOpen(t, rec.URL)
	var it item
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, &it))
	var v struct{ Pad string }
	require.NoError(t, it.Decode(&v))
	assert.Equal(t, int64(7), it.ID)
	assert.Equal(t, pad, v.Pad)
}
