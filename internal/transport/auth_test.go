package transport

import (
	"context"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each auth scheme puts the credential exactly where it belongs and nowhere
// else, and a missing credential fails before I/O saying how to supply it.
func TestAuthSchemes(t *testing.T) {
	const secret = "s3cr3t-value-Zq9"
	key := Value{Name: "api_key", Option: "testsvc.WithAPIKey", Secret: true}
	pass := Value{Name: "api_secret", Option: "testsvc.WithAPISecret", Secret: true}
	cases := []struct {
		name   string
		auth   Auth
		body   any
		check  func(t *testing.T, r *http.Request, body []byte)
		values []Value
	}{
		{"bot", Auth{Scheme: Bot, Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, "Bot "+secret, r.Header.Get("Authorization"))
		}, nil},
		{"bearer", Auth{Scheme: Bearer, Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, "Bearer "+secret, r.Header.Get("Authorization"))
		}, nil},
		{"named header", Auth{Scheme: Header, Name: "X-Service-Team", Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, secret, r.Header.Get("X-Service-Team"))
			assert.Empty(t, r.Header.Get("Authorization"))
		}, nil},
		{"query", Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, secret, r.URL.Query().Get("key"))
			assert.Equal(t, "/v1/things", r.URL.Path)
		}, nil},
		{"path key", Auth{Scheme: PathKey, Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, "/v1/things/"+secret, r.URL.Path)
			assert.Empty(t, r.URL.RawQuery)
		}, nil},
		{"body", Auth{Scheme: Body, Values: []string{"api_key", "api_secret"}}, map[string]string{"query": "x"}, func(t *testing.T, r *http.Request, b []byte) {
			assert.JSONEq(t, `{"api_key":"`+secret+`","api_secret":"pw-Hh7","query":"x"}`, string(b))
			assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
			for name, v := range r.Header {
				assert.NotContains(t, strings.Join(v, ","), secret, name)
			}
		}, []Value{key, pass}},
		{"basic", Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			u, p, ok := r.BasicAuth()
			assert.True(t, ok)
			assert.Equal(t, secret, u)
			assert.Equal(t, "pw-Hh7", p)
		}, []Value{key, pass}},
		{"user agent", Auth{Scheme: UserAgent, Values: []string{"api_key"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Equal(t, "Acme admin@acme.test "+secret, r.Header.Get("User-Agent"))
		}, nil},
		{"none", Auth{Scheme: None}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			assert.Empty(t, r.Header.Get("Authorization"))
			assert.Empty(t, r.URL.RawQuery)
		}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorder(t, nil)
			values := tc.values
			if values == nil {
				values = []Value{key}
			}
			v := secret
			if tc.auth.Scheme == UserAgent {
				v = "Acme admin@acme.test " + secret
			}
			c, err := New(testService(tc.auth, values...), WithBaseURL(rec.URL+"/v1/"),
				WithValue("api_key", v), WithValue("api_secret", "pw-Hh7"))
			require.NoError(t, err)
			method := "GET"
			if tc.body != nil {
				method = "POST"
			}
			var out okResult
			require.NoError(t, c.Do(context.Background(), &Request{Op: "Things", Method: method, Path: "/things", Body: tc.body}, &out))
			r, b := rec.last()
			tc.check(t, r, b)

			if tc.auth.Scheme == None {
				return
			}
			t.Setenv("CONDUIT_TESTSVC_API_KEY", "")
			bare, err := New(testService(tc.auth, values...), WithBaseURL(rec.URL))
			require.NoError(t, err)
			before := rec.hits.Load()
			err = bare.Do(context.Background(), &Request{Op: "Things", Method: method, Path: "/things", Body: tc.body}, &out)
			assert.ErrorIs(t, err, ErrMissingCredential)
			assert.Contains(t, err.Error(), "testsvc.WithAPIKey")
			assert.Contains(t, err.Error(), "CONDUIT_TESTSVC_API_KEY")
			assert.Equal(t, before, rec.hits.Load(), "nothing sent without the credential")
		})
	}
}

func TestCredentialFromEnv(t *testing.T) {
	rec := newRecorder(t, nil)
	t.Setenv("CONDUIT_TESTSVC_API_KEY", "from-env-Kk1")
	t.Setenv("CONDUIT_TEST_URL", rec.URL)
	c, err := New(testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, Value{Name: "api_key", Secret: true}))
	require.NoError(t, err)
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil))
	r, _ := rec.last()
	assert.Equal(t, "Bearer from-env-Kk1", r.Header.Get("Authorization"))
}

func TestUserAgentNeedsEmail(t *testing.T) {
	rec := newRecorder(t, nil)
	c, err := New(testService(Auth{Scheme: UserAgent, Values: []string{"user_agent"}}, Value{Name: "user_agent"}),
		WithBaseURL(rec.URL), WithValue("user_agent", "Acme Corp"))
	require.NoError(t, err)
	err = c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.ErrorIs(t, err, ErrInvalidParam)
	assert.Equal(t, "user_agent", e.Field)
	assert.Zero(t, rec.hits.Load())
}

func TestCredentialWithNewlineRejected(t *testing.T) {
	rec := newRecorder(t, nil)
	c, err := New(testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, Value{Name: "api_key", Secret: true}),
		WithBaseURL(rec.URL), WithValue("api_key", "abc\r\nX-Evil: 1"))
	require.NoError(t, err)
	err = c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	assert.ErrorIs(t, err, ErrInvalidParam)
	assert.NotContains(t, err.Error(), "abc")
	assert.Zero(t, rec.hits.Load())
}

func TestBasicRedactsEncodedForm(t *testing.T) {
	enc := base64.StdEncoding.EncodeToString([]byte("user-Aa1:pass-Bb2"))
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		w.Write([]byte("echo: " + r.Header.Get("Authorization")))
	})
	svc := testService(Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}},
		Value{Name: "api_key", Secret: true}, Value{Name: "api_secret", Secret: true})
	c, err := New(svc, WithBaseURL(rec.URL), WithValue("api_key", "user-Aa1"), WithValue("api_secret", "pass-Bb2"))
	require.NoError(t, err)
	err = c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/"}, nil)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.NotContains(t, string(e.Body), enc)
	assert.Contains(t, string(e.Body), Redacted)
}
