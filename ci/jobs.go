package ci

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// WorkflowJobs returns one page of a workflow's jobs, with their status
// and number. Pass the page's NextPageToken back in PageParams for the
// next one, or use AllWorkflowJobs.
func (c *Client) WorkflowJobs(ctx context.Context, workflowID string, p *PageParams, opts ...Option) (*JobList, error) {
	if err := checkID(workflowJobsOp.Op, "workflow_id", workflowID); err != nil {
		return nil, err
	}
	return workflowJobsOp.Do(ctx, c.t, transport.Call{Args: []string{workflowID}, Query: p.query()}, opts)
}

// AllWorkflowJobs yields every job of a workflow, page after page,
// starting at p.PageToken. It stops with the error of a page that fails,
// with ctx's error once ctx ends, and on a page token seen before.
func (c *Client) AllWorkflowJobs(ctx context.Context, workflowID string, p *PageParams, opts ...Option) iter.Seq2[Job, error] {
	return transport.Pages(ctx, c.t, workflowJobsOp.Op, p.start(), func(token string) ([]Job, string, error) {
		l, err := c.WorkflowJobs(ctx, workflowID, &PageParams{PageToken: token}, opts...)
		if err != nil {
			return nil, "", err
		}
		return l.Items, l.NextPageToken, nil
	})
}

// Job returns the details of the project's job with the given number (a
// Job's JobNumber): its executor, duration, timings and web page.
func (c *Client) Job(ctx context.Context, slug ProjectSlug, number int64, opts ...Option) (*JobDetails, error) {
	args, err := jobArgs(jobOp.Op, slug, number)
	if err != nil {
		return nil, err
	}
	return jobOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
}

// JobArtifacts returns one page of the files a job stored as artifacts,
// each with a URL to download it (with the same token). Pass the page's
// NextPageToken back in PageParams for the next one, or use
// AllJobArtifacts.
func (c *Client) JobArtifacts(ctx context.Context, slug ProjectSlug, number int64, p *PageParams, opts ...Option) (*ArtifactList, error) {
	args, err := jobArgs(jobArtifactsOp.Op, slug, number)
	if err != nil {
		return nil, err
	}
	return jobArtifactsOp.Do(ctx, c.t, transport.Call{Args: args, Query: p.query()}, opts)
}

// AllJobArtifacts yields every artifact of a job, page after page,
// starting at p.PageToken. It stops with the error of a page that fails,
// with ctx's error once ctx ends, and on a page token seen before.
func (c *Client) AllJobArtifacts(ctx context.Context, slug ProjectSlug, number int64, p *PageParams, opts ...Option) iter.Seq2[Artifact, error] {
	return transport.Pages(ctx, c.t, jobArtifactsOp.Op, p.start(), func(token string) ([]Artifact, string, error) {
		l, err := c.JobArtifacts(ctx, slug, number, &PageParams{PageToken: token}, opts...)
		if err != nil {
			return nil, "", err
		}
		return l.Items, l.NextPageToken, nil
	})
}

func jobArgs(op *transport.Op, slug ProjectSlug, number int64) ([]string, error) {
	if err := slug.check(op); err != nil {
		return nil, err
	}
	if number < 1 {
		return nil, op.Invalid("job_number", "%d is not a job number, which starts at 1", number)
	}
	return append(slug.args(), strconv.FormatInt(number, 10)), nil
}
