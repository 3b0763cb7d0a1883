package animegraph_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each typed read posts its fixed document with its inputs as variables,
// nothing but conduit's own headers, and no credential even when the
// client holds a token.
func TestReadsSendVariables(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"Media":{"id":1},"Character":{"id":1},"Staff":{"id":1},"Studio":{"id":1},"User":{"id":1},"Page":{"pageInfo":{}}}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0), animegraph.WithToken("secret-token-1"))
	ctx := context.Background()
	hostile := `x") { id } } mutation { SaveMediaListEntry(mediaId: 1) { id } } #`
	for _, tc := range []struct {
		call func() error
		doc  string
		vars string
	}{
		{func() error { return discard(c.MediaByID(ctx, 1)) }, animegraph.MediaByIDDocument, `{"id":1}`},
		{func() error { return discard(c.Character(ctx, 7)) }, animegraph.CharacterDocument, `{"id":7}`},
		{func() error { return discard(c.Staff(ctx, 95011)) }, animegraph.StaffDocument, `{"id":95011}`},
		{func() error { return discard(c.Studio(ctx, 14)) }, animegraph.StudioDocument, `{"id":14}`},
		{func() error { return discard(c.User(ctx, hostile)) }, animegraph.UserDocument, fmt.Sprintf(`{"name":%q}`, hostile)},
		{func() error { return discard(c.SearchMedia(ctx, nil)) }, animegraph.SearchMediaDocument, `null`},
		{func() error {
			return discard(c.SearchMedia(ctx, &animegraph.SearchMediaParams{Search: hostile, Type: "MANGA", Sort: []string{"POPULARITY_DESC"},
				PageParams: animegraph.PageParams{Page: 2, PerPage: 50}}))
		}, animegraph.SearchMediaDocument, fmt.Sprintf(`{"search":%q,"type":"MANGA","sort":["POPULARITY_DESC"],"page":2,"perPage":50}`, hostile)},
		{func() error {
			return discard(c.AiringSchedule(ctx, &animegraph.AiringScheduleParams{MediaID: 21, NotYetAired: true,
				After: time.Unix(1700000000, 0), Before: time.Unix(1800000000, 0)}))
		}, animegraph.AiringScheduleDocument, `{"mediaId":21,"notYetAired":true,"airingAt_greater":1700000000,"airingAt_lesser":1800000000}`},
	} {
		require.NoError(t, tc.call())
		last := srv.Last(t)
		assert.Equal(t, "POST", last.Method)
		assert.Empty(t, last.Header.Get("Authorization"), "a read carries no token")
		body := last.JSON(t)
		assert.Equal(t, tc.doc, body["query"], "the document is the fixed one")
		vars, _ := json.Marshal(body["variables"])
		assert.JSONEq(t, tc.vars, string(vars))
	}
}

// The mutation carries the token as a Bearer credential, is sent once, and
// without a token fails before any I/O.
func TestSaveMediaListEntry(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"SaveMediaListEntry":{"id":4,"mediaId":1,"status":"COMPLETED","score":9.5,"progress":26}}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0), animegraph.WithToken("secret-token-1"))
	score, notes, private := 9.5, "rewatch in spring", true
	e, err := c.SaveMediaListEntry(context.Background(), animegraph.MediaListEntryInput{MediaID: 1, Status: animegraph.StatusCompleted,
		Score: &score, Notes: &notes, Private: &private})
	require.NoError(t, err)
	assert.Equal(t, 26, e.Progress)
	assert.Equal(t, 9.5, e.Score)
	last := srv.Last(t)
	assert.Equal(t, "Bearer secret-token-1", last.Header.Get("Authorization"))
	body := last.JSON(t)
	assert.Equal(t, animegraph.SaveMediaListEntryDocument, body["query"])
	assert.Equal(t, map[string]any{"mediaId": 1.0, "status": "COMPLETED", "score": 9.5, "notes": notes, "private": true}, body["variables"])

	srv = testkit.Start(t, testkit.Reply{Status: http.StatusBadGateway})
	c = testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0), animegraph.WithToken("secret-token-1"), testkit.Fast)
	_, err = c.SaveMediaListEntry(context.Background(), animegraph.MediaListEntryInput{ID: 4, Status: animegraph.StatusDropped})
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits(), "a mutation is not sent twice")
	testkit.NoSecret(t, err, "secret-token-1")

	testkit.ClearEnv(t, "CONDUIT_ANIMEGRAPH_TOKEN")
	c = testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0))
	_, err = c.SaveMediaListEntry(context.Background(), animegraph.MediaListEntryInput{MediaID: 1})
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "animegraph.WithToken")
	assert.Equal(t, 1, srv.Hits(), "nothing sent without a token")
	_, err = c.MediaByID(context.Background(), 1)
	assert.NotErrorIs(t, err, conduit.ErrMissingCredential, "reads need no token")
}

// A root the service answers with null is ErrNotFound; a GraphQL error is
// the error its status means.
func TestReadsNotFound(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"data":{"Character":null}}`},
		testkit.Reply{Status: 404, Body: `{"errors":[{"message":"Not Found.","status":404}],"data":{"User":null}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0))
	_, err := c.Character(context.Background(), 999999999)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "animegraph", Op: "Character", Status: 200, Message: "no Character matches"})
	_, err = c.User(context.Background(), "nobody-at-all")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Op: "User", Status: 404, Code: "404", Message: "Not Found."})
}

// The iterators ask for page 1, 2, … while hasNextPage holds, and stop on
// a page that comes back empty.
func TestAllMediaPages(t *testing.T) {
	var pages []float64
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Variables map[string]any `json:"variables"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		n, _ := req.Variables["page"].(float64)
		pages = append(pages, n)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":{"Page":{"pageInfo":{"currentPage":%v,"hasNextPage":%v},"media":[{"id":%v},{"id":%v}]}}}`, n, n < 3, 10*n, 10*n+1)
	}))
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0))
	var ids []int64
	for m, err := range c.AllMedia(context.Background(), &animegraph.SearchMediaParams{Type: "ANIME"}) {
		require.NoError(t, err)
		ids = append(ids, m.ID)
	}
	assert.Equal(t, []int64{10, 11, 20, 21, 30, 31}, ids)
	assert.Equal(t, []float64{1, 2, 3}, pages)

	pages = nil
	empty := testkit.Start(t, testkit.Reply{Body: `{"data":{"Page":{"pageInfo":{"hasNextPage":true},"airingSchedules":[]}}}`})
	c = testkit.Client(t, animegraph.New, conduit.WithBaseURL(empty.URL), conduit.WithRateLimit(0, 0))
	n := 0
	for _, err := range c.AllAiringSchedule(context.Background(), nil) {
		require.NoError(t, err)
		n++
	}
	assert.Zero(t, n)
	assert.Equal(t, 1, empty.Hits(), "an empty page ends the walk whatever hasNextPage says")
}

func discard[T any](_ T, err error) error { return err }

// A user action the package does not type goes through Do, the token in
// the caller's Authorization header, kept out of errors like the client's.
func TestOtherUserActionsThroughDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 400, Body: `{"errors":[{"message":"Invalid token","status":400}],"data":null}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(0, 0))
	doc := `mutation ($id: Int) { ToggleFavourite(animeId: $id) { anime { nodes { id } } } }`
	err := c.Do(context.Background(), "POST", "/", map[string]any{"query": doc, "variables": map[string]any{"id": 1}}, nil,
		conduit.WithHeader("Authorization", "Bearer secret-token-2"))
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, "Bearer secret-token-2", srv.Last(t).Header.Get("Authorization"))
	assert.Equal(t, 1, srv.Hits(), "a POST through Do is a write")
	testkit.NoSecret(t, err, "secret-token-2")
}
