package ci

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// PageParams are the optional inputs of a listing.
type PageParams struct {
	// PageToken asks for the page that a previous page's NextPageToken
	// names (query page-token); empty means the first page.
	PageToken string
}

func (p *PageParams) query() []string {
	if p == nil || p.PageToken == "" {
		return nil
	}
	return []string{"page-token", p.PageToken}
}

func (p *PageParams) start() string {
	if p == nil {
		return ""
	}
	return p.PageToken
}

// PipelineWorkflows returns one page of the workflows a pipeline runs.
// Pass the page's NextPageToken back in PageParams for the next one, or
// use AllPipelineWorkflows.
func (c *Client) PipelineWorkflows(ctx context.Context, pipelineID string, p *PageParams, opts ...Option) (*WorkflowList, error) {
	if err := checkID(pipelineWorkflowOp.Op, "pipeline_id", pipelineID); err != nil {
		return nil, err
	}
	return pipelineWorkflowOp.Do(ctx, c.t, transport.Call{Args: []string{pipelineID}, Query: p.query()}, opts)
}

// AllPipelineWorkflows yields every workflow of a pipeline, page after
// page, starting at p.PageToken. It stops with the error of a page that
// fails, with ctx's error once ctx ends, and on a page token seen before.
func (c *Client) AllPipelineWorkflows(ctx context.Context, pipelineID string, p *PageParams, opts ...Option) iter.Seq2[Workflow, error] {
	return transport.Pages(ctx, c.t, pipelineWorkflowOp.Op, p.start(), func(token string) ([]Workflow, string, error) {
		l, err := c.PipelineWorkflows(ctx, pipelineID, &PageParams{PageToken: token}, opts...)
		if err != nil {
			return nil, "", err
		}
		return l.Items, l.NextPageToken, nil
	})
}

// Workflow returns a workflow by its id, with its status.
func (c *Client) Workflow(ctx context.Context, id string, opts ...Option) (*Workflow, error) {
	if err := checkID(workflowOp.Op, "workflow_id", id); err != nil {
		return nil, err
	}
	return workflowOp.Do(ctx, c.t, transport.Call{Args: []string{id}}, opts)
}

// CancelWorkflow asks the service to cancel a running workflow; it answers
// at once ("Accepted.") and the workflow's status turns canceled later. It
// is a write: never retried once it may have reached the server, except
// after a 429.
func (c *Client) CancelWorkflow(ctx context.Context, id string, opts ...Option) (*Message, error) {
	if err := checkID(cancelWorkflowOp.Op, "workflow_id", id); err != nil {
		return nil, err
	}
	return cancelWorkflowOp.Do(ctx, c.t, transport.Call{Args: []string{id}}, opts)
}

// RerunWorkflowParams choose what RerunWorkflow runs again; nil reruns
// the whole workflow.
type RerunWorkflowParams struct {
	// FromFailed reruns the failed jobs and those after them; it excludes
	// Jobs.
	FromFailed bool
	// Jobs are the ids of the jobs to rerun (a Job's ID).
	Jobs []string
	// SparseTree reruns only Jobs, without the jobs they depend on.
	SparseTree bool
	// EnableSSH gives the rerun jobs SSH access for the token's user; it
	// needs Jobs.
	EnableSSH bool
}

type rerunRequest struct {
	FromFailed bool     `json:"from_failed,omitempty"`
	Jobs       []string `json:"jobs,omitempty"`
	SparseTree bool     `json:"sparse_tree,omitempty"`
	EnableSSH  bool     `json:"enable_ssh,omitempty"`
}

// RerunWorkflow starts a new run of a workflow: all of it (nil), from
// its failed jobs, or chosen jobs. The answer names the new workflow. It
// is a write: never retried once it may have reached the server, except
// after a 429.
func (c *Client) RerunWorkflow(ctx context.Context, id string, p *RerunWorkflowParams, opts ...Option) (*Rerun, error) {
	if p == nil {
		p = &RerunWorkflowParams{}
	}
	op := rerunWorkflowOp.Op
	if err := checkID(op, "workflow_id", id); err != nil {
		return nil, err
	}
	switch {
	case p.FromFailed && len(p.Jobs) > 0:
		return nil, op.Invalid("from_failed", "reruns the failed jobs; it cannot be combined with jobs")
	case p.SparseTree && len(p.Jobs) == 0:
		return nil, op.Invalid("sparse_tree", "needs jobs to rerun")
	case p.EnableSSH && len(p.Jobs) == 0:
		return nil, op.Invalid("enable_ssh", "needs jobs to rerun")
	}
	for _, j := range p.Jobs {
		if err := checkID(op, "jobs", j); err != nil {
			return nil, err
		}
	}
	body := rerunRequest{FromFailed: p.FromFailed, Jobs: p.Jobs, SparseTree: p.SparseTree, EnableSSH: p.EnableSSH}
	return rerunWorkflowOp.Do(ctx, c.t, transport.Call{Args: []string{id}, Body: body}, opts)
}
