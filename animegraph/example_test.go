package animegraph_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := animegraph.New(srv.Options("animegraph")...)
	if err != nil {
		log.Fatal(err)
	}
	m, err := c.Media(context.Background(), "Cowboy Bebop")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.ID, m.Title.Romaji, *m.Episodes, "episodes, score", *m.AverageScore)
	// Output:
	// 1 Cowboy Bebop 26 episodes, score 86
}

func ExampleClient_Query() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := animegraph.New(srv.Options("animegraph")...)
	if err != nil {
		log.Fatal(err)
	}
	// Inputs go in variables, never into the document text.
	const doc = `query ($season: MediaSeason, $year: Int) {
  Page(perPage: 3) {
    media(season: $season, seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } }
  }
}`
	// The package's Media type fits any query that selects its fields.
	var out struct {
		Page struct{ Media []animegraph.Media } `json:"Page"`
	}
	if err := c.Query(context.Background(), doc, map[string]any{"season": "FALL", "year": 2023}, &out); err != nil {
		log.Fatal(err)
	}
	for _, m := range out.Page.Media {
		fmt.Println(m.ID, m.Title.Romaji)
	}
	// Output:
	// 154587 Sousou no Frieren
	// 145064 Jujutsu Kaisen 2nd Season
	// 151807 Kusuriya no Hitorigoto
}
