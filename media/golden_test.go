package media_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

// The documented answers of the Upload API (upload, explicit, rename),
// the resource lookup and the search decode into these records.
func TestUploadResourceAndSearchGoldens(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, media.New, srv.Options("media")...)
	ctx := context.Background()
	up, err := c.Upload(ctx, media.FromReader("teapot.jpg", strings.NewReader("JPEG")), &media.UploadParams{PublicID: "products/teapot-white"})
	require.NoError(t, err)
	golden.JSON(t, "media", "upload", up)
	res, err := c.Resource(ctx, "products/mug-blue", nil)
	require.NoError(t, err)
	golden.JSON(t, "media", "resource", res)
	found, err := c.Search(ctx, &media.SearchParams{Expression: "tags=products"})
	require.NoError(t, err)
	golden.JSON(t, "media", "search", found)
	derived, err := c.Explicit(ctx, "products/teapot-white", &media.ExplicitParams{Eager: []string{"c_fill,h_200,w_300"}})
	require.NoError(t, err)
	golden.JSON(t, "media", "explicit", derived)
	renamed, err := c.Rename(ctx, "products/mug-blue", "products/mug-red", nil)
	require.NoError(t, err)
	golden.JSON(t, "media", "rename", renamed)
}
