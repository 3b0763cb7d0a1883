package animegraph_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
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

// Searching, page after page, then the records a show leads to.
func ExampleClient_AllMedia() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := animegraph.New(append(srv.Options("animegraph"), conduit.WithRateLimit(0, 0))...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	search := &animegraph.SearchMediaParams{Search: "Cowboy Bebop", Type: "ANIME", Sort: []string{"SEARCH_MATCH"}}
	page, err := c.SearchMedia(ctx, search)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page.PageInfo.Total, "matches; more pages:", page.PageInfo.HasNextPage)
	for m, err := range c.AllMedia(ctx, search) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.ID, m.Format, *m.SeasonYear, m.Title.Romaji)
	}
	m, err := c.MediaByID(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.Genres, *m.StartDate.Year)
	spike, err := c.Character(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	voice, err := c.Staff(ctx, 95011)
	if err != nil {
		log.Fatal(err)
	}
	studio, err := c.Studio(ctx, 14)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(spike.Name.Full, "voiced by", voice.Name.Full, "at", studio.Name)
	// Output:
	// 2 matches; more pages: false
	// 1 TV 1998 Cowboy Bebop
	// 5 MOVIE 2001 Cowboy Bebop: Tengoku no Tobira
	// [Action Adventure Drama Sci-Fi] 1998
	// Spike Spiegel voiced by Kouichi Yamadera at Sunrise
}

// What airs next, and a user's profile.
func ExampleClient_AiringSchedule() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := animegraph.New(append(srv.Options("animegraph"), conduit.WithRateLimit(0, 0))...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	week := &animegraph.AiringScheduleParams{NotYetAired: true, Before: time.Unix(1736000000, 0)}
	next, err := c.AiringSchedule(ctx, week)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(next.PageInfo.Total, "episodes before", time.Unix(1736000000, 0).UTC().Format(time.DateOnly))
	for ep, err := range c.AllAiringSchedule(ctx, week) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(time.Unix(ep.AiringAt, 0).UTC().Format(time.DateTime), "episode", ep.Episode, "of", ep.Media.Title.Romaji)
	}
	u, err := c.User(ctx, "Josh")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.Name, "has", u.Statistics.Anime.Count, "anime on their list")
	// Output:
	// 2 episodes before 2025-01-04
	// 2025-01-03 16:00:00 episode 17 of Ao no Exorcist: Yuki no Hate-hen
	// 2025-01-03 17:00:00 episode 5 of Sakamoto Days
	// Josh has 512 anime on their list
}

// Saving a list entry needs the user's token; the reads never send it.
func ExampleClient_SaveMediaListEntry() {
	srv := conduittest.Start()
	defer srv.Close()
	token := conduittest.Credential("animegraph", "token") // the user's OAuth token in real use
	c, err := animegraph.New(append(srv.Options("animegraph"), animegraph.WithToken(token))...)
	if err != nil {
		log.Fatal(err)
	}
	progress := 5
	e, err := c.SaveMediaListEntry(context.Background(), animegraph.MediaListEntryInput{
		MediaID: 1, Status: animegraph.StatusCurrent, Progress: &progress,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("entry", e.ID, "of media", e.MediaID, e.Status, "at episode", e.Progress)
	// Output:
	// entry 4 of media 1 CURRENT at episode 5
}

// A tracker's start: who signed in, how they score, and every entry of
// their list, chunk after chunk; then the list actions.
func ExampleClient_MediaListCollection() {
	srv := conduittest.Start()
	defer srv.Close()
	token := conduittest.Credential("animegraph", "token") // the user's OAuth token in real use
	// The fake has no limit: without WithRateLimit(0, 0) the calls below
	// would keep to AniList's 30 a minute, one every 2 s.
	c, err := animegraph.New(append(srv.Options("animegraph"), animegraph.WithToken(token), conduit.WithRateLimit(0, 0))...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	me, err := c.Viewer(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(me.Name, "scores in", me.MediaListOptions.ScoreFormat)
	mine := animegraph.MediaListCollectionParams{UserID: me.ID, Type: "ANIME"}
	col, err := c.MediaListCollection(ctx, mine)
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range col.Lists {
		fmt.Println(l.Name, len(l.Entries))
	}
	for e, err := range c.AllMediaListEntries(ctx, mine) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("entry", e.ID, e.Media.Title.Romaji, e.Status, e.Score)
	}
	gone, err := c.DeleteMediaListEntry(ctx, 9)
	if err != nil {
		log.Fatal(err)
	}
	favs, err := c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: 5})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted:", gone.Deleted, "favourite anime:", len(favs.Anime.Nodes))
	// Output:
	// spiegel scores in POINT_10_DECIMAL
	// Watching 1
	// Completed 1
	// Favourites of 1998 1
	// entry 4 Cowboy Bebop CURRENT 0
	// entry 9 Cowboy Bebop: Tengoku no Tobira COMPLETED 8.5
	// deleted: true favourite anime: 2
}
