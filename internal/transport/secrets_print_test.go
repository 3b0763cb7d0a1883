package transport

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// printVerbs are the fmt verbs a caller may print any value with.
var printVerbs = []string{"%s", "%q", "%v", "%+v", "%#v", "%x", "%X", "%d"}

// assertPrintsNoSecret prints v under every verb and checks that neither
// the secret nor its hex form appears.
func assertPrintsNoSecret(t *testing.T, name string, v any, secret string) {
	t.Helper()
	forms := []string{secret, hex.EncodeToString([]byte(secret)), strings.ToUpper(hex.EncodeToString([]byte(secret)))}
	for _, verb := range printVerbs {
		out := fmt.Sprintf(verb, v)
		for _, f := range forms {
			assert.NotContains(t, out, f, "%s printed with %s", name, verb)
		}
	}
}

// Fmt's %s and %q of a credentialed client walked into
// its configuration and printed the values map. No verb prints a secret of
// a client, of a client wrapped in a caller's struct, of an option or of a
// Secret, and log/slog (text and JSON) logs none.
func TestClientsAndOptionsPrintNoSecret(t *testing.T) {
	const secret = "sk-print-Tt12"
	svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey, Value{Name: "region"})
	opt := svc.Set("api_key", secret)
	c := newClient(t, svc, conduit.WithBaseURL("https://api.example.test/v1"), opt, svc.Set("region", "eu"),
		conduit.WithHeader("X-Trace", "t-1"))
	type holder struct {
		Client *Client
		Opt    conduit.Option
		Token  redact.Secret
		hidden redact.Secret
	}
	wrapped := holder{Client: c, Opt: opt, Token: redact.NewSecret(secret), hidden: redact.NewSecret(secret)}
	values := map[string]any{
		"*Client":          c,
		"Client value":     *c,
		"option":           opt,
		"options":          []conduit.Option{opt},
		"Secret":           redact.NewSecret(secret),
		"wrapping struct":  wrapped,
		"wrapping pointer": &wrapped,
	}
	for name, v := range values {
		assertPrintsNoSecret(t, name, v, secret)
	}
	assert.Equal(t, "transport.Client{testsvc}", fmt.Sprint(c), "a client prints as its service")
	assert.Equal(t, "eu", c.Value("region"), "settings stay readable")
	assert.Empty(t, c.Value("api_key"), "secrets are not settings")
	assert.Equal(t, secret, wrapped.Token.Reveal())

	for _, h := range []func(*bytes.Buffer) slog.Handler{
		func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	} {
		var logs bytes.Buffer
		l := slog.New(h(&logs))
		for name, v := range values {
			l.Info("value", slog.Any(name, v))
		}
		l.Info("group", "client", c, "secret", redact.NewSecret(secret))
		assert.NotContains(t, logs.String(), secret)
		assert.Contains(t, logs.String(), "transport.Client{testsvc}")
	}
	b, err := json.Marshal(struct {
		Name  string
		Token redact.Secret
	}{"hook", wrapped.Token})
	require.NoError(t, err)
	assert.NotContains(t, string(b), secret)
}

// A failing call logged by the client's own logger, with the text and the
// JSON handler, holds no credential: not the query key in the URL, not
// the key a server echoes.
func TestDebugLinesHoldNoSecret(t *testing.T) {
	const secret = "sk-log-Vv56"
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(503)
		w.Write([]byte("no luck for " + r.URL.RawQuery))
	})
	for _, h := range []func(*bytes.Buffer) slog.Handler{
		func(b *bytes.Buffer) slog.Handler {
			return slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})
		},
		func(b *bytes.Buffer) slog.Handler {
			return slog.NewJSONHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})
		},
	} {
		var logs bytes.Buffer
		svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", secret), conduit.WithLogger(slog.New(h(&logs))), fastRetries())
		err := send(bg, c, get("/things"), Call{})
		require.Error(t, err)
		slog.New(h(&logs)).Error("call failed", "err", err)
		assert.Equal(t, 3, strings.Count(logs.String(), "conduit request"), "one line per attempt")
		assert.Contains(t, logs.String(), "/things?key="+redact.Redacted, "the line carries the resolved URL, key removed")
		assert.NotContains(t, logs.String(), secret)
	}
}

// stringsIn collects every string reachable from v's exported fields:
// strings, byte slices, errors' texts, header values and the strings of
// pointed-to structs.
func stringsIn(v reflect.Value) []string {
	if v.IsValid() && v.CanInterface() {
		if err, ok := v.Interface().(error); ok && !(v.Kind() == reflect.Pointer && v.IsNil()) && v.Kind() != reflect.Struct {
			if v.Kind() == reflect.Interface && v.IsNil() {
				return nil
			}
			out := []string{err.Error()}
			if v.Kind() == reflect.Interface {
				out = append(out, stringsIn(v.Elem())...)
			}
			return out
		}
	}
	switch v.Kind() {
	case reflect.String:
		return []string{v.String()}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return []string{string(v.Bytes())}
		}
		var out []string
		for i := 0; i < v.Len(); i++ {
			out = append(out, stringsIn(v.Index(i))...)
		}
		return out
	case reflect.Map:
		var out []string
		for _, k := range v.MapKeys() {
			out = append(out, stringsIn(k)...)
			out = append(out, stringsIn(v.MapIndex(k))...)
		}
		return out
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return stringsIn(v.Elem())
	case reflect.Struct:
		var out []string
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				out = append(out, stringsIn(v.Field(i))...)
			}
		}
		return out
	}
	return nil
}

// echoServer answers with status and puts the credential it received
// into every header a gateway might echo it in, and into its body.
func echoServer(t *testing.T, status int) *recorder {
	return newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("X-Api-Key")
		token := strings.TrimPrefix(r.URL.Path, "/hooks/")
		h := w.Header()
		h.Set("Content-Type", "application/json; echo="+key)
		h.Set("X-Request-Id", "req-"+key+"-"+token)
		h.Set("X-Echo", r.URL.String()+" "+key)
		h.Set("X-RateLimit-Bucket", "bucket-"+key)
		h.Set("X-RateLimit-Scope", "scope-"+token)
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("Retry-After", "1")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":{"code":"bad_%s","reason":"%s","message":"key %s token %s"}}`, key, token, key, token)
	})
}

// Error.RequestID and Error.BodyType came from response
// headers verbatim, so a gateway that echoes a header put the key in them.
// Every string an *Error carries is redacted, header-derived ones and the
// rate-limit state included, and so are the headers conduit.Response
// hands over, on failure and on success.
func TestErrorAndResponseStringsRedacted(t *testing.T) {
	const key, token = "xk-Ww78/+=", "hook-Xx89"
	svc := testService(Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, apiKey)
	hook := Op{Name: "Hook", Method: "GET", Path: "/hooks/{token}"}
	for _, status := range []int{400, 429, 200} {
		rec := echoServer(t, status)
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", key), conduit.WithMaxRetries(0))
		var resp conduit.Response
		err := into(bg, c, hook, Call{Args: []string{token}, Secrets: []string{token}}, &okResult{}, conduit.WithResponse(&resp))
		texts := stringsIn(reflect.ValueOf(resp))
		if status != 200 {
			e := asError(t, err)
			require.NotNil(t, e.RateLimit, "%d: the budget headers were read", status)
			assert.Contains(t, e.RequestID, "req-"+redact.Redacted, status)
			assert.Contains(t, e.BodyType, "echo="+redact.Redacted, status)
			texts = append(texts, stringsIn(reflect.ValueOf(*e))...)
			texts = append(texts, e.Error(), e.GoString(), fmt.Sprintf("%+v", err))
		} else {
			require.NoError(t, err)
		}
		require.NotEmpty(t, resp.Header, status)
		assert.Contains(t, resp.RequestID, "req-"+redact.Redacted, status)
		for _, s := range texts {
			for _, secret := range []string{key, token} {
				assert.NotContains(t, s, secret, "status %d", status)
			}
		}
	}
}

// The exchange is the context of a call's requests, and it holds the
// call's arguments: the context a caller's transport and middleware
// receive prints no per-call secret under any verb, nor through slog.
func TestRequestContextPrintsNoSecret(t *testing.T) {
	const token = "whk-ctx-Zp41"
	var seen []any
	hc := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		seen = append(seen, r.Context())
		return &http.Response{StatusCode: 204, Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	})}
	mw := conduit.WithMiddleware(func(r *http.Request, next conduit.Next) (*http.Response, error) {
		seen = append(seen, r.Context())
		return next(r)
	})
	c := newClient(t, testService(Auth{}), conduit.WithBaseURL("https://hooks.example.test"), conduit.WithHTTPClient(hc))
	op := Op{Name: "ExecuteWebhook", Method: "POST", Path: "/webhooks/{id}/{token}", Write: true}
	call := Call{Args: []string{"123", token}, Secrets: []string{token}}
	require.NoError(t, send(bg, c, op, call))
	require.NoError(t, send(bg, c, op, call, mw))
	require.Len(t, seen, 3)
	for i, ctx := range seen {
		assertPrintsNoSecret(t, fmt.Sprintf("request context %d", i), ctx, token)
		var logs bytes.Buffer
		slog.New(slog.NewTextHandler(&logs, nil)).Info("ctx", "ctx", ctx)
		assert.NotContains(t, logs.String(), token)
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
