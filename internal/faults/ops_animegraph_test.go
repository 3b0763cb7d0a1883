package faults

import (
	"context"
	"math"

	"github.com/conduit-sdk/conduit/animegraph"
)

func init() {
	ops = append(ops,
		row("animegraph", "Query", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			var season struct {
				Page struct {
					Media []animegraph.Media `json:"media"`
				} `json:"Page"`
			}
			return c.Query(ctx, seasonDoc, map[string]any{"year": 2023}, &season)
		}).rejects("query", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, " \n", nil, nil)
		}).rejects("out", func(ctx context.Context, c *animegraph.Client) error {
			var out struct{}
			return c.Query(ctx, seasonDoc, nil, out)
		}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, seasonDoc, map[string]any{"season-year": 2023}, nil)
		}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, seasonDoc, map[string]any{"year": math.NaN()}, nil)
		}),
		row("animegraph", "Media", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Media(ctx, "Cowboy Bebop"))
		}).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Media(ctx, ""))
		}).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Media(ctx, "Cowboy \xff Bebop"))
		}),
	)
}
