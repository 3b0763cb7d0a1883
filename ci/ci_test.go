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
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const token = "ci-token-SECRET.4d2f9b"

var (
	acmeAPI = ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	fast    = testkit.Fast
)

func replayClient(t *testing.T) (*ci.Client, *replay.Server) {
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, ci.New, srv.Options("ci")...), srv
}

// client is a client of srv with the token set.
func client(t *testing.T, srv *testkit.Server, opts ...ci.Option) *ci.Client {
	return testkit.Client(t, ci.New, append([]ci.Option{conduit.WithBaseURL(srv.URL), ci.WithAPIToken(token)}, opts...)...)
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
	l, err := c.ListPipelines(context.Background(), acmeAPI, nil)
	require.NoError(t, err)
	require.Len(t, l.Items, 2)
	p := l.Items[0]
	assert.Equal(t, "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", p.ID)
	assert.Equal(t, int64(130), p.Number)
	assert.Equal(t, ci.PipelineCreated, p.State)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 12, 46, 901e6, time.UTC), p.CreatedAt)
	assert.Equal(t, ci.PipelineVCS{Branch: "main", Revision: "9c1e4b7a2f5d8e3c6b0a9f4e1d7c2b5a8e3f6d09"}, p.VCS)
	assert.Equal(t, "feature/retry-budget", l.Items[1].VCS.Branch)
	assert.Equal(t, ci.PipelineErrored, l.Items[1].State)
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
	p, err := c.TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"})
	require.NoError(t, err)
	assert.Equal(t, "c3a9e1f7-52b4-4d8e-9f0a-6b2c8d4e1a57", p.ID)
	assert.Equal(t, int64(131), p.Number)
	assert.Equal(t, ci.PipelinePending, p.State)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 20, 5, 118e6, time.UTC), p.CreatedAt)
	assert.Equal(t, 1, srv.Hits("POST /ci_url/v2/project/{vcs_prefix}/{org}/{repo}/pipeline"))
	golden.JSON(t, "ci", "trigger_pipeline", p)
}

func TestRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"items":[]}`})
	c := testkit.Client(t, ci.New, conduit.WithBaseURL(srv.URL+"/api/v2/"), ci.WithAPIToken(token))
	ctx := context.Background()
	odd := ci.ProjectSlug{VCS: "bb", Org: "acme?x", Repo: "r#1%"}

	_, err := c.ListPipelines(ctx, odd, nil)
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v2/project/bb/acme%3Fx/r%231%25/pipeline", got.Path, "each part stays one escaped segment")
	assert.Empty(t, got.Query)
	assert.Empty(t, got.Body)
	assertTokenOnlyInHeader(t, got)

	_, err = c.TriggerPipeline(ctx, acmeAPI, &ci.TriggerPipelineParams{Branch: "feature/retry-budget"})
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/api/v2/project/gh/acme/api/pipeline", got.Path)
	assert.JSONEq(t, `{"branch":"feature/retry-budget"}`, string(got.Body))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assertTokenOnlyInHeader(t, got)

	_, err = c.Me(ctx)
	require.NoError(t, err)
	got = srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v2/me", got.Path)
	assertTokenOnlyInHeader(t, got)
}

func assertTokenOnlyInHeader(t *testing.T, got testkit.Request) {
	t.Helper()
	assert.Equal(t, token, got.Header.Get("Ci-Token"))
	assert.Empty(t, got.Header.Get("Authorization"))
	assert.Equal(t, []string{"header Ci-Token"}, got.Holds(token))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
}

func TestErrors(t *testing.T) {
	malformed := func(message string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrMalformedResponse, Message: message}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "404 json", Reply: testkit.Reply{Status: 404, Body: `{"message":"Project not found"}`}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Project not found"}},
		{Name: "401 json", Reply: testkit.Reply{Status: 401, Body: `{"message":"You must log in first."}`}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: "You must log in first."}},
		{Name: "400 echoing the token", Reply: testkit.Reply{Status: 400, Body: `{"message":"token ` + token + ` lacks scope"}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "token [REDACTED] lacks scope"}},
		{Name: "500 html", Reply: testkit.Reply{Status: 500, ContentType: "text/html", Body: `<html><body>Internal Server Error</body></html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500}},
		{Name: "503 text", Reply: testkit.Reply{Status: 503, ContentType: "text/plain", Body: "maintenance"}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 503, Message: "maintenance"}},
		{Name: "null at 200", Reply: testkit.Reply{Body: `null`}, Want: malformed("empty or null body where a record was expected")},
		{Name: "empty at 201", Reply: testkit.Reply{Status: 201}, Want: malformed("empty or null body where a record was expected")},
		{Name: "truncated", Reply: testkit.Reply{Body: `{"id":"c3a9","number":`}, Want: malformed("")},
		{Name: "bad time", Reply: testkit.Reply{Body: `{"id":"c3a9","created_at":"yesterday"}`}, Want: malformed("")},
	}, []string{token}, testkit.Op{Service: "ci", Op: "TriggerPipeline", Endpoint: "POST /project/{vcs_prefix}/{org}/{repo}/pipeline", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, ci.New, conduit.WithBaseURL(url), ci.WithAPIToken(token), conduit.WithMaxRetries(0))
		_, err := c.TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"})
		return err
	}})
}

func TestTriggerPipelineIsNeverRepeated(t *testing.T) {
	cases := []struct {
		name    string
		answers []testkit.Reply
		hits    int
		is      error
	}{
		{"500 after reading", []testkit.Reply{{Status: 500, Body: `{"message":"Internal server error"}`}, {Status: 201, Body: `{"id":"x"}`}}, 1, conduit.ErrAPI},
		{"502 after reading", []testkit.Reply{{Status: 502, ContentType: "text/html"}, {Status: 201, Body: `{"id":"x"}`}}, 1, conduit.ErrAPI},
		{"reset after reading", []testkit.Reply{{Reset: true}, {Status: 201, Body: `{"id":"x"}`}}, 1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, tc.answers...)
			p, err := client(t, srv, fast, conduit.WithMaxRetries(5)).TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"})
			assert.Nil(t, p)
			require.Error(t, err)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
			testkit.NoSecret(t, err, token)
			assert.Equal(t, tc.hits, srv.Hits(), "the pipeline may have started: it must not start twice")
			assert.JSONEq(t, `{"branch":"main"}`, string(srv.Last(t).Body), "the server read the whole request")
		})
	}
}

func TestTriggerPipelineRetriedAfter429(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Status: 429, Body: `{"message":"Rate limit exceeded","retry_after":0.01}`},
		testkit.Reply{Status: 201, Body: `{"id":"c3a9e1f7-52b4-4d8e-9f0a-6b2c8d4e1a57","number":131,"state":"pending","created_at":"2024-06-21T09:20:05.118Z"}`})
	p, err := client(t, srv, fast).TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"})
	require.NoError(t, err)
	assert.Equal(t, int64(131), p.Number)
	assert.Equal(t, 2, srv.Hits(), "a 429 was not acted on: exactly one more attempt")
}

func TestReadsAreRetried(t *testing.T) {
	// The same faults that must not repeat a trigger are retried for reads,
	// so the write tests above fail if the write marking is lost.
	srv := testkit.Start(t, testkit.Reply{Reset: true}, testkit.Reply{Status: 500}, testkit.Reply{Body: `{"items":[]}`})
	l, err := client(t, srv, fast).ListPipelines(context.Background(), acmeAPI, nil)
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
			l, err := client(t, testkit.Start(t, testkit.Reply{Body: tc.body})).ListPipelines(context.Background(), acmeAPI, nil)
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
	_, err := client(t, testkit.Start(t, testkit.Reply{Body: `[{"id":5}]`})).ListPipelines(context.Background(), acmeAPI, nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "a bare array is still typed")
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	ctx := context.Background()
	list := func(s ci.ProjectSlug) func() error {
		return func() error { _, err := c.ListPipelines(ctx, s, nil); return err }
	}
	trigger := func(s ci.ProjectSlug, branch string) func() error {
		return func() error {
			_, err := c.TriggerPipeline(ctx, s, &ci.TriggerPipelineParams{Branch: branch})
			return err
		}
	}
	triggerWith := func(p *ci.TriggerPipelineParams) func() error {
		return func() error { _, err := c.TriggerPipeline(ctx, acmeAPI, p); return err }
	}
	parse := func(s string) func() error {
		return func() error { _, err := ci.ParseProjectSlug(s); return err }
	}
	const wf = "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53"
	testkit.BadInput(t, srv, testkit.Shape{Service: "ci"}, []testkit.Input{
		{Field: "vcs_prefix", Call: list(ci.ProjectSlug{})},
		{Field: "org", Call: list(ci.ProjectSlug{VCS: "gh", Repo: "api"})},
		{Field: "repo", Call: trigger(ci.ProjectSlug{VCS: "gh", Org: "acme"}, "main")},
		{Field: "org", Call: list(ci.ProjectSlug{VCS: "gh", Org: "acme/api", Repo: "x"})},
		{Field: "vcs_prefix", Call: trigger(ci.ProjectSlug{VCS: "gh/", Org: "acme", Repo: "api"}, "main")},
		{Field: "repo", Call: list(ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: ".."})},
		{Field: "repo", Call: list(ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "%2e%2e"})},
		{Field: "org", Call: list(ci.ProjectSlug{VCS: "gh", Org: "%2E", Repo: "api"})},
		{Field: "repo", Call: list(ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "my api"})},
		{Field: "org", Call: list(ci.ProjectSlug{VCS: "gh", Org: "acme\n", Repo: "api"})},
		{Field: "branch", Call: trigger(acmeAPI, " \t")},
		{Field: "tag", Call: triggerWith(&ci.TriggerPipelineParams{Tag: " "})},
		{Field: "tag", Call: triggerWith(&ci.TriggerPipelineParams{Branch: "main", Tag: "v1"})},
		{Field: "parameters", Call: triggerWith(&ci.TriggerPipelineParams{Parameters: map[string]any{"ratio": 0.5}})},
		{Field: "pipeline_id", Call: func() error { _, err := c.Pipeline(ctx, "130"); return err }},
		{Field: "pipeline_id", Call: func() error { _, err := c.Pipeline(ctx, strings.ToUpper(wf)[:35]+"g"); return err }},
		{Field: "pipeline_number", Call: func() error { _, err := c.PipelineByNumber(ctx, acmeAPI, 0); return err }},
		{Field: "repo", Call: func() error { _, err := c.PipelineByNumber(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme"}, 1); return err }},
		{Field: "pipeline_id", Call: func() error { _, err := c.PipelineWorkflows(ctx, "../../me", nil); return err }},
		{Field: "workflow_id", Call: func() error { _, err := c.Workflow(ctx, wf+"x"); return err }},
		{Field: "workflow_id", Call: func() error { _, err := c.WorkflowJobs(ctx, "", nil); return err }},
		{Field: "workflow_id", Call: func() error { _, err := c.CancelWorkflow(ctx, "8f3c2a6d-5e1b-4d7a-9c0e_2b6f4a8d1e53"); return err }},
		{Field: "from_failed", Call: func() error {
			_, err := c.RerunWorkflow(ctx, wf, &ci.RerunWorkflowParams{FromFailed: true, Jobs: []string{wf}})
			return err
		}},
		{Field: "sparse_tree", Call: func() error {
			_, err := c.RerunWorkflow(ctx, wf, &ci.RerunWorkflowParams{SparseTree: true})
			return err
		}},
		{Field: "jobs", Call: func() error {
			_, err := c.RerunWorkflow(ctx, wf, &ci.RerunWorkflowParams{Jobs: []string{"deploy"}})
			return err
		}},
		{Field: "job_number", Call: func() error { _, err := c.Job(ctx, acmeAPI, 0); return err }},
		{Field: "job_number", Call: func() error { _, err := c.JobArtifacts(ctx, acmeAPI, -4, nil); return err }},
		{Field: "project_slug", Call: parse("gh/acme")},
		{Field: "project_slug", Call: parse("gh/acme/api/extra")},
		{Field: "project_slug", Call: parse("")},
		{Field: "org", Call: parse("gh//api")},
		{Field: "project_slug", Call: parse("gh/acme/api/")},
	}, token)
}

func TestMissingToken(t *testing.T) {
	t.Setenv("CONDUIT_CI_API_TOKEN", "")
	srv := testkit.Start(t)
	for _, opts := range [][]ci.Option{{conduit.WithBaseURL(srv.URL)}, {conduit.WithBaseURL(srv.URL), ci.WithAPIToken("")}} {
		c := testkit.Client(t, ci.New, opts...)
		testkit.MissingCredential(t, srv, "ci.WithAPIToken", "CONDUIT_CI_API_TOKEN", func() error {
			_, err := c.TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"})
			return err
		})
	}
}

func TestConfigFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	t.Setenv("CONDUIT_CI_URL", srv.URL("ci", "ci_url"))
	t.Setenv("CONDUIT_CI_API_TOKEN", replay.Credential("ci", "api_token"))
	c, err := ci.New()
	require.NoError(t, err)
	u, err := c.Me(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "octo-dev", u.Login)
}

func TestMissingBaseURL(t *testing.T) {
	testkit.MissingBaseURL(t, "CONDUIT_CI_URL", func(o ...ci.Option) (*ci.Client, error) { return ci.New(append(o, ci.WithAPIToken(token))...) },
		func(c *ci.Client) error { _, err := c.Me(context.Background()); return err })
}

func TestReplayRejectsWrongToken(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, ci.New, conduit.WithBaseURL(srv.URL("ci", "ci_url")), ci.WithAPIToken("wrong-token"), conduit.WithMaxRetries(0))
	_, err := c.Me(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	testkit.NoSecret(t, err, "wrong-token")
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
	srv := testkit.Start(t, testkit.Reply{Reset: true}, testkit.Reply{Status: 403, Body: `{"message":"token ` + token + ` is revoked"}`})
	_, err := client(t, srv, conduit.WithLogger(logger), fast).ListPipelines(context.Background(), acmeAPI, nil)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	logger.Debug("failed", "err", err)
	assert.Equal(t, 2, strings.Count(logs.String(), `"msg":"conduit request"`), "one line per attempt")
	testkit.NoSecretIn(t, logs.String(), token)
}
