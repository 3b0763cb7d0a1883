package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/ci"
)

// A project, a pipeline and a workflow of the fixtures.
var slug = ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}

const ciPipeline, ciWorkflow = "0f4e6a2c-31d5-4b8e-a7c9-5d2b1e8f3a70", "8f3c2a6d-5e1b-4d7a-9c0e-2b6f4a8d1e53"

func init() {
	add("ci", ci.New, []row[*ci.Client]{
		{"Me", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			u, err := cl.Me(ctx)
			return answer(u, func() any { return u.Login }), err
		}},
		{"ListPipelines", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			l, err := cl.ListPipelines(ctx, slug, nil)
			return answer(l, func() any { return l.NextPageToken }), err
		}},
		{"TriggerPipeline", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			p, err := cl.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main"})
			return answer(p, func() any { return p.Number }), err
		}},
		{"Pipeline", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			p, err := cl.Pipeline(ctx, ciPipeline)
			return answer(p, func() any { return p.VCS.Revision }), err
		}},
		{"PipelineByNumber", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			p, err := cl.PipelineByNumber(ctx, slug, 130)
			return answer(p, func() any { return p.ID }), err
		}},
		// The listings walk every page, as a caller of All… does.
		{"PipelineWorkflows", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			return eachRead(cl.AllPipelineWorkflows(ctx, ciPipeline, nil), func(l []ci.Workflow) any { return l[1].Status })
		}},
		{"Workflow", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			w, err := cl.Workflow(ctx, ciWorkflow)
			return answer(w, func() any { return w.Name }), err
		}},
		{"WorkflowJobs", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			return eachRead(cl.AllWorkflowJobs(ctx, ciWorkflow, nil), func(l []ci.Job) any { return l[2].JobNumber })
		}},
		{"Job", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			j, err := cl.Job(ctx, slug, 413)
			return answer(j, func() any { return j.WebURL }), err
		}},
		{"JobArtifacts", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			return eachRead(cl.AllJobArtifacts(ctx, slug, 413, nil), func(l []ci.Artifact) any { return l[0].URL })
		}},
		{"CancelWorkflow", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			m, err := cl.CancelWorkflow(ctx, ciWorkflow)
			return answer(m, func() any { return m.Message }), err
		}},
		{"RerunWorkflow", func(ctx context.Context, cl *ci.Client) (Answer, error) {
			r, err := cl.RerunWorkflow(ctx, ciWorkflow, &ci.RerunWorkflowParams{FromFailed: true})
			return answer(r, func() any { return r.WorkflowID }), err
		}},
	})
}
