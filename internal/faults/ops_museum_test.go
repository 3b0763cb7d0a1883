package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	ops = append(ops,
		row("museum", "Search", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true}))
		}).rejects("q", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "  ", nil))
		}),
		row("museum", "Object", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Object(ctx, 436535))
		}).rejects("objectID", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Object(ctx, 0))
		}),
	)
}
