package transport

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// assertNoSecretIn fails when any string an *Error or a Response hands out
// holds secret.
func assertNoSecretIn(t *testing.T, secret string, err error, resp *conduit.Response) {
	t.Helper()
	if err != nil {
		e := asError(t, err)
		for _, s := range []string{err.Error(), e.Message, string(e.Body), e.URL, e.Code, e.RequestID} {
			assert.NotContains(t, s, secret)
		}
	}
	if resp != nil {
		assert.NotContains(t, resp.URL, secret)
		for k, vs := range resp.Header {
			assert.NotContains(t, k, secret, "header name")
			for _, v := range vs {
				assert.NotContains(t, v, secret, "header %s", k)
			}
		}
	}
}

func TestOptionErrorsNeverQuoteTheValue(t *testing.T) {
	const token = "tok-option-Zq81"
	for _, opt := range []conduit.Option{
		conduit.WithHeader("Authorization", "Bearer "+token+"\n"),
		conduit.WithHeader("X-Api-Key", token+"\x00"),
	} {
		_, err := New(testService(Auth{}), conduit.WithBaseURL("https://api.example.test"), opt)
		require.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.NotContains(t, err.Error(), token)
		assert.Contains(t, err.Error(), "conduit.WithHeader")

		c := newOpen(t, "https://api.example.test")
		err = send(bg, c, get("/x"), Call{}, opt)
		require.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.NotContains(t, err.Error(), token)
	}
}

func TestCallerCredentialsAreRedactedFromEchoes(t *testing.T) {
	const secret = "s3cr/et+key=Q7 9"
	basic := base64.StdEncoding.EncodeToString([]byte("alice:" + secret))
	cases := []struct {
		name string
		opt  conduit.Option
	}{
		{"Authorization", conduit.WithHeader("Authorization", "Bearer "+secret)},
		{"Basic", conduit.WithHeader("Authorization", "Basic "+basic)},
		{"X-Api-Key", conduit.WithHeader("X-Api-Key", secret)},
		{"Cookie", conduit.WithHeader("Cookie", "sid="+secret)},
		{"X-Session-Id", conduit.WithHeader("X-Session-Id", secret)},
		{"query key", conduit.WithQuery("api_key", secret)},
	}
	echoes := map[string]func(string) string{
		"as is":         func(s string) string { return s },
		"query-escaped": url.QueryEscape,
		"path-escaped":  url.PathEscape,
		"lower-case hex": func(s string) string {
			return hexDigits.ReplaceAllStringFunc(url.QueryEscape(s), strings.ToLower)
		},
		"double-escaped": func(s string) string { return url.QueryEscape(url.QueryEscape(s)) },
		"json":           redact.JSONEscaped,
		"json with \\/":  func(s string) string { return strings.ReplaceAll(redact.JSONEscaped(s), "/", `\/`) },
	}
	for _, tc := range cases {
		for form, enc := range echoes {
			if tc.name == "Basic" {
				enc = func(string) string { return basic }
			}
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				echoed := enc(secret)
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("X-Echo-"+url.PathEscape(echoed), "1")
					w.Header().Set("X-Seen", echoed)
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusUnauthorized)
					w.Write([]byte(`{"message":"bad credential ` + strings.ReplaceAll(echoed, `"`, `\"`) + `"}`))
				}))
				defer srv.Close()
				c := newOpen(t, srv.URL)
				var resp conduit.Response
				err := send(bg, c, get("/x"), Call{}, tc.opt, conduit.WithResponse(&resp))
				require.ErrorIs(t, err, conduit.ErrUnauthorized)
				assertNoSecretIn(t, echoed, err, &resp)
				assertNoSecretIn(t, secret, err, &resp)
			})
		}
	}
}

var hexDigits = regexp.MustCompile(`%[0-9A-F]{2}`)

func TestResponseHeaderNamesAreRedacted(t *testing.T) {
	const key = "k-header-name-55Tx"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Echo-"+key, "1")
		w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	svc := testService(Auth{Scheme: Header, Name: "X-Api-Key", Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", key))
	var resp conduit.Response
	require.NoError(t, send(bg, c, get("/x"), Call{}, conduit.WithResponse(&resp)))
	assertNoSecretIn(t, key, nil, &resp)
	assert.Contains(t, resp.Header, "X-Echo-"+redact.Redacted)
}

func TestCallerCredentialKeptFromAnotherPort(t *testing.T) {
	hit := make(chan string, 1)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hit <- r.Header.Get("Authorization")
		w.Write([]byte(`{}`))
	}))
	defer other.Close()
	first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/moved", http.StatusFound) // same host, another port
	}))
	defer first.Close()
	c := newOpen(t, first.URL)
	err := send(bg, c, get("/x"), Call{}, conduit.WithHeader("Authorization", "Bearer caller-tok-77"))
	require.ErrorIs(t, err, conduit.ErrRedirectRefused)
	select {
	case got := <-hit:
		t.Fatalf("the redirect was followed, carrying %q", got)
	default:
	}
}

func TestClientCredentialParameterCannotBeSentTwice(t *testing.T) {
	rec := newRecorder(t, nil)
	svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "the-clients-key"))
	for name, call := range map[string]func() error{
		"Do path":         func() error { return c.Do(bg, "GET", "/geo?key=X&address=a", nil, nil, nil) },
		"Do escaped name": func() error { return c.Do(bg, "GET", "/geo?%6Bey=X", nil, nil, nil) },
		"Do upper case":   func() error { return c.Do(bg, "GET", "/geo?KEY=X", nil, nil, nil) },
		"Do fragment":     func() error { return c.Do(bg, "GET", "/geo?address=a#key=X", nil, nil, nil) },
		"WithQuery on Do": func() error {
			return c.Do(bg, "GET", "/geo", nil, nil, []conduit.Option{conduit.WithQuery("key", "X")})
		},
		"WithQuery on op": func() error { return send(bg, c, get("/geo"), Call{}, conduit.WithQuery("key", "X")) },
		"WithQuery at New": func() error {
			return send(bg, newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "k"), conduit.WithQuery("Key", "X")), get("/geo"), Call{})
		},
	} {
		err := call()
		require.ErrorIs(t, err, conduit.ErrInvalidParam, name)
		assert.NotContains(t, err.Error(), "the-clients-key", name)
	}
	assert.Zero(t, rec.hits.Load(), "a refused call sent a request")
}
