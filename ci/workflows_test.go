package ci_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const (
	pipe130 = "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70"
	deploy  = "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53"
)

func TestPipelineAndByNumber(t *testing.T) {
	c, srv := replayClient(t)
	ctx := context.Background()
	p, err := c.Pipeline(ctx, pipe130)
	require.NoError(t, err)
	assert.Equal(t, int64(130), p.Number)
	assert.Equal(t, "gh/acme/api", p.ProjectSlug)
	assert.Equal(t, time.Date(2024, 6, 21, 9, 12, 47, 226e6, time.UTC), p.UpdatedAt)
	n, err := c.PipelineByNumber(ctx, acmeAPI, 130)
	require.NoError(t, err)
	assert.Equal(t, pipe130, n.ID)
	assert.Equal(t, 1, srv.Hits("GET /ci_url/v2/pipeline/"+pipe130))
	assert.Equal(t, 1, srv.Hits("GET /ci_url/v2/project/gh/acme/api/pipeline/130"))
}

func TestWorkflowsAndJobs(t *testing.T) {
	c, srv := replayClient(t)
	ctx := context.Background()
	flows, err := c.PipelineWorkflows(ctx, pipe130, nil)
	require.NoError(t, err)
	require.Len(t, flows.Items, 2)
	assert.Empty(t, flows.NextPageToken, "null is the last page")
	assert.Equal(t, ci.WorkflowSuccess, flows.Items[0].Status)
	w, err := c.Workflow(ctx, deploy)
	require.NoError(t, err)
	assert.Equal(t, ci.WorkflowFailed, w.Status)
	assert.Equal(t, int64(130), w.PipelineNumber)
	assert.True(t, w.Status.Done() && w.Status.Failed())

	jobs, err := c.WorkflowJobs(ctx, deploy, nil)
	require.NoError(t, err)
	require.Len(t, jobs.Items, 3)
	assert.Equal(t, "approval", jobs.Items[1].Type)
	assert.Zero(t, jobs.Items[1].JobNumber, "an approval has no number")
	assert.True(t, jobs.Items[1].StartedAt.IsZero(), "null times are zero")
	assert.Equal(t, int64(413), jobs.Items[2].JobNumber)

	j, err := c.Job(ctx, acmeAPI, 413)
	require.NoError(t, err)
	assert.Equal(t, ci.JobExecutor{Type: "docker", ResourceClass: "medium"}, j.Executor)
	assert.Equal(t, int64(157517), j.Duration)
	assert.Equal(t, pipe130, j.Pipeline.ID)
	var extra struct {
		Contexts []struct{ Name string } `json:"contexts"`
	}
	require.NoError(t, j.Decode(&extra))
	assert.Equal(t, "production-deploy", extra.Contexts[0].Name)

	arts, err := c.JobArtifacts(ctx, acmeAPI, 413, nil)
	require.NoError(t, err)
	require.Len(t, arts.Items, 2)
	assert.Equal(t, "deploy/plan.txt", arts.Items[1].Path)
	for _, hit := range []string{"GET /ci_url/v2/pipeline/" + pipe130 + "/workflow", "GET /ci_url/v2/workflow/" + deploy,
		"GET /ci_url/v2/workflow/" + deploy + "/job", "GET /ci_url/v2/project/gh/acme/api/job/413", "GET /ci_url/v2/project/gh/acme/api/413/artifacts"} {
		assert.Equal(t, 1, srv.Hits(hit), hit)
	}
}

func TestNewOperationsRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"items":[],"message":"Accepted.","workflow_id":"x"}`})
	c := client(t, srv)
	ctx := context.Background()
	for _, tc := range []struct {
		call        func() error
		method, uri string
		body        string
	}{
		{func() error { _, err := c.Pipeline(ctx, pipe130); return err }, "GET", "/pipeline/" + pipe130, ""},
		{func() error { _, err := c.PipelineByNumber(ctx, acmeAPI, 7); return err }, "GET", "/project/gh/acme/api/pipeline/7", ""},
		{func() error {
			_, err := c.PipelineWorkflows(ctx, pipe130, &ci.PageParams{PageToken: "t/1"})
			return err
		}, "GET", "/pipeline/" + pipe130 + "/workflow?page-token=t%2F1", ""},
		{func() error { _, err := c.Workflow(ctx, deploy); return err }, "GET", "/workflow/" + deploy, ""},
		{func() error { _, err := c.WorkflowJobs(ctx, deploy, &ci.PageParams{PageToken: "p2"}); return err }, "GET", "/workflow/" + deploy + "/job?page-token=p2", ""},
		{func() error { _, err := c.Job(ctx, acmeAPI, 413); return err }, "GET", "/project/gh/acme/api/job/413", ""},
		{func() error { _, err := c.JobArtifacts(ctx, acmeAPI, 413, &ci.PageParams{PageToken: "a"}); return err }, "GET", "/project/gh/acme/api/413/artifacts?page-token=a", ""},
		{func() error { _, err := c.CancelWorkflow(ctx, deploy); return err }, "POST", "/workflow/" + deploy + "/cancel", ""},
		{func() error { _, err := c.RerunWorkflow(ctx, deploy, nil); return err }, "POST", "/workflow/" + deploy + "/rerun", `{}`},
		{func() error {
			_, err := c.RerunWorkflow(ctx, deploy, &ci.RerunWorkflowParams{FromFailed: true})
			return err
		}, "POST", "/workflow/" + deploy + "/rerun", `{"from_failed":true}`},
		{func() error {
			_, err := c.RerunWorkflow(ctx, deploy, &ci.RerunWorkflowParams{Jobs: []string{pipe130}, SparseTree: true, EnableSSH: true})
			return err
		}, "POST", "/workflow/" + deploy + "/rerun", `{"jobs":["` + pipe130 + `"],"sparse_tree":true,"enable_ssh":true}`},
		{func() error {
			_, err := c.TriggerPipeline(ctx, acmeAPI, &ci.TriggerPipelineParams{Tag: "v1.4.0", Parameters: map[string]any{"deploy": true, "shards": 4, "region": "eu"}})
			return err
		}, "POST", "/project/gh/acme/api/pipeline", `{"tag":"v1.4.0","parameters":{"deploy":true,"shards":4,"region":"eu"}}`},
		{func() error { _, err := c.TriggerPipeline(ctx, acmeAPI, nil); return err }, "POST", "/project/gh/acme/api/pipeline", `{}`},
	} {
		require.NoError(t, tc.call())
		got := srv.Last(t)
		assert.Equal(t, tc.method, got.Method, tc.uri)
		assert.Equal(t, "/v2"+tc.uri, got.URI, "the base gets its version segment")
		if tc.body == "" {
			assert.Empty(t, got.Body, tc.uri)
		} else {
			assert.JSONEq(t, tc.body, string(got.Body), tc.uri)
		}
		assertTokenOnlyInHeader(t, got)
	}
}

func TestWorkflowWritesAreNeverRepeated(t *testing.T) {
	for name, call := range map[string]func(*ci.Client) error{
		"cancel": func(c *ci.Client) error { _, err := c.CancelWorkflow(context.Background(), deploy); return err },
		"rerun":  func(c *ci.Client) error { _, err := c.RerunWorkflow(context.Background(), deploy, nil); return err },
	} {
		t.Run(name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway})
			err := call(client(t, srv, fast, conduit.WithMaxRetries(5)))
			require.ErrorIs(t, err, conduit.ErrAPI)
			assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not sent again")
		})
	}
}

func TestListingIteratorsFollowTokens(t *testing.T) {
	ctx := context.Background()
	walk := map[string]func(c *ci.Client) ([]string, error){
		"workflows": func(c *ci.Client) (ids []string, err error) {
			for w, err := range c.AllPipelineWorkflows(ctx, pipe130, nil) {
				if err != nil {
					return nil, err
				}
				ids = append(ids, w.ID)
			}
			return ids, nil
		},
		"jobs": func(c *ci.Client) (ids []string, err error) {
			for j, err := range c.AllWorkflowJobs(ctx, deploy, nil) {
				if err != nil {
					return nil, err
				}
				ids = append(ids, j.ID)
			}
			return ids, nil
		},
		"artifacts": func(c *ci.Client) (ids []string, err error) {
			for a, err := range c.AllJobArtifacts(ctx, acmeAPI, 413, nil) {
				if err != nil {
					return nil, err
				}
				ids = append(ids, a.Path)
			}
			return ids, nil
		},
	}
	for name, fn := range walk {
		t.Run(name, func(t *testing.T) {
			pages := []testkit.Reply{
				{Body: `{"items":[{"id":"a","path":"a"},{"id":"b","path":"b"}],"next_page_token":"n2"}`},
				{Body: `{"items":[{"id":"c","path":"c"}],"next_page_token":null}`},
			}
			srv := testkit.Start(t, pages...)
			ids, err := fn(client(t, srv))
			require.NoError(t, err)
			assert.Equal(t, []string{"a", "b", "c"}, ids)
			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			assert.Empty(t, reqs[0].Query)
			assert.Equal(t, "page-token=n2", reqs[1].Query)
		})
	}
}

func TestUnknownWorkflowIsNotFound(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNotFound, Body: `{"message":"Workflow not found"}`})
	_, err := client(t, srv).Workflow(context.Background(), deploy)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Workflow not found"})
	testkit.NoSecret(t, err, token)
}
