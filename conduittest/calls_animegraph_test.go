package conduittest_test

import (
	"context"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/conduittest"
)

// The animegraph operations beyond the seeds' Query and Media.
func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		anime := newClient(t, animegraph.New, srv.Options("animegraph"))
		return map[string]opCall{
			"animegraph.MediaByID": {do: func(ctx context.Context) (any, error) {
				m, err := anime.MediaByID(ctx, 1)
				return field(m, func() any { return m.SiteURL }), err
			}},
			"animegraph.SearchMedia": {do: func(ctx context.Context) (any, error) {
				p, err := anime.SearchMedia(ctx, &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME", Sort: []string{"SEARCH_MATCH"}})
				return field(p, func() any { return p.Media[1].Format }), err
			}},
			"animegraph.Character": {do: func(ctx context.Context) (any, error) {
				ch, err := anime.Character(ctx, 1)
				return field(ch, func() any { return ch.Name.Full }), err
			}},
			"animegraph.Staff": {do: func(ctx context.Context) (any, error) {
				s, err := anime.Staff(ctx, 95011)
				return field(s, func() any { return s.LanguageV2 }), err
			}},
			"animegraph.Studio": {do: func(ctx context.Context) (any, error) {
				s, err := anime.Studio(ctx, 14)
				return field(s, func() any { return s.Media.Nodes[0].Title.Romaji }), err
			}},
			"animegraph.AiringSchedule": {do: func(ctx context.Context) (any, error) {
				p, err := anime.AiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true, Before: time.Unix(1736000000, 0)})
				return field(p, func() any { return p.AiringSchedules[0].Episode }), err
			}},
			"animegraph.User": {do: func(ctx context.Context) (any, error) {
				u, err := anime.User(ctx, "Josh")
				return field(u, func() any { return u.Statistics.Anime.Count }), err
			}},
			"animegraph.SaveMediaListEntry": {do: func(ctx context.Context) (any, error) {
				progress := 5
				e, err := anime.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: animegraph.StatusCurrent, Progress: &progress})
				return field(e, func() any { return e.Progress }), err
			}},
			"animegraph.Viewer": {do: func(ctx context.Context) (any, error) {
				v, err := anime.Viewer(ctx)
				return field(v, func() any { return v.MediaListOptions.ScoreFormat }), err
			}},
			"animegraph.MediaListCollection": {do: func(ctx context.Context) (any, error) {
				col, err := anime.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserName: "spiegel", Type: "ANIME"})
				return field(col, func() any { return col.Lists[1].Entries[0].Media.Title.Romaji }), err
			}},
			"animegraph.DeleteMediaListEntry": {do: func(ctx context.Context) (any, error) {
				d, err := anime.DeleteMediaListEntry(ctx, 4)
				return field(d, func() any { return d.Deleted }), err
			}},
			"animegraph.ToggleFavourite": {do: func(ctx context.Context) (any, error) {
				f, err := anime.ToggleFavourite(ctx, animegraph.FavouriteTarget{StudioID: 14})
				return field(f, func() any { return f.Studios.Nodes[0].ID }), err
			}},
		}
	})
}
