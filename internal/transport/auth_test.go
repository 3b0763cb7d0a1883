package transport

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

var apiSecret = Value{Name: "api_secret", Option: "testsvc.WithAPISecret", Secret: true}

// Each auth scheme puts the credential exactly where it belongs and nowhere
// else, and a missing credential fails before I/O saying how to supply it.
func TestAuthSchemes(t *testing.T) {
	const secret = "s3cr3t-value-Zq9"
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
		}, []Value{apiKey, apiSecret}},
		{"basic", Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}}, nil, func(t *testing.T, r *http.Request, _ []byte) {
			u, p, ok := r.BasicAuth()
			assert.True(t, ok)
			assert.Equal(t, secret, u)
			assert.Equal(t, "pw-Hh7", p)
		}, []Value{apiKey, apiSecret}},
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
				values = []Value{apiKey}
			}
			svc := testService(tc.auth, values...)
			v := secret
			if tc.auth.Scheme == UserAgent {
				v = "Acme admin@acme.test " + secret
			}
			opts := []conduit.Option{conduit.WithBaseURL(rec.URL + "/v1/"), svc.Set("api_key", v)}
			if svc.value("api_secret") != nil {
				opts = append(opts, svc.Set("api_secret", "pw-Hh7"))
			}
			c := newClient(t, svc, opts...)
			op := Op{Name: "Things", Method: "GET", Path: "/things"}
			if tc.body != nil {
				op.Method = "POST"
			}
			require.NoError(t, into(bg, c, op, Call{Body: tc.body}, &okResult{}))
			r, b := rec.last()
			tc.check(t, r, b)

			if tc.auth.Scheme == None {
				return
			}
			t.Setenv("CONDUIT_TESTSVC_API_KEY", "")
			bare := newClient(t, testService(tc.auth, values...), conduit.WithBaseURL(rec.URL))
			before := rec.hits.Load()
			err := into(bg, bare, op, Call{Body: tc.body}, &okResult{})
			assert.ErrorIs(t, err, conduit.ErrMissingCredential)
			assert.Contains(t, err.Error(), "testsvc.WithAPIKey")
			assert.Contains(t, err.Error(), "CONDUIT_TESTSVC_API_KEY")
			assert.Equal(t, before, rec.hits.Load(), "nothing sent without the credential")
		})
	}
}

func TestCredentialFromEnv(t *testing.T) {
	rec := newRecorder(t, nil)
	t.Setenv("CONDUIT_TESTSVC_API_KEY", "from-env-Kk1")
	t.Setenv("CONDUIT_TESTSVC_TEST_URL", rec.URL)
	c := newClient(t, testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey))
	require.NoError(t, send(bg, c, get("/"), Call{}))
	r, _ := rec.last()
	assert.Equal(t, "Bearer from-env-Kk1", r.Header.Get("Authorization"))
}

func TestUserAgentNeedsEmail(t *testing.T) {
	rec := newRecorder(t, nil)
	svc := testService(Auth{Scheme: UserAgent, Values: []string{"user_agent"}}, Value{Name: "user_agent"})
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("user_agent", "Acme Corp"))
	err := send(bg, c, get("/"), Call{})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "user_agent", asError(t, err).Field)
	assert.Zero(t, rec.hits.Load())
}

func TestCredentialWithNewlineRejected(t *testing.T) {
	rec := newRecorder(t, nil)
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "abc\r\nX-Evil: 1"))
	err := send(bg, c, get("/"), Call{})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.NotContains(t, err.Error(), "abc")
	assert.Zero(t, rec.hits.Load())
}

func TestBasicRedactsEncodedForm(t *testing.T) {
	enc := base64.StdEncoding.EncodeToString([]byte("user-Aa1:pass-Bb2"))
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		w.Write([]byte("echo: " + r.Header.Get("Authorization")))
	})
	svc := testService(Auth{Scheme: Basic, Values: []string{"api_key", "api_secret"}}, apiKey, apiSecret)
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "user-Aa1"), svc.Set("api_secret", "pass-Bb2"))
	e := asError(t, send(bg, c, get("/"), Call{}))
	assert.NotContains(t, string(e.Body), enc)
	assert.Contains(t, string(e.Body), redact.Redacted)
	assert.NotContains(t, e.Message, enc)
}
