package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/media"
)

func init() {
	ops = append(ops,
		row("media", "ListImages", media.New, func(ctx context.Context, c *media.Client) error {
			return discard(c.ListImages(ctx, &media.ListImagesParams{MaxResults: 2}))
		}).auth(mediaBasic).rejects("max_results", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListImages(ctx, &media.ListImagesParams{MaxResults: -1}))
		}),
		row("media", "Usage", media.New, func(ctx context.Context, c *media.Client) error {
			return discard(c.Usage(ctx))
		}).auth(mediaBasic),
		row("media", "ListByTag", media.New, func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, "products"))
		}).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, ""))
		}).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, "../usage"))
		}).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, "products\n"))
		}),
	)
}
