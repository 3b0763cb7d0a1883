package faults

import (
	"context"
	"math"
	"time"

	"github.com/conduit-sdk/conduit/animegraph"
)

func init() {
	notes = append(notes,
		noted("animegraph", "Query", animegraph.New).rejects("query", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, " \n", nil, nil)
		}).rejects("out", func(ctx context.Context, c *animegraph.Client) error {
			var out struct{}
			return c.Query(ctx, seasonDoc, nil, out)
		}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, seasonDoc, map[string]any{"season-year": 2023}, nil)
		}).rejects("variables", func(ctx context.Context, c *animegraph.Client) error {
			return c.Query(ctx, seasonDoc, map[string]any{"year": math.NaN()}, nil)
		}),
		noted("animegraph", "Media", animegraph.New).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Media(ctx, ""))
		}).rejects("search", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.Media(ctx, "Cowboy \xff Bebop"))
		}),
		animeByID("MediaByID", (*animegraph.Client).MediaByID),
		animeByID("Character", (*animegraph.Client).Character),
		animeByID("Staff", (*animegraph.Client).Staff),
		animeByID("Studio", (*animegraph.Client).Studio),
		noted("animegraph", "SearchMedia", animegraph.New).rejects("type", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Type: "anime"}))
		}).rejects("perPage", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{PageParams: animegraph.PageParams{PerPage: 51}}))
		}).rejects("sort", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Sort: []string{"SCORE_DESC) { id } #"}}))
		}),
		noted("animegraph", "AiringSchedule", animegraph.New).rejects("page", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{PageParams: animegraph.PageParams{Page: -1}}))
		}).rejects("airingAt_lesser", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{After: time.Unix(2e9, 0), Before: time.Unix(1e9, 0)}))
		}),
		noted("animegraph", "User", animegraph.New).rejects("name", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.User(ctx, " "))
		}),
		noted("animegraph", "SaveMediaListEntry", animegraph.New).writes().auth(bearer).rejects("mediaId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{Status: animegraph.StatusCompleted}))
		}).rejects("status", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: "WATCHING"}))
		}).rejects("score", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Score: ptr(math.NaN())}))
		}),
		noted("animegraph", "Viewer", animegraph.New).auth(bearer),
		noted("animegraph", "MediaListCollection", animegraph.New).auth(bearer).rejects("userName", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{Type: "ANIME"}))
		}).rejects("type", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "TV"}))
		}).rejects("perChunk", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", PerChunk: 501}))
		}).rejects("status_in", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", Status: []string{"current"}}))
		}),
		noted("animegraph", "DeleteMediaListEntry", animegraph.New).writes().auth(bearer).rejects("id", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.DeleteMediaListEntry(ctx, -4))
		}),
		noted("animegraph", "ToggleFavourite", animegraph.New).writes().auth(bearer).rejects("animeId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{}))
		}).rejects("mangaId", func(ctx context.Context, c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: 1, MangaID: 30}))
		}),
	)
}

// animeByID notes a lookup by id: a non-positive id is refused.
func animeByID[T any](name string, call func(c *animegraph.Client, ctx context.Context, id int64, opts ...animegraph.Option) (T, error)) op {
	return noted("animegraph", name, animegraph.New).rejects("id", func(ctx context.Context, c *animegraph.Client) error {
		return discard(call(c, ctx, 0))
	})
}
