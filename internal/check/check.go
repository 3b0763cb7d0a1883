// Package check holds the assertions that the interface packages' tests
// share, so that every package checks error shapes, bad input, missing base
// URLs and open requests the same way, without copying the same blocks.
package check

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/replay"
)

// ErrorCase is one server answer and the *conduit.Error it must become.
type ErrorCase struct {
	Name        string
	Status      int // the HTTP status served
	ContentType string
	Body        string
	Is          error  // the sentinel errors.Is must match
	WantStatus  int    // Error.StatusCode: 0 when the body never decoded
	Code        string // Error.Code
	Message     string // Error.Message; "" skips the check
}

// CommonErrors are answers every operation must turn into a clear error,
// whatever its result type: an HTML 404 from a proxy, a JSON 500, a plain
// text 503 and a body cut off mid-way.
func CommonErrors() []ErrorCase {
	return []ErrorCase{
		{Name: "404 html", Status: 404, ContentType: "text/html", Body: "<html><body><h1>Not Found</h1></body></html>", Is: conduit.ErrNotFound, WantStatus: 404},
		{Name: "500 json", Status: 500, ContentType: "application/json", Body: `{"error":{"code":"internal","message":"backend exploded"}}`, Is: conduit.ErrAPI, WantStatus: 500, Code: "internal", Message: "backend exploded"},
		{Name: "503 plain", Status: 503, ContentType: "text/plain", Body: "down for maintenance", Is: conduit.ErrAPI, WantStatus: 503, Message: "down for maintenance"},
		{Name: "truncated", Status: 200, ContentType: "application/json", Body: `{"data":[{"a":"`, Is: conduit.ErrMalformedResponse},
	}
}

// Call is one operation under test: the Op and Endpoint its errors must
// name, and how to run it on a client.
type Call[C any] struct {
	Op, Endpoint string
	Run          func(ctx context.Context, c C) error
}

// Errors serves each case from a replay.Stub and checks that every call
// fails with a matching *conduit.Error of service. Retries are fast.
func Errors[C any](t *testing.T, service string, newClient func(...conduit.Option) (C, error), cases []ErrorCase, calls ...Call[C]) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := replay.NewStub(tc.Status, tc.ContentType, tc.Body)
			defer srv.Close()
			c, err := newClient(conduit.WithBaseURL(srv.URL), conduit.WithRetryBackoff(time.Millisecond, 2*time.Millisecond))
			require.NoError(t, err)
			for _, call := range calls {
				err := call.Run(context.Background(), c)
				var e *conduit.Error
				require.ErrorAs(t, err, &e, call.Op)
				assert.ErrorIs(t, err, tc.Is, call.Op)
				assert.Equal(t, tc.WantStatus, e.StatusCode, call.Op)
				assert.Equal(t, tc.Code, e.Code, call.Op)
				if tc.Message != "" {
					assert.Equal(t, tc.Message, e.Message, call.Op)
				}
				assert.Equal(t, service, e.Service, call.Op)
				assert.Equal(t, call.Op, e.Op)
				assert.Equal(t, call.Endpoint, e.Endpoint, call.Op)
			}
		})
	}
}

// InvalidParam checks that err is ErrInvalidParam naming field, in
// Error.Field and in the message.
func InvalidParam(t *testing.T, err error, field string, msgAndArgs ...any) {
	t.Helper()
	var e *conduit.Error
	require.ErrorAs(t, err, &e, msgAndArgs...)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, msgAndArgs...)
	assert.Equal(t, field, e.Field, msgAndArgs...)
	assert.Contains(t, err.Error(), "invalid parameter "+field, msgAndArgs...)
}

// MissingBaseURL clears env (CONDUIT_<PLACEHOLDER>) and checks that run
// fails with ErrMissingBaseURL naming it, from a client built without a
// base URL.
func MissingBaseURL[C any](t *testing.T, env string, newClient func(...conduit.Option) (C, error), run func(ctx context.Context, c C) error) {
	t.Helper()
	t.Setenv(env, "")
	c, err := newClient()
	require.NoError(t, err)
	err = run(context.Background(), c)
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), env)
}

// OpenGET checks what every request of an open (credential-free) GET
// operation carries: the method, JSON Accept, conduit's User-Agent, and no
// credential header or body.
func OpenGET(t *testing.T, r *http.Request) {
	t.Helper()
	require.NotNil(t, r, "no request reached the server")
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "application/json", r.Header.Get("Accept"))
	assert.Equal(t, "conduit-go/"+conduit.Version, r.Header.Get("User-Agent"))
	for _, h := range []string{"Authorization", "Cookie", "Content-Type", "Referer"} {
		assert.Empty(t, r.Header.Get(h), h)
	}
	assert.Zero(t, r.ContentLength, "a GET has no body")
}

// StubClient builds a client whose base URL is srv's plus basePath (where
// the placeholder's own path, such as "/v2", goes), and closes srv when the
// test ends.
func StubClient[C any](t *testing.T, newClient func(...conduit.Option) (C, error), srv *replay.Stub, basePath string) C {
	t.Helper()
	t.Cleanup(srv.Close)
	c, err := newClient(conduit.WithBaseURL(srv.URL + basePath))
	require.NoError(t, err)
	return c
}
