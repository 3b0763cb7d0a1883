package transport

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// twoBaseService places a bearer token on its default base and its own
// header on the other, as chat's API and webhook hosts do.
func twoBaseService() *Service {
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey,
		Value{Name: "other_key", Option: "testsvc.WithOtherKey", Secret: true})
	svc.Bases[1].Auth = &Auth{Scheme: Header, Name: "X-Other-Key", Values: []string{"other_key"}}
	return svc
}

// Do reaches any path with the auth of the base it goes to, the query
// written in the path, and the body as JSON; a 2xx answer decodes into
// out, Raw included.
func TestDoPlacesAuthPerBase(t *testing.T) {
	main, other := newRecorder(t, serve(`{"id":42,"extra":"x"}`, 200)), newRecorder(t, nil)
	svc := twoBaseService()
	c := newClient(t, svc, conduit.WithBaseURL(main.URL+"/api"), svc.SetBase("other_url", other.URL),
		svc.Set("api_key", "main-Ab1"), svc.Set("other_key", "other-Cd2"))

	var it item
	require.NoError(t, c.Do(bg, "get", "/v9/things/42?expand=all&b=1&expand=more", nil, &it, nil))
	r, _ := main.last()
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/api/v9/things/42", r.URL.Path)
	assert.Equal(t, []string{"all", "more"}, r.URL.Query()["expand"])
	assert.Equal(t, "1", r.URL.Query().Get("b"))
	assert.Equal(t, "Bearer main-Ab1", r.Header.Get("Authorization"))
	assert.Equal(t, int64(42), it.ID)
	assert.JSONEq(t, `{"id":42,"extra":"x"}`, string(it.RawJSON()))

	require.NoError(t, c.Do(bg, "POST", "/hooks/1", map[string]string{"content": "hi"}, nil, []conduit.Option{conduit.WithBase("other_url")}))
	r, b := other.last()
	assert.Equal(t, "other-Cd2", r.Header.Get("X-Other-Key"))
	assert.Empty(t, r.Header.Get("Authorization"), "the other base's scheme, not the service's")
	assert.JSONEq(t, `{"content":"hi"}`, string(b))
	assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
}

// Do refuses bad input before any I/O: a method that is none, a relative
// path, characters that cannot stand in a path, an out that is not a
// pointer, a base the package does not declare.
func TestDoRefusesBadInput(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	var it item
	for _, tc := range []struct {
		method, path string
		out          any
		field        string
	}{
		{"", "/x", nil, "method"},
		{"GE T", "/x", nil, "method"},
		{"GET", "x", nil, "path"},
		{"GET", "/x/{id}", nil, "path"},
		{"GET", "/x#frag", nil, "path"},
		{"GET", "/x\r\nHost: evil", nil, "path"},
		{"GET", "/x/%zz", nil, "path"},
		{"GET", "/x?a=%zz", nil, "path"},
		{"GET", "/x", it, "out"},
		{"GET", "/x", (*item)(nil), "out"},
	} {
		err := c.Do(bg, tc.method, tc.path, nil, tc.out, nil)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, "%q %q", tc.method, tc.path)
		e := asError(t, err)
		assert.Equal(t, tc.field, e.Field, "%q %q", tc.method, tc.path)
		assert.Equal(t, "Do", e.Op)
	}
	err := c.Do(bg, "GET", "/x", nil, nil, []conduit.Option{conduit.WithBase("nowhere_url")})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Zero(t, rec.hits.Load())
}

// A write through Do is not retried unless marked idempotent; a read is.
func TestDoRetriesOnlyReadsAndIdempotentWrites(t *testing.T) {
	h, count := failThen(100, 503, nil, "")
	c := newOpen(t, newRecorder(t, h).URL)
	for _, tc := range []struct {
		method string
		opts   []conduit.Option
		want   int32
	}{
		{"GET", nil, 3},
		{"HEAD", nil, 3},
		{"POST", nil, 1},
		{"PUT", nil, 1},
		{"DELETE", nil, 1},
		{"PATCH", nil, 1},
		{"POST", []conduit.Option{conduit.WithIdempotent()}, 3},
	} {
		count.Store(0)
		err := c.Do(bg, tc.method, "/x", nil, nil, tc.opts)
		assert.ErrorIs(t, err, conduit.ErrAPI, tc.method)
		assert.Equal(t, tc.want, count.Load(), "%s %d options", tc.method, len(tc.opts))
	}
}

// Do maps failures with the service's profile and names the resolved URL;
// a nil out discards whatever the answer holds.
func TestDoErrorsAndDiscard(t *testing.T) {
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(404)
			w.Write([]byte(`{"error":{"code":"not_found","message":"no such thing"}}`))
			return
		}
		w.Write([]byte(`not json at all`))
	})
	svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "qk-Ef3"))
	err := c.Do(bg, "GET", "/gone?x=1", nil, &item{}, nil)
	e := asError(t, err)
	assert.ErrorIs(t, err, conduit.ErrNotFound)
	assert.Equal(t, "not_found", e.Code)
	assert.Equal(t, "GET /gone", e.Endpoint)
	assert.Equal(t, rec.URL+"/gone?x=1&key="+redact.Redacted, e.URL)

	require.NoError(t, c.Do(bg, "GET", "/anything", nil, nil, nil), "nil out discards the body")
	assert.ErrorIs(t, c.Do(bg, "GET", "/anything", nil, &item{}, nil), conduit.ErrMalformedResponse)
	var anyOut any
	assert.ErrorIs(t, c.Do(bg, "GET", "/anything", nil, &anyOut, nil), conduit.ErrMalformedResponse)
}
