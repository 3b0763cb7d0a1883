package transport

import (
	"bytes"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// A base pasted with or without the version segment the spec places there
// resolves to the same URL, never doubled: Version ends the base, and is
// added when missing; PathVersion starts the operations' paths, and is
// removed from the base.
func TestBaseVersionSegmentsNeverDoubled(t *testing.T) {
	rec := newRecorder(t, nil)
	for _, tc := range []struct {
		base  Base
		path  string
		given []string
		want  string
	}{
		{Base{Name: "inference_url", Version: "v1"}, "/models",
			[]string{"/openai", "/openai/", "/openai/v1", "/openai/v1/"}, "/openai/v1/models"},
		{Base{Name: "inference_url", Version: "v1"}, "/models",
			[]string{"/openai/V1"}, "/openai/V1/models"}, // the segment as the caller wrote it, not doubled
		{Base{Name: "explorer_url", Version: "v1"}, "/blocks",
			[]string{"/api", "/api/v1"}, "/api/v1/blocks"},
		{Base{Name: "fiscal_url", PathVersion: "v2"}, "/v2/accounting/od/rates",
			[]string{"/services/api/fiscal_service", "/services/api/fiscal_service/", "/services/api/fiscal_service/v2", "/services/api/fiscal_service/v2/"},
			"/services/api/fiscal_service/v2/accounting/od/rates"},
		{Base{Name: "chat_url", Version: "v10"}, "/users/@me",
			[]string{"/api/v9"}, "/api/v9/users/@me"}, // another version the caller chose is left alone
	} {
		for _, g := range tc.given {
			svc := &Service{Name: "vsvc", Bases: []Base{tc.base}}
			c := newClient(t, svc, conduit.WithBaseURL(rec.URL+g))
			require.NoError(t, send(bg, c, get(tc.path), Call{}), g)
			r, _ := rec.last()
			assert.Equal(t, tc.want, r.URL.Path, "base %s", g)
		}
	}
}

// Errors and debug lines carry the URL the request went to, resolved from
// the base as given, with its credentials removed.
func TestResolvedURLInErrorsAndLogs(t *testing.T) {
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(400) })
	var logs bytes.Buffer
	svc := &Service{Name: "vsvc", Bases: []Base{{Name: "v_url", Version: "v1"}},
		Auth: Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, Values: []Value{apiKey}}
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL+"/api/"), svc.Set("api_key", "qk-Gh4"),
		conduit.WithLogger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	err := send(bg, c, get("/items/{id}"), Call{Args: []string{"7"}, Query: []string{"q", "a b"}})
	e := asError(t, err)
	want := rec.URL + "/api/v1/items/7?q=a+b&key=" + redact.Redacted
	assert.Equal(t, want, e.URL)
	assert.Equal(t, "GET /items/{id}", e.Endpoint, "the template, for grouping")
	assert.Contains(t, logs.String(), `url="`+want+`"`)
	assert.NotContains(t, logs.String(), "qk-Gh4")
}

// Environment variables are CONDUIT_<SERVICE>_<NAME>, a name that starts
// with the service's not repeating it; the name older releases used for a
// base, CONDUIT_<PLACEHOLDER>, still works when the new one is unset. An
// option wins over both.
func TestEnvNames(t *testing.T) {
	assert.Equal(t, "CONDUIT_TESTSVC_API_KEY", EnvName("testsvc", "api_key"))
	assert.Equal(t, "CONDUIT_CHAT_URL", EnvName("chat", "chat_url"))
	assert.Equal(t, "CONDUIT_CHAT_WEBHOOK_BASE", EnvName("chat", "chat_webhook_base"))
	assert.Equal(t, "CONDUIT_BANKLINK_BANK_SANDBOX_URL", EnvName("banklink", "bank_sandbox_url"))

	newer, legacy, option := newRecorder(t, nil), newRecorder(t, nil), newRecorder(t, nil)
	svc := testService(Auth{})
	hit := func(opts ...conduit.Option) *recorder {
		t.Helper()
		c := newClient(t, svc, opts...)
		require.NoError(t, send(bg, c, get("/"), Call{}))
		for _, r := range []*recorder{newer, legacy, option} {
			if r.hits.Swap(0) > 0 {
				return r
			}
		}
		return nil
	}
	t.Setenv("CONDUIT_TESTSVC_TEST_URL", "")
	t.Setenv("CONDUIT_TEST_URL", legacy.URL)
	assert.Same(t, legacy, hit(), "the old name is an alias")
	t.Setenv("CONDUIT_TESTSVC_TEST_URL", newer.URL)
	assert.Same(t, newer, hit(), "the new name wins over the old")
	assert.Same(t, option, hit(conduit.WithBaseURL(option.URL)), "an option wins over both")

	t.Setenv("CONDUIT_TESTSVC_TEST_URL", "ftp://nowhere")
	_, err := New(svc)
	require.ErrorIs(t, err, conduit.ErrInvalidParam, "a malformed base from the environment fails at New")
	assert.Equal(t, "test_url", asError(t, err).Field)
}

// A setting with a closed set of values is compared without case, stored
// as the service writes it, and refused at New when unknown, from an
// option or from the environment.
func TestEnumSettings(t *testing.T) {
	svc := testService(Auth{}, Value{Name: "environment", Option: "testsvc.WithEnvironment", Enum: []string{"sandbox", "production"}})
	for _, given := range []string{"production", "PRODUCTION", "Production"} {
		c := newClient(t, svc, conduit.WithBaseURL("https://h"), svc.Set("environment", given))
		assert.Equal(t, "production", c.Value("environment"), given)
	}
	_, err := New(svc, conduit.WithBaseURL("https://h"), svc.Set("environment", "prod"))
	require.ErrorIs(t, err, conduit.ErrInvalidParam)
	e := asError(t, err)
	assert.Equal(t, "environment", e.Field)
	for _, s := range []string{`"prod"`, "sandbox, production", "testsvc.WithEnvironment", "CONDUIT_TESTSVC_ENVIRONMENT"} {
		assert.Contains(t, err.Error(), s)
	}
	t.Setenv("CONDUIT_TESTSVC_ENVIRONMENT", "Sandbox")
	c := newClient(t, svc, conduit.WithBaseURL("https://h"))
	assert.Equal(t, "sandbox", c.Value("environment"))
	t.Setenv("CONDUIT_TESTSVC_ENVIRONMENT", "staging")
	_, err = New(svc, conduit.WithBaseURL("https://h"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)

	// A setting picks the default host.
	t.Setenv("CONDUIT_TESTSVC_ENVIRONMENT", "")
	sandbox, prod := newRecorder(t, nil), newRecorder(t, nil)
	svc.Bases = []Base{{Name: "sandbox_url"}, {Name: "production_url"}}
	svc.DefaultBase = func(value func(string) string) string {
		if value("environment") == "production" {
			return "production_url"
		}
		return "sandbox_url"
	}
	c = newClient(t, svc, svc.SetBase("sandbox_url", sandbox.URL), svc.SetBase("production_url", prod.URL), svc.Set("environment", "PRODUCTION"))
	require.NoError(t, send(bg, c, get("/"), Call{}))
	assert.Equal(t, int32(1), prod.hits.Load())
	assert.Zero(t, sandbox.hits.Load())
}

// A CONDUIT_<SERVICE>_… variable the service does not read is reported on
// the client's logger, by name only; the ones it reads are not.
func TestUnreadEnvironmentVariablesAreLogged(t *testing.T) {
	t.Setenv("CONDUIT_TESTSVC_TEST_URLL", "https://typo.example/secret-in-value")
	t.Setenv("CONDUIT_TESTSVC_API_KEY", "k")
	var logs bytes.Buffer
	newClient(t, testService(Auth{}, apiKey), conduit.WithBaseURL("https://api.example.test"),
		conduit.WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	assert.Contains(t, logs.String(), "CONDUIT_TESTSVC_TEST_URLL")
	assert.NotContains(t, logs.String(), "secret-in-value")
	assert.NotContains(t, logs.String(), "CONDUIT_TESTSVC_API_KEY")
}

// A base with a default resolves to it when nothing else sets the base; a
// service of one base also reads CONDUIT_<SERVICE>_URL; a setting fills a
// {name} in the default.
func TestDefaultBaseAndURLVariable(t *testing.T) {
	svc := &Service{Name: "onebase", Bases: []Base{{Name: "thing_url", Option: "conduit.WithBaseURL", Default: "https://{region}.api.example.com"}},
		Values: []Value{{Name: "region", Option: "onebase.WithRegion", Default: "eu"}}}
	c := newClient(t, svc)
	assert.Equal(t, "https://eu.api.example.com", c.bases["thing_url"].url)
	t.Setenv("CONDUIT_ONEBASE_URL", "https://proxy.example.net/base")
	c = newClient(t, svc)
	assert.Equal(t, "https://proxy.example.net/base", c.bases["thing_url"].url)
	c = newClient(t, svc, svc.Set("region", "us"))
	assert.Equal(t, "https://proxy.example.net/base", c.bases["thing_url"].url, "the variable wins over the default")
	t.Setenv("CONDUIT_ONEBASE_URL", "")
	c = newClient(t, svc, svc.Set("region", "us"))
	assert.Equal(t, "https://us.api.example.com", c.bases["thing_url"].url)
}
