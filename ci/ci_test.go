package ci_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testserver"
)

const token = "ci-token-SECRET.4d2f9b"

var (
	acmeAPI = ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	fast    = conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)
)

func replayClient(t *testing.T) (*ci.Client, *replay.Server) {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := ci.New(srv.Options("ci")...)
	require.NoError(t, err)
	return c, srv
}

func TestMe(t *testing.T) {
	c, _ := replayClient(t)
	u, err := c.Me(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "5f3c2a1e-8b7d-4c6e-9a0f-1d2e3c4b5a69", u.ID)
	assert.Equal(t, "octo-dev", u.Login)
	assert.Equal(t, "Octo Developer", u.Name)
	var extra struct {
		AvatarURL string `json:"avatar_url"`
	}
	require.NoError(t, u.Decode(&extra))
	assert.Equal(t, "https://avatars.example/u/5f3c2a1e?v=4", extra.AvatarURL, "fields the spec does not show stay reachable")
	golden.JSON(t, "ci", "me", u)
}

func TestListPipelines(t *testing.T) {
	c, _ := replayClient(t)
	l, err := c.ListPipelines(context.Background(), acmeAPI)
	require.NoError(t, err)
	require.Len(t, l.Items, 2)
	p := l.Items[0]
	assert.Equal(t, "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", p.ID)
	assert.Equal(t, int64(130), p.Number)
	assert.Equal(t, "created", p.State)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 12, 46, 901e6, time.UTC), p.CreatedAt)
	assert.Equal(t, ci.PipelineVCS{Branch: "main", Revision: "9c1e4b7a2f5d8e3c6b0a9f4e1d7c2b5a8e3f6d09"}, p.VCS)
	assert.Equal(t, "feature/retry-budget", l.Items[1].VCS.Branch)
	assert.Equal(t, "errored", l.Items[1].State)
	assert.Equal(t, "AARLwwV7vPzXGZ3V2v3ThHzTmE1Ox1hqXWg5l8kNEHkEfS0-pXAH", l.NextPageToken)
	var unshown struct {
		Errors []struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"errors"`
		Trigger struct {
			Type string `json:"type"`
		} `json:"trigger"`
	}
	require.NoError(t, l.Items[1].Decode(&unshown), "each item keeps its own raw record")
	assert.Equal(t, "api", unshown.Trigger.Type)
	require.Len(t, unshown.Errors, 1)
	assert.Equal(t, "config", unshown.Errors[0].Type)
	assert.Contains(t, string(l.RawJSON()), `"next_page_token"`)
	golden.JSON(t, "ci", "list_pipelines", l)
}

func TestTriggerPipeline(t *testing.T) {
	c, srv := replayClient(t)
	p, err := c.TriggerPipeline(context.Background(), acmeAPI, "main")
	require.NoError(t, err)
	assert.Equal(t, "c3a9e1f7-52b4-4d8e-9f0a-6b2c8d4e1a57", p.ID)
	assert.Equal(t, int64(131), p.Number)
	assert.Equal(t, "pending", p.State)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 20, 5, 118e6, time.UTC), p.CreatedAt)
	assert.Equal(t, 1, srv.Hits("POST /ci_url/project/{vcs_prefix}/{org}/{repo}/pipeline"))
	golden.JSON(t, "ci", "trigger_pipeline", p)
}

func TestRequestShape(t *testing.T) {
	srv := testserver.Start(t, testserver.Answer{Body: `{"items":[]}`})
	c, err := ci.New(conduit.WithBaseURL(srv.URL+"/api/v2/"), ci.WithAPIToken(token))
	require.NoError(t, err)
	ctx := context.Background()
	odd := ci.ProjectSlug{VCS: "bb", Org: "acme?x", Repo: "r#1%"}

	_, err = c.ListPipelines(ctx, odd)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v2/project/bb/acme%3Fx/r%231%25/pipeline", got.RawPath, "each part stays one escaped segment")
	assert.Empty(t, got.Query)
	assert.Empty(t, got.Body)
	assertTokenOnlyInHeader(t, got)

	_, err = c.TriggerPipeline(ctx, acmeAPI, "feature/retry-budget")
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/api/v2/project/gh/acme/api/pipeline", got.RawPath)
	assert.JSONEq(t, `{"branch":"feature/retry-budget"}`, string(got.Body))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assertTokenOnlyInHeader(t, got)

	_, err = c.Me(ctx)
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v2/me", got.RawPath)
	assertTokenOnlyInHeader(t, got)
}

func assertTokenOnlyInHeader(t *testing.T, got testserver.Request) {
	t.Helper()
	assert.Equal(t, token, got.Header.Get("Ci-Token"))
	assert.Empty(t, got.Header.Get("Authorization"))
	assert.Equal(t, []string{"header Ci-Token"}, got.Holds(token))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name   string
		answer testserver.Answer
		is     error
		msg    string
	}{
		{"404 json", testserver.Answer{Status: 404, Body: `{"message":"Project not found"}`}, conduit.ErrNotFound, "Project not found"},
		{"401 json", testserver.Answer{Status: 401, Body: `{"message":"You must log in first."}`}, conduit.ErrUnauthorized, "You must log in first."},
		{"400 echoing the token", testserver.Answer{Status: 400, Body: `{"message":"token ` + token + ` lacks scope"}`}, conduit.ErrAPI, "token [REDACTED] lacks scope"},
		{"500 html", testserver.Answer{Status: 500, ContentType: "text/html", Body: `<html><body>Internal Server Error</body></html>`}, conduit.ErrAPI, ""},
		{"503 text", testserver.Answer{Status: 503, ContentType: "text/plain", Body: "maintenance"}, conduit.ErrAPI, "maintenance"},
		{"null at 200", testserver.Answer{Body: `null`}, conduit.ErrMalformedResponse, "empty or null body"},
		{"empty at 201", testserver.Answer{Status: 201}, conduit.ErrMalformedResponse, "empty or null body"},
		{"truncated", testserver.Answer{Body: `{"id":"c3a9","number":`}, conduit.ErrMalformedResponse, ""},
		{"bad time", testserver.Answer{Body: `{"id":"c3a9","created_at":"yesterday"}`}, conduit.ErrMalformedResponse, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testserver.Start(t, tc.answer)
			c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token), conduit.WithMaxRetries(0))
			require.NoError(t, err)
			_, err = c.TriggerPipeline(context.Background(), acmeAPI, "main")
			var e *ci.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, "ci", e.Service)
			assert.Equal(t, "TriggerPipeline", e.Op)
			assert.Equal(t, "POST /project/{vcs_prefix}/{org}/{repo}/pipeline", e.Endpoint)
			assert.Contains(t, e.Message, tc.msg)
			testserver.NoSecret(t, err, token)
		})
	}
}

func TestTriggerPipelineIsNeverRepeated(t *testing.T) {
	cases := []struct {
		name    string
		answers []testserver.Answer
		hits    int
		is      error
	}{
		{"500 after reading", []testserver.Answer{{Status: 500, Body: `{"message":"Internal server error"}`}, {Status: 201, Body: `{"id":"x"}`}}, 1, conduit.ErrAPI},
		{"502 after reading", []testserver.Answer{{Status: 502, ContentType: "text/html"}, {Status: 201, Body: `{"id":"x"}`}}, 1, conduit.ErrAPI},
		{"reset after reading", []testserver.Answer{{Reset: true}, {Status: 201, Body: `{"id":"x"}`}}, 1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testserver.Start(t, tc.answers...)
			c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token), fast, conduit.WithMaxRetries(5))
			require.NoError(t, err)
			p, err := c.TriggerPipeline(context.Background(), acmeAPI, "main")
			assert.Nil(t, p)
			require.Error(t, err)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
			testserver.NoSecret(t, err, token)
			assert.Equal(t, tc.hits, srv.Hits(), "the pipeline may have started: it must not start twice")
			assert.JSONEq(t, `{"branch":"main"}`, string(srv.Last(t).Body), "the server read the whole request")
		})
	}
}

func TestTriggerPipelineRetriedAfter429(t *testing.T) {
	srv := testserver.Start(t,
		testserver.Answer{Status: 429, Body: `{"message":"Rate limit exceeded","retry_after":0.01}`},
		testserver.Answer{Status: 201, Body: `{"id":"c3a9e1f7-52b4-4d8e-9f0a-6b2c8d4e1a57","number":131,"state":"pending","created_at":"2024-06-21T09:20:05.118Z"}`})
	c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token), fast)
	require.NoError(t, err)
	p, err := c.TriggerPipeline(context.Background(), acmeAPI, "main")
	require.NoError(t, err)
	assert.Equal(t, int64(131), p.Number)
	assert.Equal(t, 2, srv.Hits(), "a 429 was not acted on: exactly one more attempt")
}

func TestReadsAreRetried(t *testing.T) {
	// The same faults that must not repeat a trigger are retried for reads,
	// so the write tests above fail if the write marking is lost.
	srv := testserver.Start(t, testserver.Answer{Reset: true}, testserver.Answer{Status: 500}, testserver.Answer{Body: `{"items":[]}`})
	c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token), fast)
	require.NoError(t, err)
	l, err := c.ListPipelines(context.Background(), acmeAPI)
	require.NoError(t, err)
	assert.Empty(t, l.Items)
	assert.Equal(t, 3, srv.Hits())
}

func TestPipelineListShapes(t *testing.T) {
	cases := []struct {
		name, body string
		ids        []string
		next       string
	}{
		{"paged", `{"items":[{"id":"a","number":1}],"next_page_token":"n2"}`, []string{"a"}, "n2"},
		{"last page", `{"items":[{"id":"a"}],"next_page_token":null}`, []string{"a"}, ""},
		{"null items", `{"items":null,"next_page_token":null}`, nil, ""},
		{"empty object", `{}`, nil, ""},
		{"bare array", `[{"id":"a","number":2},{"id":"b","vcs":{"branch":"dev"}}]`, []string{"a", "b"}, ""},
		{"empty array", `[]`, nil, ""},
		{"null item", `{"items":[null,{"id":"b"}]}`, []string{"", "b"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testserver.Start(t, testserver.Answer{Body: tc.body})
			c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token))
			require.NoError(t, err)
			l, err := c.ListPipelines(context.Background(), acmeAPI)
			require.NoError(t, err)
			var ids []string
			for _, p := range l.Items {
				ids = append(ids, p.ID)
				if p.ID != "" {
					assert.Contains(t, string(p.RawJSON()), `"id":"`+p.ID+`"`)
				}
			}
			assert.Equal(t, tc.ids, ids)
			assert.Equal(t, tc.next, l.NextPageToken)
			assert.JSONEq(t, tc.body, string(l.RawJSON()))
		})
	}
	srv := testserver.Start(t, testserver.Answer{Body: `[{"id":5}]`})
	c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token))
	require.NoError(t, err)
	_, err = c.ListPipelines(context.Background(), acmeAPI)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "a bare array is still typed")
}

func TestBadInput(t *testing.T) {
	srv := testserver.Start(t)
	c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token))
	require.NoError(t, err)
	ctx := context.Background()
	list := func(s ci.ProjectSlug) func() error {
		return func() error { _, err := c.ListPipelines(ctx, s); return err }
	}
	trigger := func(s ci.ProjectSlug, branch string) func() error {
		return func() error { _, err := c.TriggerPipeline(ctx, s, branch); return err }
	}
	parse := func(s string) func() error {
		return func() error { _, err := ci.ParseProjectSlug(s); return err }
	}
	cases := []struct {
		name, field string
		call        func() error
	}{
		{"zero slug", "vcs_prefix", list(ci.ProjectSlug{})},
		{"empty org", "org", list(ci.ProjectSlug{VCS: "gh", Repo: "api"})},
		{"empty repo", "repo", trigger(ci.ProjectSlug{VCS: "gh", Org: "acme"}, "main")},
		{"slash in org", "org", list(ci.ProjectSlug{VCS: "gh", Org: "acme/api", Repo: "x"})},
		{"slash in vcs", "vcs_prefix", trigger(ci.ProjectSlug{VCS: "gh/", Org: "acme", Repo: "api"}, "main")},
		{"dot-dot repo", "repo", list(ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: ".."})},
		{"space in repo", "repo", list(ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "my api"})},
		{"newline in org", "org", list(ci.ProjectSlug{VCS: "gh", Org: "acme\n", Repo: "api"})},
		{"empty branch", "branch", trigger(acmeAPI, "")},
		{"blank branch", "branch", trigger(acmeAPI, " \t")},
		{"two parts", "project_slug", parse("gh/acme")},
		{"four parts", "project_slug", parse("gh/acme/api/extra")},
		{"empty slug", "project_slug", parse("")},
		{"empty middle", "org", parse("gh//api")},
		{"trailing slash", "project_slug", parse("gh/acme/api/")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			var e *ci.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, conduit.ErrInvalidParam)
			assert.Equal(t, tc.field, e.Field)
			assert.Contains(t, err.Error(), tc.field)
			testserver.NoSecret(t, err, token)
		})
	}
	assert.Zero(t, srv.Hits(), "bad input must not reach the server")
}

func TestMissingToken(t *testing.T) {
	t.Setenv("CONDUIT_CI_API_TOKEN", "")
	srv := testserver.Start(t)
	for _, opts := range [][]ci.Option{{conduit.WithBaseURL(srv.URL)}, {conduit.WithBaseURL(srv.URL), ci.WithAPIToken("")}} {
		c, err := ci.New(opts...)
		require.NoError(t, err)
		_, err = c.TriggerPipeline(context.Background(), acmeAPI, "main")
		assert.ErrorIs(t, err, conduit.ErrMissingCredential)
		assert.Contains(t, err.Error(), "ci.WithAPIToken")
		assert.Contains(t, err.Error(), "CONDUIT_CI_API_TOKEN")
	}
	assert.Zero(t, srv.Hits())
}

func TestConfigFromEnv(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	t.Setenv("CONDUIT_CI_URL", srv.URL("ci_url"))
	t.Setenv("CONDUIT_CI_API_TOKEN", replay.Credential("ci", "api_token"))
	c, err := ci.New()
	require.NoError(t, err)
	u, err := c.Me(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "octo-dev", u.Login)
}

func TestMissingBaseURL(t *testing.T) {
	t.Setenv("CONDUIT_CI_URL", "")
	c, err := ci.New(ci.WithAPIToken(token))
	require.NoError(t, err)
	_, err = c.Me(context.Background())
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
	assert.Contains(t, err.Error(), "CONDUIT_CI_URL")
}

func TestReplayRejectsWrongToken(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	c, err := ci.New(conduit.WithBaseURL(srv.URL("ci_url")), ci.WithAPIToken("wrong-token"), conduit.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.Me(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	testserver.NoSecret(t, err, "wrong-token")
}

func FuzzPipelineList(f *testing.F) {
	for _, s := range []string{`{"items":[{"id":"a","number":1,"vcs":{"branch":"main"}}],"next_page_token":"n"}`, `[{"id":"a"}]`, `{}`, `[]`, `{"items":null}`, `[null]`, `{"items":[{"number":"1"}]}`, ` [ ] `, `[1]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var l ci.PipelineList
		if err := json.Unmarshal([]byte(in), &l); err != nil {
			return
		}
		for i, p := range l.Items {
			if raw := p.RawJSON(); raw != nil && !json.Valid(raw) {
				t.Fatalf("%q: item %d kept invalid raw bytes %q", in, i, raw)
			}
		}
	})
}

func TestLogsHideToken(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	srv := testserver.Start(t, testserver.Answer{Reset: true}, testserver.Answer{Status: 403, Body: `{"message":"token ` + token + ` is revoked"}`})
	c, err := ci.New(conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token), conduit.WithLogger(logger), fast)
	require.NoError(t, err)
	_, err = c.ListPipelines(context.Background(), acmeAPI)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	logger.Debug("failed", "err", err)
	assert.Equal(t, 2, strings.Count(logs.String(), `"msg":"conduit request"`), "one line per attempt")
	assert.NotContains(t, logs.String(), token)
}
