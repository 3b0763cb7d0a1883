package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/ci"
)

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
			return discard(c.TriggerPipeline(ctx, slug, "main"))
		}).writes().auth(ciHeader).rejects("branch", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, slug, " "))
		}).rejects("repo", func(ctx context.Context, c *ci.Client) error {
			return discard(c.TriggerPipeline(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "a pi"}, "main"))
		}),
	)
}
