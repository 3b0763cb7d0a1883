package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

func assertNoSecret(t *testing.T, err error, secret string, logs *bytes.Buffer) {
	t.Helper()
	require.Error(t, err)
	for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
		assert.NotContains(t, fmt.Sprintf(f, err), secret, f)
	}
	var e *conduit.Error
	if errors.As(err, &e) {
		for _, s := range []string{string(e.Body), e.Message, e.Code, e.Reason, e.RequestID, e.BodyType, e.URL, e.GoString()} {
			assert.NotContains(t, s, secret)
		}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		assert.NotContains(t, ue.URL, secret)
		assert.NotContains(t, ue.Error(), secret)
	}
	if logs != nil {
		assert.NotContains(t, logs.String(), secret)
	}
}

// Keys in the query, in the path and in headers never reach an error or a
// log line, on network failures, error statuses and echoed bodies alike.
func TestRedaction(t *testing.T) {
	const secret = "sk-live-9f8e7d6c5b4a"
	schemes := map[string]Auth{
		"query":  {Scheme: Query, Name: "key", Values: []string{"api_key"}},
		"path":   {Scheme: PathKey, Values: []string{"api_key"}},
		"header": {Scheme: Header, Name: "X-Provider-Api-Key", Values: []string{"api_key"}},
		"bearer": {Scheme: Bearer, Values: []string{"api_key"}},
		"body":   {Scheme: Body, Values: []string{"api_key"}},
	}
	echo := func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		b.ReadFrom(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(400)
		fmt.Fprintf(w, `{"error":{"message":"bad request %s %s %s","code":"%s"}}`, r.URL.String(), r.Header, b.String(), secret)
	}
	for name, auth := range schemes {
		t.Run(name, func(t *testing.T) {
			for _, target := range []string{"closed", "echo", "500"} {
				var base string
				switch target {
				case "closed":
					base = closedURL(t)
				case "echo":
					base = newRecorder(t, echo).URL
				case "500":
					base = newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
						w.WriteHeader(500)
						fmt.Fprintf(w, "<html>%s</html>", r.URL.String())
					}).URL
				}
				var logs bytes.Buffer
				logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
				svc := testService(auth, apiKey)
				c := newClient(t, svc, conduit.WithBaseURL(base), svc.Set("api_key", secret), conduit.WithLogger(logger), fastRetries())
				err := send(bg, c, Op{Name: "X", Method: "POST", Path: "/v2"}, Call{Body: map[string]string{"a": "b"}})
				assertNoSecret(t, err, secret, &logs)
				assert.Contains(t, logs.String(), "conduit request", target)
			}
		})
	}
}

func TestPerRequestSecretsRedacted(t *testing.T) {
	const token = "whk-token-QQ77"
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(404)
		w.Write([]byte("no webhook at " + r.URL.Path))
	})
	c := newOpen(t, rec.URL)
	err := send(bg, c, Op{Name: "ExecuteWebhook", Method: "POST", Path: "/webhooks/{id}/{token}", Write: true},
		Call{Args: []string{"123", token}, Secrets: []string{token}})
	assertNoSecret(t, err, token, nil)
	assert.ErrorIs(t, err, conduit.ErrNotFound)
	assert.Contains(t, err.Error(), "/webhooks/{id}/{token}")
}

func TestBaseURLWithSecretNotEchoed(t *testing.T) {
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	for _, base := range []string{"ftp://abcdef-secret@host", "https://abcdef-secret@host", "https://host/?k=abcdef-secret"} {
		_, err := New(svc, svc.Set("api_key", "abcdef-secret"), conduit.WithBaseURL(base))
		assertNoSecret(t, err, "abcdef-secret", nil)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	}
}

// A server that echoes a secret JSON-escaped (Go escapes <, > and &; PHP
// escapes /) must not get it past redaction via the decoded message.
func TestRedactionOfJSONEscapedEcho(t *testing.T) {
	for _, secret := range []string{`se/cr<et&1`, "sécret-ü-xyz"} {
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			msg, _ := json.Marshal("bad key " + secret)
			php := strings.ReplaceAll(string(msg), "/", `\/`)
			fmt.Fprintf(w, `{"error":{"message":%s,"code":%s}}`, php, msg)
		})
		svc := testService(Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, apiKey)
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", secret), conduit.WithMaxRetries(0))
		err := send(bg, c, get("/"), Call{})
		assertNoSecret(t, err, secret, nil)
		e := asError(t, err)
		assert.NotContains(t, string(e.Body), redact.JSONEscaped(secret))
		assert.Contains(t, e.Message, redact.Redacted)
	}
}
