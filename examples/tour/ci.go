package main

import (
	"context"

	"github.com/conduit-sdk/conduit/ci"
)

func init() {
	register("ci", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := ci.New()
		if err != nil {
			return err
		}
		me, err := c.Me(ctx)
		if err != nil {
			return err
		}
		say("Me", "%s (%s)", me.Login, me.Name)
		slug, err := ci.ParseProjectSlug("gh/acme/api")
		if err != nil {
			return err
		}
		say("ParseProjectSlug", "vcs %s, org %s, repo %s", slug.VCS, slug.Org, slug.Repo)
		page, err := c.ListPipelines(ctx, slug, nil)
		if err != nil {
			return err
		}
		top := page.Items[0]
		say("ListPipelines", "%d pipelines, newest #%d %s on %s", len(page.Items), top.Number, top.State, top.VCS.Branch)
		pipes, err := take(c.AllPipelines(ctx, slug, nil), 5)
		if err != nil {
			return err
		}
		say("AllPipelines", "%d pipelines seen over both pages, oldest #%d", len(pipes), pipes[len(pipes)-1].Number)
		p, err := c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main"})
		if err != nil {
			return err
		}
		say("TriggerPipeline", "#%d %s, created %s", p.Number, p.State, p.CreatedAt.Format("2006-01-02 15:04:05"))
		// The fake answers for pipeline #130, whose workflows are over.
		byNumber, err := c.PipelineByNumber(ctx, slug, top.Number)
		if err != nil {
			return err
		}
		say("PipelineByNumber", "#%d is %s", byNumber.Number, byNumber.ID)
		pipe, err := c.Pipeline(ctx, byNumber.ID)
		if err != nil {
			return err
		}
		say("Pipeline", "%s: %s, revision %.7s", pipe.ID, pipe.State, pipe.VCS.Revision)
		flows, err := c.PipelineWorkflows(ctx, pipe.ID, nil)
		if err != nil {
			return err
		}
		say("PipelineWorkflows", "%d workflows, first %s %s", len(flows.Items), flows.Items[0].Name, flows.Items[0].Status)
		allFlows, err := take(c.AllPipelineWorkflows(ctx, pipe.ID, nil), 5)
		if err != nil {
			return err
		}
		say("AllPipelineWorkflows", "%d workflows seen, last %s %s", len(allFlows), allFlows[len(allFlows)-1].Name, allFlows[len(allFlows)-1].Status)
		done, err := c.WaitPipeline(ctx, pipe.ID, nil)
		if err != nil {
			return err
		}
		say("WaitPipeline", "over: %d workflows, %d failed, succeeded %t", len(done.Workflows), len(done.Failed), done.Succeeded())
		w, err := c.Workflow(ctx, done.Failed[0].ID)
		if err != nil {
			return err
		}
		say("Workflow", "%s %s, stopped %s", w.Name, w.Status, w.StoppedAt.Format("15:04:05"))
		jobs, err := c.WorkflowJobs(ctx, w.ID, nil)
		if err != nil {
			return err
		}
		last := jobs.Items[len(jobs.Items)-1]
		say("WorkflowJobs", "%d jobs, last %s #%d %s", len(jobs.Items), last.Name, last.JobNumber, last.Status)
		allJobs, err := take(c.AllWorkflowJobs(ctx, w.ID, nil), 5)
		if err != nil {
			return err
		}
		say("AllWorkflowJobs", "%d jobs seen, first %s %s", len(allJobs), allJobs[0].Name, allJobs[0].Status)
		job, err := c.Job(ctx, slug, last.JobNumber)
		if err != nil {
			return err
		}
		say("Job", "#%d on %s %s, %d ms", job.Number, job.Executor.Type, job.Executor.ResourceClass, job.Duration)
		arts, err := c.JobArtifacts(ctx, slug, job.Number, nil)
		if err != nil {
			return err
		}
		say("JobArtifacts", "%d artifacts, first %s", len(arts.Items), arts.Items[0].Path)
		allArts, err := take(c.AllJobArtifacts(ctx, slug, job.Number, nil), 5)
		if err != nil {
			return err
		}
		say("AllJobArtifacts", "%d artifacts seen, last %s", len(allArts), allArts[len(allArts)-1].Path)
		rerun, err := c.RerunWorkflow(ctx, w.ID, &ci.RerunWorkflowParams{FromFailed: true})
		if err != nil {
			return err
		}
		say("RerunWorkflow", "from failed: new workflow %s", rerun.WorkflowID)
		cancelled, err := c.CancelWorkflow(ctx, rerun.WorkflowID)
		if err != nil {
			return err
		}
		say("CancelWorkflow", "%s", cancelled.Message)
		return nil
	})
}
