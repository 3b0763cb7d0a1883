package faults

import (
	"context"
	"math"
	"time"

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
		animeByID("MediaByID", 1, (*animegraph.Client).MediaByID),
		animeByID("Character", 1, (*animegraph.Client).Character),
		animeByID("Staff", 95011, (*animegraph.Client).Staff),
		animeByID("Studio", 14, (*animegraph.Client).Studio),
		row("animegraph", "SearchMedia", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME"}))
		}).rejects("type", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Type: "anime"}))
		}).rejects("perPage", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{PageParams: animegraph.PageParams{PerPage: 51}}))
		}).rejects("sort", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Sort: []string{"SCORE_DESC) { id } #"}}))
		}),
		row("animegraph", "AiringSchedule", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true}))
		}).rejects("page", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{PageParams: animegraph.PageParams{Page: -1}}))
		}).rejects("airingAt_lesser", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{After: time.Unix(2e9, 0), Before: time.Unix(1e9, 0)}))
		}),
		row("animegraph", "User", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.User(ctx, "Josh"))
		}).rejects("name", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.User(ctx, " "))
		}),
		row("animegraph", "SaveMediaListEntry", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: animegraph.StatusCompleted}))
		}).writes().auth(bearer).rejects("mediaId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{Status: animegraph.StatusCompleted}))
		}).rejects("status", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: "WATCHING"}))
		}).rejects("score", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Score: ptr(math.NaN())}))
		}),
		row("animegraph", "Viewer", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Viewer(ctx))
		}).auth(bearer),
		row("animegraph", "MediaListCollection", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserName: "spiegel", Type: "ANIME"}))
		}).auth(bearer).rejects("userName", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{Type: "ANIME"}))
		}).rejects("type", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "TV"}))
		}).rejects("perChunk", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", PerChunk: 501}))
		}).rejects("status_in", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", Status: []string{"current"}}))
		}),
		row("animegraph", "DeleteMediaListEntry", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.DeleteMediaListEntry(ctx, 4))
		}).writes().auth(bearer).rejects("id", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.DeleteMediaListEntry(ctx, -4))
		}),
		row("animegraph", "ToggleFavourite", animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: 1}))
		}).writes().auth(bearer).rejects("animeId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{}))
		}).rejects("mangaId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: 1, MangaID: 30}))
		}),
	)
}

// animeByID is a row of a lookup by id: a non-positive id is refused.
func animeByID[T any](name string, id int64, call func(c *animegraph.Client, ctx context.Context, id int64, opts ...animegraph.Option) (T, error)) op {
	return row("animegraph", name, animegraph.New, func(ctx context.Context, c *animegraph.Client) error {
		return discard(call(c, ctx, id))
	}).rejects("id", func(ctx context.Context, c *animegraph.Client) error {
		return discard(call(c, ctx, 0))
	})
}
