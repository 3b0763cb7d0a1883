// Command animegraph looks up an anime by name, lists the top shows of a
// season, and the next episodes to air.
//
//	go run ./examples/animegraph -fake  # against conduittest's fake of the service
//	go run ./examples/animegraph -search "Cowboy Bebop"
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/conduittest"
)

const seasonDocument = `query ($season: MediaSeason, $year: Int) {
  Page(perPage: 3) {
    media(season: $season, seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } averageScore }
  }
}`

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	search := flag.String("search", "Cowboy Bebop", "title to look up")
	season := flag.String("season", "FALL", "season: WINTER, SPRING, SUMMER or FALL")
	year := flag.Int("year", 2023, "season year")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := animegraph.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := c.Media(ctx, *search)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("#%d %s", m.ID, m.Title.Romaji)
	if m.Title.English != nil {
		fmt.Printf(" (%s)", *m.Title.English)
	}
	fmt.Printf(": %s episodes, score %s\n", orUnknown(m.Episodes), orUnknown(m.AverageScore))

	var top struct {
		Page struct {
			Shows []animegraph.Media `json:"media"`
		} `json:"Page"`
	}
	if err := c.Query(ctx, seasonDocument, map[string]any{"season": *season, "year": *year}, &top); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("top of %s %d:\n", *season, *year)
	for _, s := range top.Page.Shows {
		fmt.Printf("  #%d %s, score %s\n", s.ID, s.Title.Romaji, orUnknown(s.AverageScore))
	}

	fmt.Println("airing next:")
	shown := 0
	for ep, err := range c.AllAiringSchedule(ctx, &animegraph.AiringScheduleParams{NotYetAired: true}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("  %s  episode %d of %s\n", time.Unix(ep.AiringAt, 0).Format(time.DateTime), ep.Episode, ep.Media.Title.Romaji)
		if shown++; shown == 5 {
			break
		}
	}
}

func orUnknown(n *int) string {
	if n == nil {
		return "unknown"
	}
	return fmt.Sprint(*n)
}
