package conduittest_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/media"
)

// The fake assembles a chunked upload and answers its last chunk with the
// asset, and refuses chunks whose Content-Range does not fit.
func TestMediaFakeAssemblesChunkedUploads(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := newClient(t, media.New, srv.Options("media"))
	ctx := context.Background()
	file := bytes.Repeat([]byte("0123456789abcdef"), (11<<20)/16)
	p := &media.UploadParams{PublicID: "products/teapot-white", ChunkSize: media.MinChunkSize}

	a, err := c.Upload(ctx, media.FromReader("film.mp4", bytes.NewReader(file)), p)
	require.NoError(t, err)
	assert.Equal(t, "products/teapot-white", a.PublicID)
	got := srv.Requests("media", "Upload")
	require.Len(t, got, 3)
	for i, r := range got {
		assert.Equal(t, got[0].Header.Get("X-Unique-Upload-Id"), r.Header.Get("X-Unique-Upload-Id"), "chunk %d", i)
	}
	assert.Equal(t, "bytes 10485760-11534335/11534336", got[2].Header.Get("Content-Range"))

	for name, opt := range map[string]conduit.Option{
		"one range on every chunk":     conduit.WithHeader("Content-Range", "bytes 0-5242879/999999999"),
		"a range of other bytes":       conduit.WithHeader("Content-Range", "bytes 1-5242880/11534336"),
		"a range without its unit":     conduit.WithHeader("Content-Range", "0-5242879/11534336"),
		"a first chunk not at 0":       conduit.WithHeader("Content-Range", "bytes 5242880-10485759/11534336"),
		"an id without a range":        conduit.WithHeader("Content-Range", ""),
		"a range without an upload id": conduit.WithHeader("X-Unique-Upload-Id", ""),
	} {
		_, err := c.Upload(ctx, media.FromReader("film.mp4", bytes.NewReader(file)), p, opt)
		assert.ErrorIs(t, err, conduit.ErrAPI, name)
		var e *conduit.Error
		if assert.ErrorAs(t, err, &e, name) {
			assert.Equal(t, 400, e.StatusCode, name)
		}
	}
}
