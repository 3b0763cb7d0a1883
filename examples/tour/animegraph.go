package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/conduittest"
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
		// A document the schema refuses fails with the service's errors list.
		err = c.Query(ctx, `query ($unused: Int) { Nope }`, nil, &season)
		list := animegraph.GraphQLErrors(err)
		if len(list) == 0 {
			return fmt.Errorf("a query of an unknown field should fail with GraphQL errors, got %v", err)
		}
		say("GraphQLErrors", "%d errors, first at line %d column %d: %s", len(list), list[0].Locations[0].Line, list[0].Locations[0].Column, list[0].Message)
		m, err := c.Media(ctx, "Cowboy Bebop")
		if err != nil {
			return err
		}
		say("Media", "#%d %s (%s), %d episodes, score %d", m.ID, m.Title.Romaji, *m.Title.English, *m.Episodes, *m.AverageScore)
		full, err := c.MediaByID(ctx, 1)
		if err != nil {
			return err
		}
		say("MediaByID", "#%d %s %s %d, %d min episodes, %v", full.ID, full.Format, full.Season, *full.SeasonYear, *full.Duration, full.Genres)
		page, err := c.SearchMedia(ctx, &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME"})
		if err != nil {
			return err
		}
		say("SearchMedia", "%d matches, page %d of %d, second %q", page.PageInfo.Total, page.PageInfo.CurrentPage, page.PageInfo.LastPage, page.Media[1].Title.Romaji)
		media, err := take(c.AllMedia(ctx, &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME"}), 5)
		if err != nil {
			return err
		}
		titles := make([]string, len(media))
		for i, m := range media {
			titles[i] = m.Title.Romaji
		}
		say("AllMedia", "%d seen: %s", len(media), strings.Join(titles, "; "))
		ch, err := c.Character(ctx, 1)
		if err != nil {
			return err
		}
		say("Character", "#%d %s (%s), %s", ch.ID, ch.Name.Full, ch.Name.Native, ch.Gender)
		staff, err := c.Staff(ctx, 95011)
		if err != nil {
			return err
		}
		say("Staff", "#%d %s, %v, %s", staff.ID, staff.Name.Full, staff.PrimaryOccupations, staff.LanguageV2)
		studio, err := c.Studio(ctx, 14)
		if err != nil {
			return err
		}
		say("Studio", "#%d %s, latest %q", studio.ID, studio.Name, studio.Media.Nodes[0].Title.Romaji)
		airing, err := c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true})
		if err != nil {
			return err
		}
		next := airing.AiringSchedules[0]
		say("AiringSchedule", "next: episode %d of %s in %ds", next.Episode, next.Media.Title.Romaji, next.TimeUntilAiring)
		upcoming, err := take(c.AllAiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true}), 5)
		if err != nil {
			return err
		}
		say("AllAiringSchedule", "%d upcoming episodes seen, the last episode %d of %s", len(upcoming), upcoming[len(upcoming)-1].Episode, upcoming[len(upcoming)-1].Media.Title.Romaji)
		u, err := c.User(ctx, "Josh")
		if err != nil {
			return err
		}
		say("User", "%s: %d anime, mean score %.1f", u.Name, u.Statistics.Anime.Count, u.Statistics.Anime.MeanScore)
		// The one user action: it needs the user's OAuth token.
		token := conduittest.Credential("animegraph", "token")
		mine, err := animegraph.New(conduit.WithRateLimit(0, 0), animegraph.WithToken(token))
		if err != nil {
			return err
		}
		progress := 5
		e, err := mine.SaveMediaListEntry(ctx, animegraph.MediaListEntryInput{MediaID: 1, Status: animegraph.StatusCurrent, Progress: &progress})
		if err != nil {
			return err
		}
		say("SaveMediaListEntry", "entry %d: media %d %s at %d", e.ID, e.MediaID, e.Status, e.Progress)
		return nil
	})
}
