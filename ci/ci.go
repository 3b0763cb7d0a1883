// Package ci is a client for the CI service: the current user, a project's
// pipelines, triggering one on a branch or tag with parameters and waiting
// for it, its workflows (cancel, rerun), their jobs and the jobs'
// artifacts. It is modelled on CircleCI's API v2.
//
// Base URL: the placeholder ci_url, which the spec ends with the version
// segment (".../api/v2"); set it with conduit.WithBaseURL or CONDUIT_CI_URL.
// A base pasted without its /v2 gets it, so both forms reach the same URL.
// It has no default: the spec sends the token in Ci-Token, a header
// CircleCI does not read (it reads Circle-Token), so only a service that
// follows the spec can answer, and a call without a base fails with
// conduit.ErrMissingBaseURL saying so.
//
// Credentials: a personal API token sent in the header "Ci-Token" and nowhere
// else, set with WithAPIToken or CONDUIT_CI_API_TOKEN. It never appears in an
// error or a log line.
//
// Limits: none published; the service answers 429 with Retry-After, which
// every call and WaitPipeline honour. TriggerPipeline, CancelWorkflow and
// RerunWorkflow are writes: retried only when the request provably never
// reached the server or got 429, so a flaky network cannot start the same
// pipeline twice. Every listing (ListPipelines, PipelineWorkflows,
// WorkflowJobs, JobArtifacts) returns one page and takes the next page's
// token back (query page-token); its All… iterator walks every page.
//
// Ids: pipelines, workflows and jobs are named by UUIDs, checked before
// any request; a job is also named by its number within the project (Job,
// JobArtifacts).
//
//	c, err := ci.New(ci.WithAPIToken(token))
//	if err != nil {
//		return err
//	}
//	slug, err := ci.ParseProjectSlug("gh/acme/api")
//	if err != nil {
//		return err
//	}
//	p, err := c.TriggerPipeline(ctx, slug, &ci.TriggerPipelineParams{Branch: "main"})
//	if err != nil {
//		return err
//	}
//	done, err := c.WaitPipeline(ctx, p.ID, nil)
//	if err != nil {
//		return err
//	}
//	fmt.Println("pipeline", p.Number, "succeeded:", done.Succeeded())
//
// Not typed, for Do (it sends the token and maps failures as the typed
// methods do): approving a job, the project, environment variable,
// checkout key, context, schedule, insights and webhook endpoints, and
// the job's test metadata.
//
// # Failures
//
// The service has no error codes: a failure is a status and a message, in
// {"message": ...} (sometimes labelled text/plain), in one line of plain
// text, or in the newer {"error": {"id", "title", "detail"}} envelope.
// Error.Code stays empty.
//
//	service sends                                conduit reports
//	401 {"message":"You must log in first."}     ErrUnauthorized, Message from the body
//	401 text "Invalid token provided."           ErrUnauthorized, Message the text
//	403                                          ErrUnauthorized
//	404 {"message":"Project not found"}          ErrNotFound; it may also mean the project
//	                                               exists but the token cannot see it
//	404 {"message":"Pipeline not found"},        ErrNotFound
//	  "Workflow not found", "Job not found"
//	429, Retry-After or RateLimit-Reset          ErrRateLimited, RetryAfter from the header
//	  (seconds)                                    (Retry-After first); retried after it
//	400 {"message":"Unexpected argument(s): x"}  ErrAPI with the service's message
//	{"error":{"id":…,"detail":…}}                Message the detail, RequestID the id
//	5xx, HTML from a proxy                       ErrAPI; reads retried, HTML kept out of
//	                                               Message
//
// Not typed, as said above: approving a job, the project, environment
// variable, checkout key, context, schedule, insights and webhook
// endpoints, and a job's test metadata; Do reaches each with the token.
package ci

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

const apiToken = "api_token"

var service = transport.Register(&transport.Service{
	Name: "ci",
	Bases: []transport.Base{{Name: "ci_url", Option: "conduit.WithBaseURL", Version: "v2",
		NoDefault: "the spec sends the token in Ci-Token, a header CircleCI does not read (it reads Circle-Token), so only a service that follows the spec can answer"}},
	Auth:   transport.Auth{Scheme: transport.Header, Name: "Ci-Token", Values: []string{apiToken}},
	Values: []transport.Value{{Name: apiToken, Option: "ci.WithAPIToken", Secret: true}},
	Errors: transport.Profile{
		Message:   []string{"message", "error.detail", "error.title", "error"},
		RequestID: []string{"error.id"},
	},
})

const (
	pipelinePath = "/project/{vcs_prefix}/{org}/{repo}/pipeline"
	projectPath  = "/project/{vcs_prefix}/{org}/{repo}"
)

var (
	meOp               = transport.Declare[User](service, transport.Op{Name: "Me", Method: "GET", Path: "/me"}, nil)
	listPipelinesOp    = transport.Declare[PipelineList](service, transport.Op{Name: "ListPipelines", Method: "GET", Path: pipelinePath}, nil)
	triggerPipelineOp  = transport.Declare[Pipeline](service, transport.Op{Name: "TriggerPipeline", Method: "POST", Path: pipelinePath, Write: true}, nil)
	pipelineOp         = transport.Declare[Pipeline](service, transport.Op{Name: "Pipeline", Method: "GET", Path: "/pipeline/{pipeline_id}"}, nil)
	pipelineByNumberOp = transport.Declare[Pipeline](service, transport.Op{Name: "PipelineByNumber", Method: "GET", Path: pipelinePath + "/{pipeline_number}"}, nil)
	pipelineWorkflowOp = transport.Declare[WorkflowList](service, transport.Op{Name: "PipelineWorkflows", Method: "GET", Path: "/pipeline/{pipeline_id}/workflow"}, nil)
	workflowOp         = transport.Declare[Workflow](service, transport.Op{Name: "Workflow", Method: "GET", Path: "/workflow/{workflow_id}"}, nil)
	workflowJobsOp     = transport.Declare[JobList](service, transport.Op{Name: "WorkflowJobs", Method: "GET", Path: "/workflow/{workflow_id}/job"}, nil)
	cancelWorkflowOp   = transport.Declare[Message](service, transport.Op{Name: "CancelWorkflow", Method: "POST", Path: "/workflow/{workflow_id}/cancel", Write: true}, nil)
	rerunWorkflowOp    = transport.Declare[Rerun](service, transport.Op{Name: "RerunWorkflow", Method: "POST", Path: "/workflow/{workflow_id}/rerun", Write: true}, nil)
	jobOp              = transport.Declare[JobDetails](service, transport.Op{Name: "Job", Method: "GET", Path: projectPath + "/job/{job_number}"}, nil)
	jobArtifactsOp     = transport.Declare[ArtifactList](service, transport.Op{Name: "JobArtifacts", Method: "GET", Path: projectPath + "/{job_number}/artifacts"}, nil)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the token, limits, retries and errors of the typed methods;
// see conduit's documentation of Do. Paths are relative to ci_url
// ("/workflow/<id>/job"). A method other than GET is a write.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// WithAPIToken sets the personal API token sent in the Ci-Token header,
// overriding CONDUIT_CI_API_TOKEN.
func WithAPIToken(token string) Option { return service.Set(apiToken, token) }

// Me returns the user the token belongs to; it is the cheap way to check
// that a token works.
func (c *Client) Me(ctx context.Context, opts ...Option) (*User, error) {
	return meOp.Do(ctx, c.t, transport.Call{}, opts)
}

// ListPipelinesParams are ListPipelines' optional inputs.
type ListPipelinesParams struct {
	// PageToken asks for the page that a previous page's NextPageToken
	// names (query page-token); empty means the first page.
	PageToken string
}

// ListPipelines returns one page of the project's pipelines, newest first as
// the service orders them. Pass the page's NextPageToken back in
// ListPipelinesParams.PageToken for the next one, or use AllPipelines.
func (c *Client) ListPipelines(ctx context.Context, slug ProjectSlug, p *ListPipelinesParams, opts ...Option) (*PipelineList, error) {
	if err := slug.check(listPipelinesOp.Op); err != nil {
		return nil, err
	}
	var q []string
	if p != nil && p.PageToken != "" {
		q = []string{"page-token", p.PageToken}
	}
	return listPipelinesOp.Do(ctx, c.t, transport.Call{Args: slug.args(), Query: q}, opts)
}

// AllPipelines yields every pipeline of the project, page after page,
// starting at p.PageToken (nil: the first page). It ends after the page
// without a next_page_token; it stops with the error of a page that fails,
// and with ctx's error once ctx ends. Each page is one ListPipelines call
// with opts.
func (c *Client) AllPipelines(ctx context.Context, slug ProjectSlug, p *ListPipelinesParams, opts ...Option) iter.Seq2[Pipeline, error] {
	var start string
	if p != nil {
		start = p.PageToken
	}
	return transport.Pages(ctx, c.t, listPipelinesOp.Op, start, func(token string) ([]Pipeline, string, error) {
		l, err := c.ListPipelines(ctx, slug, &ListPipelinesParams{PageToken: token}, opts...)
		if err != nil {
			return nil, "", err
		}
		return l.Items, l.NextPageToken, nil
	})
}
