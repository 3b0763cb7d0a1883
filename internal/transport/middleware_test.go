package transport

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// A call middleware runs once around the whole retry loop, the client's
// outside the call's, and sees the operation and, after next, every
// attempt and wait; an attempt middleware runs once per request sent.
func TestMiddlewareWrapsTheCallOnceAndEachAttempt(t *testing.T) {
	srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Try") == "" {
			http.Error(w, "no", http.StatusInternalServerError)
			return
		}
		w.Write([]byte(`{"id":7}`))
	})
	var order []string
	var calls, attempts atomic.Int32
	var info conduit.CallInfo
	client := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		order = append(order, "client")
		calls.Add(1)
		resp, err := next(req)
		info = *conduit.CallInfoOf(req.Context())
		return resp, err
	}
	call := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		order = append(order, "call")
		return next(req)
	}
	attempt := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		if attempts.Add(1) == 3 {
			req.Header.Set("X-Try", "3")
		}
		return next(req)
	}
	c := newOpen(t, srv.URL, conduit.WithMiddleware(client), conduit.WithAttemptMiddleware(attempt))
	var it item
	require.NoError(t, into(bg, c, get("/things/{id}"), Call{Args: []string{"7"}}, &it, conduit.WithMiddleware(call)))
	assert.Equal(t, int64(7), it.ID)
	assert.Equal(t, []string{"client", "call"}, order)
	assert.Equal(t, int32(1), calls.Load())
	assert.Equal(t, int32(3), attempts.Load())
	assert.Equal(t, 3, info.Attempts)
	assert.Positive(t, info.RetryWait)
	assert.Equal(t, "testsvc", info.Service)
	assert.Equal(t, "X", info.Operation)
	assert.Equal(t, "GET /things/{id}", info.Endpoint)
	assert.False(t, info.Write)
}

// What a middleware is handed prints no credential, with %v or as a dump,
// for each place a credential goes; the server still gets it, and a header
// the middleware adds goes out beside it but cannot replace it.
func TestMiddlewareNeverSeesACredential(t *testing.T) {
	const secret = "s3cr3t-Key-9Z"
	for name, auth := range map[string]Auth{
		"bearer": {Scheme: Bearer, Values: []string{"api_key"}},
		"header": {Scheme: Header, Name: "X-Api-Key", Values: []string{"api_key"}},
		"query":  {Scheme: Query, Name: "key", Values: []string{"api_key"}},
		"path":   {Scheme: PathKey, Values: []string{"api_key"}},
		"body":   {Scheme: Body, Values: []string{"api_key"}},
		"basic":  {Scheme: Basic, Values: []string{"api_key", "api_key"}},
	} {
		t.Run(name, func(t *testing.T) {
			srv := newRecorder(t, nil)
			var seen bytes.Buffer
			look := func(req *http.Request, next conduit.Next) (*http.Response, error) {
				dump, err := httputil.DumpRequest(req, true)
				require.NoError(t, err)
				fmt.Fprintf(&seen, "%s\n%v\n%+v\n", dump, req, req.URL)
				req.Header.Set("X-Trace", "t1")
				req.Header.Set("Authorization", "mine")
				resp, err := next(req)
				fmt.Fprintf(&seen, "%v %+v\n", resp, err)
				if resp != nil {
					dump, _ := httputil.DumpRequest(resp.Request, false)
					seen.Write(dump)
				}
				return resp, err
			}
			svc := testService(auth, apiKey)
			c := newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", secret),
				conduit.WithMiddleware(look), conduit.WithAttemptMiddleware(look),
				conduit.WithHeader("X-Session-Token", "caller-"+secret))
			err := send(bg, c, post("/things"), Call{Body: map[string]string{"name": "a"}})
			require.NoError(t, err)
			assert.NotContains(t, seen.String(), secret)
			assert.Contains(t, seen.String(), "/things")
			r, body := srv.last()
			assert.Equal(t, "t1", r.Header.Get("X-Trace"))
			sent := r.URL.String() + fmt.Sprint(r.Header) + string(body)
			if p, ok := r.URL.User.Password(); ok {
				sent += p
			}
			if u, p, ok := r.BasicAuth(); ok {
				sent += u + p
			}
			assert.Contains(t, sent, secret, "the server still gets the credential")
			if auth.Scheme == Bearer || auth.Scheme == Basic {
				assert.NotContains(t, fmt.Sprint(r.Header["Authorization"]), "mine", "the credential header is conduit's")
			}
		})
	}
}

// A middleware that answers itself sends nothing, so it spends no rate
// budget, and its answer decodes like the service's.
func TestMiddlewareAnswerSendsNothing(t *testing.T) {
	srv := newRecorder(t, nil)
	cached := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(`{"id":9}`)), Request: req}, nil
	}
	c := newOpen(t, srv.URL, conduit.WithMiddleware(cached), conduit.WithRateLimit(1, time.Hour))
	for range 3 {
		var it item
		var r conduit.Response
		require.NoError(t, into(bg, c, get("/things/9"), Call{}, &it, conduit.WithResponse(&r)))
		assert.Equal(t, int64(9), it.ID)
		assert.Equal(t, 0, r.Attempts)
	}
	assert.Zero(t, srv.hits.Load())
}

// The answer a middleware gets from next still has its body, even where
// the retry check read it for a status word, and what the middleware puts
// in its place is what the call decodes.
func TestMiddlewareReadsAndReplacesTheBody(t *testing.T) {
	srv := newRecorder(t, serve(`{"id":1,"status":"OK"}`, 200))
	var got []byte
	swap := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		resp, err := next(req)
		if err != nil {
			return resp, err
		}
		got, _ = io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(strings.NewReader(`{"id":2,"status":"OK"}`))
		return resp, nil
	}
	svc := testService(Auth{})
	svc.Errors.InBody = &StatusWord{Path: "status", OK: []string{"OK"}}
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL), conduit.WithMiddleware(swap))
	var it item
	require.NoError(t, into(bg, c, get("/x"), Call{}, &it))
	assert.JSONEq(t, `{"id":1,"status":"OK"}`, string(got))
	assert.Equal(t, int64(2), it.ID)
}

// The method and URL are the typed call's: a middleware that changes them
// fails the call before anything is sent.
func TestMiddlewareMayNotRedirectTheCall(t *testing.T) {
	srv := newRecorder(t, nil)
	move := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		req.URL.Path = "/elsewhere"
		return next(req)
	}
	c := newOpen(t, srv.URL, conduit.WithMiddleware(move))
	err := send(bg, c, get("/x"), Call{})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Zero(t, srv.hits.Load())
}

// Waiting for the client's limiter shows in LimitWait.
func TestMiddlewareSeesLimiterWaits(t *testing.T) {
	srv := newRecorder(t, nil)
	var info conduit.CallInfo
	watch := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		resp, err := next(req)
		info = *conduit.CallInfoOf(req.Context())
		return resp, err
	}
	c := newOpen(t, srv.URL, conduit.WithRateLimit(1, 150*time.Millisecond), conduit.WithMiddleware(watch))
	require.NoError(t, send(bg, c, get("/x"), Call{}))
	require.NoError(t, send(bg, c, get("/x"), Call{}))
	assert.Greater(t, info.LimitWait, 50*time.Millisecond)
	assert.Equal(t, 1, info.Attempts)
}

// A nil middleware is refused where it is given.
func TestMiddlewareNilIsRefused(t *testing.T) {
	_, err := New(testService(Auth{}), conduit.WithMiddleware(nil))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	_, err = New(testService(Auth{}), conduit.WithAttemptMiddleware(nil))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}

// An error from next prints no credential, and errors.As finds a
// *url.Error whose URL is redacted, while the call still fails as
// conduit's own error does.
func TestMiddlewareErrorHidesTheCredential(t *testing.T) {
	const secret = "k-Secret-77"
	var seen error
	look := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		resp, err := next(req)
		seen = err
		return resp, err
	}
	svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(closedURL(t)), svc.Set("api_key", secret),
		conduit.WithMiddleware(look), conduit.WithMaxRetries(0))
	err := send(bg, c, get("/x"), Call{})
	require.Error(t, err)
	require.Error(t, seen)
	assert.NotContains(t, fmt.Sprintf("%v %+v", seen, seen), secret)
	var ue *url.Error
	require.ErrorAs(t, seen, &ue)
	assert.NotContains(t, ue.URL, secret)
	assert.NotContains(t, err.Error(), secret)
}
