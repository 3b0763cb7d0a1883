package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/ci"
)

// The ids of conduittest's ci fixtures: pipeline #130 and its deploy
// workflow.
const ciPipeline, ciWorkflow = "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53"

func init() {
	notes = append(notes,
		noted("ci", "Me", ci.New).auth(ciHeader),
		noted("ci", "ListPipelines", ci.New).auth(ciHeader).rejects("vcs_prefix", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{Org: "acme", Repo: "api"}, nil))
		}).rejects("org", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "..", Repo: "api"}, nil))
		}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api/pipeline"}, nil))
		}),
		noted("ci", "TriggerPipeline", ci.New).writes().auth(ciHeader).rejects("branch", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: " "}))
		}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "a pi"}, &ci.TriggerPipelineParams{Branch: "main"}))
		}).rejects("tag", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main", Tag: "v1.0.0"}))
		}).rejects("parameters", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Parameters: map[string]any{"deploy": []string{"x"}}}))
		}),
		noted("ci", "Pipeline", ci.New).auth(ciHeader).rejects("pipeline_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Pipeline(ctx, "../me"))
		}),
		noted("ci", "PipelineByNumber", ci.New).auth(ciHeader).rejects("pipeline_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineByNumber(ctx, slug, 0))
		}).rejects("org", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineByNumber(ctx, ci.ProjectSlug{VCS: "gh", Org: ".", Repo: "api"}, 130))
		}),
		noted("ci", "PipelineWorkflows", ci.New).auth(ciHeader).rejects("pipeline_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineWorkflows(ctx, "", nil))
		}),
		noted("ci", "Workflow", ci.New).auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Workflow(ctx, "8f3c2a6d/5e1b-4d7a-9c0e-2b6f4a8d1e53"))
		}),
		noted("ci", "WorkflowJobs", ci.New).auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.WorkflowJobs(ctx, "..", nil))
		}),
		noted("ci", "Job", ci.New).auth(ciHeader).rejects("job_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Job(ctx, slug, -1))
		}),
		noted("ci", "JobArtifacts", ci.New).auth(ciHeader).rejects("job_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.JobArtifacts(ctx, slug, 0, nil))
		}).rejects("vcs_prefix", func(ctx context.Context, c *ci.Client) error {
			return discard(c.JobArtifacts(ctx, ci.ProjectSlug{Org: "acme", Repo: "api"}, 413, nil))
		}),
		noted("ci", "CancelWorkflow", ci.New).writes().auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.CancelWorkflow(ctx, "not-a-uuid"))
		}),
		noted("ci", "RerunWorkflow", ci.New).writes().auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.RerunWorkflow(ctx, "", nil))
		}).rejects("from_failed", func(ctx context.Context, c *ci.Client) error {
			return discard(c.RerunWorkflow(ctx, ciWorkflow, &ci.RerunWorkflowParams{FromFailed: true, Jobs: []string{ciWorkflow}}))
		}).rejects("enable_ssh", func(ctx context.Context, c *ci.Client) error {
			return discard(c.RerunWorkflow(ctx, ciWorkflow, &ci.RerunWorkflowParams{EnableSSH: true}))
		}).rejects("jobs", func(ctx context.Context, c *ci.Client) error {
			return discard(c.RerunWorkflow(ctx, ciWorkflow, &ci.RerunWorkflowParams{Jobs: []string{"build"}}))
		}),
	)
}
