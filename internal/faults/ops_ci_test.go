package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/ci"
)

// The ids of conduittest's ci fixtures: pipeline #130 and its deploy
// workflow.
const ciPipeline, ciWorkflow = "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53"

func init() {
	ops = append(ops,
		row("ci", "Me", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.Me(ctx))
		}).auth(ciHeader),
		row("ci", "ListPipelines", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, slug, nil))
		}).auth(ciHeader).rejects("vcs_prefix", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{Org: "acme", Repo: "api"}, nil))
		}).rejects("org", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "..", Repo: "api"}, nil))
		}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
			return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api/pipeline"}, nil))
		}),
		row("ci", "TriggerPipeline", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main"}))
		}).writes().auth(ciHeader).rejects("branch", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: " "}))
		}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "a pi"}, &ci.TriggerPipelineParams{Branch: "main"}))
		}).rejects("tag", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main", Tag: "v1.0.0"}))
		}).rejects("parameters", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Parameters: map[string]any{"deploy": []string{"x"}}}))
		}),
		row("ci", "Pipeline", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.Pipeline(ctx, ciPipeline))
		}).auth(ciHeader).rejects("pipeline_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Pipeline(ctx, "../me"))
		}),
		row("ci", "PipelineByNumber", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineByNumber(ctx, slug, 130))
		}).auth(ciHeader).rejects("pipeline_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineByNumber(ctx, slug, 0))
		}).rejects("org", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineByNumber(ctx, ci.ProjectSlug{VCS: "gh", Org: ".", Repo: "api"}, 130))
		}),
		row("ci", "PipelineWorkflows", ci.New, func(ctx context.Context, c *ci.Client) error {
			return drain(c.AllPipelineWorkflows(ctx, ciPipeline, nil))
		}).auth(ciHeader).rejects("pipeline_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.PipelineWorkflows(ctx, "", nil))
		}),
		row("ci", "Workflow", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.Workflow(ctx, ciWorkflow))
		}).auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Workflow(ctx, "8f3c2a6d/5e1b-4d7a-9c0e-2b6f4a8d1e53"))
		}),
		row("ci", "WorkflowJobs", ci.New, func(ctx context.Context, c *ci.Client) error {
			return drain(c.AllWorkflowJobs(ctx, ciWorkflow, nil))
		}).auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.WorkflowJobs(ctx, "..", nil))
		}),
		row("ci", "Job", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.Job(ctx, slug, 413))
		}).auth(ciHeader).rejects("job_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.Job(ctx, slug, -1))
		}),
		row("ci", "JobArtifacts", ci.New, func(ctx context.Context, c *ci.Client) error {
			return drain(c.AllJobArtifacts(ctx, slug, 413, nil))
		}).auth(ciHeader).rejects("job_number", func(ctx context.Context, c *ci.Client) error {
			return discard(c.JobArtifacts(ctx, slug, 0, nil))
		}).rejects("vcs_prefix", func(ctx context.Context, c *ci.Client) error {
			return discard(c.JobArtifacts(ctx, ci.ProjectSlug{Org: "acme", Repo: "api"}, 413, nil))
		}),
		row("ci", "CancelWorkflow", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.CancelWorkflow(ctx, ciWorkflow))
		}).writes().auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
			return discard(c.CancelWorkflow(ctx, "not-a-uuid"))
		}),
		row("ci", "RerunWorkflow", ci.New, func(ctx context.Context, c *ci.Client) error {
			return discard(c.RerunWorkflow(ctx, ciWorkflow, &ci.RerunWorkflowParams{FromFailed: true}))
		}).writes().auth(ciHeader).rejects("workflow_id", func(ctx context.Context, c *ci.Client) error {
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
