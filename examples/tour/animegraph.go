package main

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
)

func init() {
	register("animegraph", func(ctx context.Context, say func(op, format string, args ...any)) error {
		// The replay server is one host for every package, so the graph's
		// 90-a-minute default would pace the whole tour: lift it here.
		c, err := animegraph.New(conduit.WithRateLimit(0, 0))
		if err != nil {
			return err
		}
		// A custom query can decode into the package's Media type.
		var season struct {
			Page struct {
				Media []animegraph.Media `json:"media"`
			} `json:"Page"`
		}
		doc := `query ($year: Int) { Page(perPage: 3) { media(seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } averageScore } } }`
		if err := c.Query(ctx, doc, map[string]any{"year": 2023}, &season); err != nil {
			return err
		}
		top := season.Page.Media[0]
		say("Query", "%d shows; top #%d %q scored %d", len(season.Page.Media), top.ID, top.Title.Romaji, *top.AverageScore)
		m, err := c.Media(ctx, "Cowboy Bebop")
		if err != nil {
			return err
		}
		say("Media", "#%d %s (%s), %d episodes, score %d", m.ID, m.Title.Romaji, *m.Title.English, *m.Episodes, *m.AverageScore)
		return nil
	})
}
