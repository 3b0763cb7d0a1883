package media_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

func TestAllImagesReplay(t *testing.T) {
	c, srv := replayClient(t)
	var ids []string
	for a, err := range c.AllImages(context.Background(), &media.ListImagesParams{MaxResults: 2}) {
		require.NoError(t, err)
		ids = append(ids, a.PublicID)
	}
	assert.Equal(t, []string{"products/mug-blue", "banners/summer sale", "products/teapot-white"}, ids)
	assert.Equal(t, 2, srv.Hits("GET /media_admin_url/v1_1/{cloud}/resources/image"))

	l, err := c.ListImages(context.Background(), nil)
	require.NoError(t, err)
	last, err := c.ListImages(context.Background(), &media.ListImagesParams{NextCursor: l.NextCursor})
	require.NoError(t, err)
	assert.Empty(t, last.NextCursor, "the last page names none")
}

func TestAllImagesSendsEachCursor(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"resources":[{"public_id":"a"}],"next_cursor":"c2"}`},
		testkit.Reply{Body: `{"resources":[{"public_id":"b"}],"next_cursor":"c3"}`},
		testkit.Reply{Status: 500, Body: `{"error":{"message":"General error"}}`})
	var ids []string
	var end error
	for a, err := range localClient(t, srv.URL, conduit.WithMaxRetries(0)).AllImages(context.Background(), &media.ListImagesParams{MaxResults: 1}) {
		if err != nil {
			end = err
			continue
		}
		ids = append(ids, a.PublicID)
	}
	assert.Equal(t, []string{"a", "b"}, ids)
	testkit.Check(t, end, testkit.Shape{Is: conduit.ErrAPI, Service: "media", Op: "ListImages", Status: 500, Message: "General error"})
	var queries []string
	for _, r := range srv.Requests() {
		queries = append(queries, r.Query)
	}
	assert.Equal(t, []string{"max_results=1", "max_results=1&next_cursor=c2", "max_results=1&next_cursor=c3"}, queries,
		"every page keeps max_results and sends the cursor the last one named")
}

func TestAllImagesChecksItsInputFirst(t *testing.T) {
	srv := testkit.Start(t)
	for _, err := range localClient(t, srv.URL).AllImages(context.Background(), &media.ListImagesParams{MaxResults: -1}) {
		testkit.InvalidParam(t, err, "max_results")
	}
	assert.Zero(t, srv.Hits())
}
