package animegraph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The viewer's account, lists and list actions each post their fixed
// document with its variables and the token as a Bearer credential; none
// is sent without a token.
func TestViewerCallsCarryToken(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"Viewer":{"id":1},"MediaListCollection":{"lists":[]},"DeleteMediaListEntry":{"deleted":true},"ToggleFavourite":{}}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"))
	ctx := context.Background()
	calls := []struct {
		call func(c *animegraph.Client) error
		doc  string
		vars string
	}{
		{func(c *animegraph.Client) error { return discard(c.Viewer(ctx)) }, animegraph.ViewerDocument, `null`},
		{func(c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserName: "spiegel", Type: "ANIME",
				Status: []string{animegraph.StatusCurrent, animegraph.StatusRepeating}, Sort: []string{"UPDATED_TIME_DESC"}, Chunk: 2, PerChunk: 500}))
		}, animegraph.MediaListCollectionDocument, `{"userName":"spiegel","type":"ANIME","status_in":["CURRENT","REPEATING"],"sort":["UPDATED_TIME_DESC"],"chunk":2,"perChunk":500}`},
		{func(c *animegraph.Client) error {
			return discard(c.MediaListCollection(ctx, animegraph.MediaListCollectionParams{UserID: 5730417, Type: "MANGA"}))
		}, animegraph.MediaListCollectionDocument, `{"userId":5730417,"type":"MANGA"}`},
		{func(c *animegraph.Client) error { return discard(c.DeleteMediaListEntry(ctx, 4)) }, animegraph.DeleteMediaListEntryDocument, `{"id":4}`},
		{func(c *animegraph.Client) error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{CharacterID: 1}))
		}, animegraph.ToggleFavouriteDocument, `{"characterId":1}`},
	}
	for _, tc := range calls {
		require.NoError(t, tc.call(c))
		last := srv.Last(t)
		assert.Equal(t, "Bearer secret-token-1", last.Header.Get("Authorization"))
		body := last.JSON(t)
		assert.Equal(t, tc.doc, body["query"])
		vars, _ := json.Marshal(body["variables"])
		assert.JSONEq(t, tc.vars, string(vars))
	}

	testkit.ClearEnv(t, "CONDUIT_ANIMEGRAPH_TOKEN")
	anon := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited)
	hits := srv.Hits()
	for _, tc := range calls {
		err := tc.call(anon)
		assert.ErrorIs(t, err, conduit.ErrMissingCredential)
		assert.Contains(t, err.Error(), "animegraph.WithToken")
	}
	assert.Equal(t, hits, srv.Hits(), "nothing sent without a token")
}

// The fixture of MediaListCollection decodes whole: groups, entries with
// their dates and media, and the custom list's null status.
func TestMediaListCollectionFixture(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "animegraph", "media_list_collection.json")})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"))
	col, err := c.MediaListCollection(context.Background(), animegraph.MediaListCollectionParams{UserName: "spiegel", Type: "ANIME"})
	require.NoError(t, err)
	require.Len(t, col.Lists, 3)
	assert.False(t, col.HasNextChunk)
	custom := col.Lists[2]
	assert.True(t, custom.IsCustomList)
	assert.Empty(t, custom.Status)
	done := col.Lists[1].Entries[0]
	assert.Equal(t, 8.5, done.Score)
	require.NotNil(t, done.CompletedAt)
	assert.Equal(t, 24, *done.CompletedAt.Day)
	assert.Nil(t, col.Lists[0].Entries[0].CompletedAt.Year, "an unrecorded date stays nil")
	require.NotNil(t, done.Media)
	assert.Equal(t, "MOVIE", done.Media.Format)
	golden.JSON(t, "animegraph", "media_list_collection", col)
}

// AllMediaListEntries asks chunk after chunk while hasNextChunk holds, and
// yields an entry on a custom list once.
func TestAllMediaListEntries(t *testing.T) {
	first := testkit.Reply{Body: `{"data":{"MediaListCollection":{"hasNextChunk":true,"lists":[
		{"name":"Watching","status":"CURRENT","entries":[{"id":4,"mediaId":1},{"id":9,"mediaId":5}]},
		{"name":"Mine","isCustomList":true,"status":null,"entries":[{"id":4,"mediaId":1}]}]}}}`}
	second := testkit.Reply{Body: `{"data":{"MediaListCollection":{"hasNextChunk":false,"lists":[
		{"name":"Watching","status":"CURRENT","entries":[{"id":12,"mediaId":30}]}]}}}`}
	srv := testkit.Start(t, first, second, first, second)
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"))
	p := animegraph.MediaListCollectionParams{UserID: 5730417, Type: "ANIME", PerChunk: 2}
	entries, err := testkit.Drain(c.AllMediaListEntries(context.Background(), p))
	require.NoError(t, err)
	var ids []int64
	for _, e := range entries {
		ids = append(ids, e.ID)
	}
	assert.Equal(t, []int64{4, 9, 12}, ids)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for i, r := range reqs[:2] {
		vars := r.JSON(t)["variables"].(map[string]any)
		assert.Equal(t, float64(i+1), vars["chunk"])
		assert.Equal(t, 2.0, vars["perChunk"])
	}

	// A second walk starts over: its own entries, not the first walk's.
	again, err := testkit.Drain(c.AllMediaListEntries(context.Background(), p))
	require.NoError(t, err)
	assert.Len(t, again, 3)
	assert.Equal(t, 4, srv.Hits())
}

// A service that answers every chunk with the first ends the walk rather
// than looping.
func TestAllMediaListEntriesRepeatedChunk(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"MediaListCollection":{"hasNextChunk":true,"lists":[
		{"name":"Watching","status":"CURRENT","entries":[{"id":4,"mediaId":1}]}]}}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"))
	entries, err := testkit.Drain(c.AllMediaListEntries(context.Background(), animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME"}))
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.Len(t, entries, 1)
	assert.Equal(t, 2, srv.Hits())
}

// The list actions are writes: a failure after sending is not sent again.
func TestListMutationsNotRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"), testkit.Fast)
	_, err := c.DeleteMediaListEntry(context.Background(), 4)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits())
	_, err = c.ToggleFavourite(context.Background(), animegraph.FavouriteTarget{AnimeID: 1})
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 2, srv.Hits())
	testkit.NoSecret(t, err, "secret-token-1")
}

// Bad inputs are refused before any I/O, naming the wire field.
func TestListInputsChecked(t *testing.T) {
	srv := testkit.Start(t)
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, animegraph.WithToken("secret-token-1"))
	ctx := context.Background()
	list := func(p animegraph.MediaListCollectionParams) error { return discard(c.MediaListCollection(ctx, p)) }
	for field, call := range map[string][]func() error{
		"userName": {
			func() error { return list(animegraph.MediaListCollectionParams{Type: "ANIME"}) },
			func() error {
				return list(animegraph.MediaListCollectionParams{UserID: 1, UserName: "spiegel", Type: "ANIME"})
			},
		},
		"userId": {func() error { return list(animegraph.MediaListCollectionParams{UserID: -1, Type: "ANIME"}) }},
		"type":   {func() error { return list(animegraph.MediaListCollectionParams{UserID: 1}) }},
		"status_in": {func() error {
			return list(animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", Status: []string{"WATCHING"}})
		}},
		"sort": {func() error {
			return list(animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", Sort: []string{"SCORE) { id }"}})
		}},
		"chunk": {func() error { return list(animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", Chunk: -1}) }},
		"perChunk": {func() error {
			return list(animegraph.MediaListCollectionParams{UserID: 1, Type: "ANIME", PerChunk: 501})
		}},
		"id": {func() error { return discard(c.DeleteMediaListEntry(ctx, 0)) }},
		"animeId": {
			func() error { return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{})) },
			func() error { return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: -1})) },
		},
		"studioId": {func() error {
			return discard(c.ToggleFavourite(ctx, animegraph.FavouriteTarget{AnimeID: 1, StudioID: 14}))
		}},
	} {
		for _, f := range call {
			testkit.InvalidParam(t, f(), field)
		}
	}
	_, err := testkit.Drain(c.AllMediaListEntries(ctx, animegraph.MediaListCollectionParams{UserID: 1, Type: "anime"}))
	testkit.InvalidParam(t, err, "type")
	assert.Zero(t, srv.Hits())
}
