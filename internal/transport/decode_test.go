package transport

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

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
	items, err := Declare[[]item](c.svc, Op{Name: "List", Method: "GET", Path: "/"}, nil).Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	require.Len(t, *items, 2)
	assert.Equal(t, int64(9007199254740993), (*items)[1].ID)
	var extra struct{ Extra string }
	require.NoError(t, (*items)[1].Decode(&extra))
	assert.Equal(t, "b", extra.Extra)
	assert.JSONEq(t, `{"id":1,"extra":"a"}`, string((*items)[0].RawJSON()))
}

// nestedResult has records inside records, in a list and in a map.
type nestedResult struct {
	conduit.Raw
	Owner struct {
		conduit.Raw
		Name string `json:"name"`
	} `json:"owner"`
	Items []struct {
		conduit.Raw
		Tag item `json:"tag"`
	} `json:"items"`
	ByKey map[string]item `json:"by_key"`
}

// The core fills the Raw of the result and of every record in it, each
// with its own bytes exactly as sent.
func TestRawJSONOfNestedRecords(t *testing.T) {
	body := `{"owner": {"name":"o","since":2019},
		"items":[{"tag":{"id":1,"x":"y"},"note":"first"}, {"tag":{"id":2}}],
		"by_key":{"k":{"id":3,"more":[1,2]}}}`
	rec := newRecorder(t, serve(body, 200))
	c := newOpen(t, rec.URL)
	r, err := Declare[nestedResult](c.svc, get("/"), nil).Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	assert.Equal(t, body, string(r.RawJSON()))
	assert.Equal(t, `{"name":"o","since":2019}`, string(r.Owner.RawJSON()))
	require.Len(t, r.Items, 2)
	assert.Equal(t, `{"tag":{"id":1,"x":"y"},"note":"first"}`, string(r.Items[0].RawJSON()))
	assert.Equal(t, `{"id":1,"x":"y"}`, string(r.Items[0].Tag.RawJSON()))
	assert.Equal(t, `{"id":2}`, string(r.Items[1].Tag.RawJSON()))
	assert.Equal(t, `{"id":3,"more":[1,2]}`, string(r.ByKey["k"].RawJSON()))
	var since struct{ Since int }
	require.NoError(t, r.Owner.Decode(&since))
	assert.Equal(t, 2019, since.Since)
}

func TestEmptyAndNullBodies(t *testing.T) {
	record := func(c *Client) error { return into(bg, c, get("/"), Call{}, &item{}) }
	list := func(c *Client) error { return into(bg, c, get("/"), Call{}, &[]item{}) }
	dict := func(c *Client) error { return into(bg, c, get("/"), Call{}, &map[string]int{}) }
	for _, tc := range []struct {
		body   string
		status int
		call   func(*Client) error
		ok     bool
	}{
		{"null", 200, record, false},
		{"", 200, record, false},
		{"null", 200, list, true},
		{"[]", 200, list, true},
		{"", 204, record, false},
		{"", 204, list, true},
		{"{}", 200, dict, true},
		{`{"id":"x"}`, 200, record, false},
		{`<html>`, 200, record, false},
	} {
		rec := newRecorder(t, serve(tc.body, tc.status))
		err := tc.call(newOpen(t, rec.URL))
		if tc.ok {
			assert.NoError(t, err, "%q", tc.body)
		} else {
			assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "%q", tc.body)
		}
	}
}

// A body over the cap is refused: with a declared length, without reading
// it; without one, after reading just past the cap.
func TestBodyCap(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for _, chunked := range []bool{false, true} {
		var written atomic.Int64
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
		c := newOpen(t, rec.URL, conduit.WithMaxResponseBytes(1<<20))
		err := into(bg, c, get("/"), Call{}, &item{})
		assert.ErrorIs(t, err, conduit.ErrResponseTooLarge, "chunked=%v", chunked)
		assert.Less(t, written.Load(), int64(64<<20), "chunked=%v: the call stopped reading", chunked)
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
		{"http://h", "/x/{id}", []string{"a/b?c#d"}, nil, "http://h/x/a%2Fb%3Fc%23d"},
		{"http://h", "/x/{id}", []string{"..a"}, nil, "http://h/x/..a"},
		{"http://h", "/od", nil, []string{"page[size]", "10", "sort", "-record_date"}, "http://h/od?page%5Bsize%5D=10&sort=-record_date"},
		{"http://h", "/prices/{b}-{c}/spot", []string{"BTC", "USD"}, nil, "http://h/prices/BTC-USD/spot"},
		{"http://h", "/v1/places:searchText", nil, nil, "http://h/v1/places:searchText"},
	} {
		var got string
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { got = "http://h" + r.RequestURI })
		c := newOpen(t, strings.Replace(tc.base, "http://h", rec.URL, 1))
		require.NoError(t, send(bg, c, get(tc.path), Call{Args: tc.args, Query: tc.q}))
		assert.Equal(t, tc.want, got)
	}
}

func TestNamedBasesAndMissingBase(t *testing.T) {
	rec := newRecorder(t, nil)
	for _, k := range []string{"CONDUIT_TESTSVC_TEST_URL", "CONDUIT_TEST_URL", "CONDUIT_TESTSVC_OTHER_URL", "CONDUIT_OTHER_URL"} {
		t.Setenv(k, "")
	}
	svc := testService(Auth{})
	c := newClient(t, svc, svc.SetBase("other_url", rec.URL))
	require.NoError(t, send(bg, c, Op{Name: "X", Method: "GET", Base: "other_url", Path: "/"}, Call{}))
	err := send(bg, c, Op{Name: "Y", Method: "GET", Path: "/"}, Call{})
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_TESTSVC_TEST_URL")
	assert.Contains(t, err.Error(), "test_url")
	assert.Contains(t, err.Error(), "conduit.WithBaseURL")
	assert.Equal(t, int32(1), rec.hits.Load())

	err = send(bg, c, Op{Name: "Z", Method: "GET", Base: "nowhere_url", Path: "/"}, Call{})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "an undeclared placeholder is the package's mistake, named")
	assert.Contains(t, err.Error(), "nowhere_url")
}

func TestBadOptions(t *testing.T) {
	for _, o := range []conduit.Option{
		conduit.WithMaxRetries(-1), conduit.WithMaxResponseBytes(0), conduit.WithRateLimit(1, 0), conduit.WithHTTPClient(nil),
		conduit.WithRetryBackoff(2, 1), conduit.WithBaseURL("not a url"), conduit.WithBaseURL("https://h/?q=1"),
		conduit.WithMaxRetryWait(-1), conduit.WithIdleTimeout(-1), conduit.WithLimiter(nil), conduit.WithHeader("bad name", "v"),
		conduit.WithHeader("X-Ok", "a\nb"), conduit.WithQuery("", "v"), conduit.WithBodyField("", 1), conduit.WithBodyField("f", func() {}),
		conduit.WithUserAgent("ua\r\nX-Evil: 1"),
	} {
		c, err := New(testService(Auth{}), o)
		assert.Nil(t, c)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		e := asError(t, err)
		assert.Equal(t, "New", e.Op)
		assert.Equal(t, "testsvc", e.Service)
	}
}

func TestNilContext(t *testing.T) {
	c := newOpen(t, "http://127.0.0.1:1")
	//lint:ignore SA1012 the nil context is the point of the test
	err := send(nil, c, get("/"), Call{}) //nolint:staticcheck
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}

// httpmock on the client's own *http.Client works, even when activated
// after the conduit client was built.
func TestHTTPMockOnOwnClient(t *testing.T) {
	hc := &http.Client{}
	c := newClient(t, testService(Auth{}), conduit.WithBaseURL("https://api.example.test/v1"), conduit.WithHTTPClient(hc))
	httpmock.ActivateNonDefault(hc)
	defer httpmock.DeactivateAndReset()
	httpmock.RegisterResponder("GET", "https://api.example.test/v1/items/7", httpmock.NewStringResponder(200, `{"id":7}`))
	var it item
	require.NoError(t, into(context.Background(), c, get("/items/{id}"), Call{Args: []string{"7"}}, &it))
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
		{"application/json", `{"error":{"message":"no such model","type":"invalid_request_error"}}`, 404, "invalid_request_error", "no such model", conduit.ErrNotFound},
		{"application/json", `{"error_code":"INVALID_API_KEYS","error_message":"bad keys"}`, 401, "INVALID_API_KEYS", "bad keys", conduit.ErrUnauthorized},
		{"application/json", `{"message":"Forbidden"}`, 403, "", "Forbidden", conduit.ErrUnauthorized},
		{"application/json", `{"errors":[{"message":"Not Found.","status":404}]}`, 404, "", "Not Found.", conduit.ErrNotFound},
		{"text/plain", "slow down", 429, "", "slow down", conduit.ErrRateLimited},
		{"text/html", "<html><h1>502 Bad Gateway</h1></html>", 400, "", "", conduit.ErrAPI},
		{"application/xml", "<Error><Code>NoSuchKey</Code></Error>", 404, "", "", conduit.ErrNotFound},
		{"application/json", `{"error":"unknown API key - check your credentials"}`, 401, "", "unknown API key - check your credentials", conduit.ErrUnauthorized},
		{"application/json", `{"error":"invalid_grant"}`, 400, "invalid_grant", "", conduit.ErrAPI},
	} {
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", tc.ctype)
			w.Header().Set("X-Request-Id", "req-42")
			w.WriteHeader(tc.status)
			io.WriteString(w, tc.body)
		})
		c := newOpen(t, rec.URL, conduit.WithMaxRetries(0))
		err := send(bg, c, get("/"), Call{})
		e := asError(t, err)
		assert.ErrorIs(t, err, tc.is, tc.body)
		assert.ErrorIs(t, err, conduit.ErrAPI, tc.body)
		assert.Equal(t, tc.status, e.StatusCode, tc.body)
		assert.Equal(t, tc.code, e.Code, tc.body)
		assert.Equal(t, tc.msg, e.Message, tc.body)
		assert.Equal(t, "req-42", e.RequestID)
		assert.Equal(t, tc.body, string(e.Body))
		assert.Equal(t, tc.ctype, e.BodyType)
		assert.NotPanics(t, func() { _ = e.Error() + e.GoString() })
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
	require.NoError(t, into(bg, c, get("/"), Call{}, &it))
	var v struct{ Pad string }
	require.NoError(t, it.Decode(&v))
	assert.Equal(t, int64(7), it.ID)
	assert.Equal(t, pad, v.Pad)
}

// A large sized body, read in growing chunks until it proves itself and
// then into one buffer, comes out whole; one that ends short is an error.
func TestLargeSizedBodyIntact(t *testing.T) {
	pad := strings.Repeat("fedcba9876543210", (2<<20)/16)
	whole := `{"id":8,"pad":"` + pad + `"}`
	for _, short := range []bool{false, true} {
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(whole)))
			if short {
				io.WriteString(w, whole[:len(whole)/2])
				return
			}
			io.WriteString(w, whole)
		})
		c := newOpen(t, rec.URL, conduit.WithMaxRetries(0))
		var it item
		err := into(bg, c, get("/"), Call{}, &it)
		if short {
			assert.Error(t, err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, whole, string(it.RawJSON()))
	}
}

// plainAnswer is a result a service may send as text/plain instead of JSON.
type plainAnswer struct {
	Text string `json:"text"`
}

// A text/plain answer is handed to the text reader of an endpoint that has
// one, and is still malformed for one that does not; a JSON answer stays
// JSON.
func TestPlainTextAnswerReadByEndpointsThatReadText(t *testing.T) {
	text := func(body, ctype string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			io.WriteString(w, body)
		}
	}
	c := newOpen(t, newRecorder(t, text("Hello there.\n", "text/plain; charset=utf-8")).URL)
	reads := Declare[plainAnswer](c.svc, get("/"), nil).ReadsText(func(p *plainAnswer, b []byte) { p.Text = string(b) })
	p, err := reads.Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	assert.Equal(t, "Hello there.\n", p.Text)
	_, err = Declare[plainAnswer](c.svc, get("/"), nil).Do(bg, c, Call{}, nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "an endpoint that does not read text")

	c = newOpen(t, newRecorder(t, text(`{"text":"json"}`, "application/json")).URL)
	p, err = reads.Do(bg, c, Call{}, nil)
	require.NoError(t, err)
	assert.Equal(t, "json", p.Text)
}
