// Package ci is a client for the CI service: the current user, the pipelines
// of a project, and triggering a pipeline on a branch.
//
// Base URL: the placeholder ci_url, which carries the version segment
// (".../api/v2"); set it with conduit.WithBaseURL or CONDUIT_CI_URL.
//
// Credentials: a personal API token sent in the header "Ci-Token" and nowhere
// else, set with WithAPIToken or CONDUIT_CI_API_TOKEN. It never appears in an
// error or a log line.
//
// Limits: none published. TriggerPipeline is a write: it is retried only when
// the request provably never reached the server or got 429, so a flaky
// network cannot start the same pipeline twice.
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
package ci

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const apiToken = "api_token"

var service = &transport.Service{
	Name:   "ci",
	Bases:  []string{"ci_url"},
	Auth:   transport.Auth{Scheme: transport.Header, Name: "Ci-Token", Values: []string{apiToken}},
	Values: []transport.Value{{Name: apiToken, Option: "ci.WithAPIToken", Secret: true}},
}

// Client calls the CI service. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// WithAPIToken sets the personal API token sent in the Ci-Token header,
// overriding CONDUIT_CI_API_TOKEN.
func WithAPIToken(token string) Option { return transport.WithValue(apiToken, token) }

// Me returns the user the token belongs to; it is the cheap way to check
// that a token works.
func (c *Client) Me(ctx context.Context) (*User, error) {
	return transport.Call[User](ctx, c.t, &transport.Request{Op: "Me", Method: "GET", Path: "/me"})
}

const pipelinePath = "/project/{vcs_prefix}/{org}/{repo}/pipeline"

// ListPipelines returns the project's pipelines, newest first as the service
// orders them, one page at a time (see PipelineList.NextPageToken).
func (c *Client) ListPipelines(ctx context.Context, slug ProjectSlug) (*PipelineList, error) {
	const op = "ListPipelines"
	if err := slug.check(c.t, op); err != nil {
		return nil, err
	}
	return transport.Call[PipelineList](ctx, c.t, &transport.Request{Op: op, Method: "GET", Path: pipelinePath, Args: slug.args()})
}

// TriggerPipeline starts a pipeline of the project on branch. It is a write:
// never retried once it may have reached the server, except after a 429.
func (c *Client) TriggerPipeline(ctx context.Context, slug ProjectSlug, branch string) (*Pipeline, error) {
	const op = "TriggerPipeline"
	if err := slug.check(c.t, op); err != nil {
		return nil, err
	}
	if strings.TrimSpace(branch) == "" {
		return nil, c.t.InvalidParam(op, "branch", "must not be empty")
	}
	return transport.Call[Pipeline](ctx, c.t, &transport.Request{
		Op: op, Method: "POST", Path: pipelinePath, Args: slug.args(),
		Body: triggerRequest{Branch: branch}, Write: true,
	})
}
