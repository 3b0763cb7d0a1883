package samples

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/animegraph"
)

func init() {
	add("animegraph", animegraph.New, []row[*animegraph.Client]{
		{"MediaByID", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			m, err := cl.MediaByID(ctx, 1)
			return answer(m, func() any { return m.SiteURL }), err
		}},
		{"SearchMedia", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			p, err := cl.SearchMedia(ctx, &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME", Sort: []string{"SEARCH_MATCH"}})
			return answer(p, func() any { return p.Media[1].Format }), err
		}},
		{"Character", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			ch, err := cl.Character(ctx, 1)
			return answer(ch, func() any { return ch.Name.Full }), err
		}},
		{"Staff", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			s, err := cl.Staff(ctx, 95011)
			return answer(s, func() any { return s.LanguageV2 }), err
		}},
		{"Studio", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			s, err := cl.Studio(ctx, 14)
			return answer(s, func() any { return s.Media.Nodes[0].Title.Romaji }), err
		}},
		{"AiringSchedule", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			p, err := cl.AiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true, Before: time.Unix(1736000000, 0)})
			return answer(p, func() any { return p.AiringSchedules[0].Episode }), err
		}},
		{"User", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			u, err := cl.User(ctx, "Josh")
			return answer(u, func() any { return u.Statistics.Anime.Count }), err
		}},
		{"SaveMediaListEntry", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			progress := 5
			e, err := cl.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: animegraph.StatusCurrent, Progress: &progress})
			return answer(e, func() any { return e.Progress }), err
		}},
		{"Viewer", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			v, err := cl.Viewer(ctx)
			return answer(v, func() any { return v.MediaListOptions.ScoreFormat }), err
		}},
		{"MediaListCollection", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			col, err := cl.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserName: "spiegel", Type: "ANIME"})
			return answer(col, func() any { return col.Lists[1].Entries[0].Media.Title.Romaji }), err
		}},
		{"DeleteMediaListEntry", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			d, err := cl.DeleteMediaListEntry(ctx, 4)
			return answer(d, func() any { return d.Deleted }), err
		}},
		{"ToggleFavourite", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			f, err := cl.ToggleFavourite(ctx, animegraph.FavouriteTarget{StudioID: 14})
			return answer(f, func() any { return f.Studios.Nodes[0].ID }), err
		}},
		{"Media", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			m, err := cl.Media(ctx, "Cowboy Bebop")
			return answer(m, func() any { return m.Title.Romaji }), err
		}},
		{"Query", func(ctx context.Context, cl *animegraph.Client) (Answer, error) {
			var out struct {
				Page struct{ Media []animegraph.Media } `json:"Page"`
			}
			err := cl.Query(ctx, `query ($year: Int) { Page(perPage: 3) { media(seasonYear: $year) { id } } }`, map[string]any{"year": 2023}, &out)
			return Answer{Value: out, Field: len(out.Page.Media)}, err
		}},
	})
}
