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
		p, err := c.TriggerPipeline(ctx, slug, "main")
		if err != nil {
			return err
		}
		say("TriggerPipeline", "#%d %s, created %s", p.Number, p.State, p.CreatedAt.Format("2006-01-02 15:04:05"))
		return nil
	})
}
