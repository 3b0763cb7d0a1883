// Package ci is a client for the CI service: the current user, the pipelines
// of a project, and triggering a pipeline on a branch. It is modelled on
// CircleCI's API v2.
//
// Base URL: the placeholder ci_url, which the spec ends with the version
// segment (".../api/v2"); set it with conduit.WithBaseURL or CONDUIT_CI_URL.
// A base pasted without its /v2 gets it, so both forms reach the same URL.
//
// Credentials: a personal API token sent in the header "Ci-Token" and nowhere
// else, set with WithAPIToken or CONDUIT_CI_API_TOKEN. It never appears in an
// error or a log line.
//
// Limits: none published. TriggerPipeline is a write: it is retried only when
// the request provably never reached the server or got 429, so a flaky
// network cannot start the same pipeline twice. ListPipelines returns one
// page and takes the next page's token back; AllPipelines walks every page.
//
//	c, err := ci.New(ci.WithAPIToken(token))
//	if err != nil {
//		return err
//	}
//	slug, err := ci.ParseProjectSlug("gh/acme/api")
//	if err != nil {
//		return err
//	}
//	p, err := c.TriggerPipeline(ctx, slug, "main")
//	if err != nil {
//		return err
//	}
//	fmt.Println("pipeline", p.Number, p.State)
//
// For an endpoint this package does not type (workflows, jobs, artifacts),
// use Do: it sends the token and maps failures as the typed methods do.
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
//	429, Retry-After or RateLimit-Reset          ErrRateLimited, RetryAfter from the header
//	  (seconds)                                    (Retry-After first); retried after it
//	400 {"message":"Unexpected argument(s): x"}  ErrAPI with the service's message
//	{"error":{"id":…,"detail":…}}                Message the detail, RequestID the id
//	5xx, HTML from a proxy                       ErrAPI; reads retried, HTML kept out of
//	                                               Message
package ci

import (
	"context"
	"iter"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client, or one call; the common options are in
// package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const apiToken = "api_token"

var service = transport.Register(&transport.Service{
	Name:   "ci",
	Bases:  []transport.Base{{Name: "ci_url", Option: "conduit.WithBaseURL", Version: "v2"}},
	Auth:   transport.Auth{Scheme: transport.Header, Name: "Ci-Token", Values: []string{apiToken}},
	Values: []transport.Value{{Name: apiToken, Option: "ci.WithAPIToken", Secret: true}},
	Errors: transport.Profile{
		Message:   []string{"message", "error.detail", "error.title", "error"},
		RequestID: []string{"error.id"},
	},
})

const pipelinePath = "/project/{vcs_prefix}/{org}/{repo}/pipeline"

var (
	meOp              = transport.Declare[User](service, transport.Op{Name: "Me", Method: "GET", Path: "/me"}, nil)
	listPipelinesOp   = transport.Declare[PipelineList](service, transport.Op{Name: "ListPipelines", Method: "GET", Path: pipelinePath}, nil)
	triggerPipelineOp = transport.Declare[Pipeline](service, transport.Op{Name: "TriggerPipeline", Method: "POST", Path: pipelinePath, Write: true}, nil)
)

// Client calls the CI service. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t}, nil
}

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

// TriggerPipeline starts a pipeline of the project on branch. It is a write:
// never retried once it may have reached the server, except after a 429.
func (c *Client) TriggerPipeline(ctx context.Context, slug ProjectSlug, branch string, opts ...Option) (*Pipeline, error) {
	if err := slug.check(triggerPipelineOp.Op); err != nil {
		return nil, err
	}
	if strings.TrimSpace(branch) == "" {
		return nil, triggerPipelineOp.Invalid("branch", "must not be empty")
	}
	return triggerPipelineOp.Do(ctx, c.t, transport.Call{Args: slug.args(), Body: triggerRequest{Branch: branch}}, opts)
}
