package media_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

// chunkSeen is one chunk request as the chunk server read it.
type chunkSeen struct {
	id, rng  string
	form     url.Values
	filename string
	size     int64
}

// chunkServer takes chunk requests: it hashes the file bytes of the chunks
// it accepts, in order, and answers {"done": false} until the last
// Content-Range ends at the total, then with upload.json. answer, when
// set, may answer the n-th request (from 0) itself, instead.
type chunkServer struct {
	*testkit.Server
	mu     sync.Mutex
	seen   []chunkSeen
	sum    hash.Hash
	answer func(n int, w http.ResponseWriter) bool
}

func newChunkServer(t *testing.T, answer func(n int, w http.ResponseWriter) bool) *chunkServer {
	cs := &chunkServer{sum: sha256.New(), answer: answer}
	final := testkit.Fixture(t, "media", "upload.json")
	cs.Server = testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		seen := chunkSeen{id: r.Header.Get("X-Unique-Upload-Id"), rng: r.Header.Get("Content-Range"), form: url.Values{}}
		mr := multipart.NewReader(r.Body, params["boundary"])
		part := sha256.New()
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			if p.FileName() == "" {
				b, _ := io.ReadAll(p)
				seen.form.Add(p.FormName(), string(b))
				continue
			}
			seen.filename = p.FileName()
			seen.size, _ = io.Copy(part, p)
		}
		cs.mu.Lock()
		n := len(cs.seen)
		cs.seen = append(cs.seen, seen)
		cs.mu.Unlock()
		if cs.answer != nil && cs.answer(n, w) {
			return
		}
		var a, b, total int64
		fmt.Sscanf(seen.rng, "bytes %d-%d/%d", &a, &b, &total)
		cs.mu.Lock()
		cs.sum.Write(part.Sum(nil))
		cs.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if b+1 == total {
			io.WriteString(w, final)
			return
		}
		fmt.Fprintf(w, `{"done":false,"bytes":%d}`, b+1)
	}))
	return cs
}

// chunks returns the chunks seen so far.
func (cs *chunkServer) chunks() []chunkSeen {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return slicesClone(cs.seen)
}

func slicesClone[T any](s []T) []T { return append([]T(nil), s...) }

// accepted is the hash the server made of the chunks it accepted.
func (cs *chunkServer) accepted() []byte {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.sum.Sum(nil)
}

// chunkHashes is what chunkServer.accepted should be for data sent in
// chunks of size.
func chunkHashes(data []byte, size int) []byte {
	all := sha256.New()
	for len(data) > 0 {
		n := min(size, len(data))
		sum := sha256.Sum256(data[:n])
		all.Write(sum[:])
		data = data[n:]
	}
	return all.Sum(nil)
}

// pattern is n bytes that differ from chunk to chunk.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i/7 + i>>20)
	}
	return b
}

// elevenMiB is a file of three chunks of MinChunkSize: 5, 5 and 1 MiB.
var elevenMiB = pattern(11 << 20)

const five = int(media.MinChunkSize)

func TestUploadSendsALargeFileInSignedChunks(t *testing.T) {
	cs := newChunkServer(t, nil)
	a, err := localClient(t, cs.URL).Upload(context.Background(), media.FromReader("film.mp4", bytes.NewReader(elevenMiB)),
		&media.UploadParams{ResourceType: media.Video, PublicID: "products/teapot-white", ChunkSize: media.MinChunkSize})
	require.NoError(t, err)
	assert.Equal(t, "products/teapot-white", a.PublicID, "the last chunk's answer is the asset")

	seen := cs.chunks()
	require.Len(t, seen, 3)
	assert.Equal(t, []string{"bytes 0-5242879/11534336", "bytes 5242880-10485759/11534336", "bytes 10485760-11534335/11534336"},
		[]string{seen[0].rng, seen[1].rng, seen[2].rng})
	assert.Regexp(t, "^[0-9a-f]{16}$", seen[0].id)
	for i, s := range seen {
		assert.Equal(t, seen[0].id, s.id, "chunk %d under the upload's one id", i)
		assert.Equal(t, "film.mp4", s.filename)
		assert.Equal(t, "products/teapot-white", s.form.Get("public_id"))
		assert.Equal(t, key, s.form.Get("api_key"))
		assert.Equal(t, expectedSignature(s.form, false), s.form.Get("signature"), "chunk %d signed", i)
	}
	assert.Equal(t, chunkHashes(elevenMiB, five), cs.accepted(), "the file, in order, each byte once")
	for _, r := range cs.Requests() {
		assert.Equal(t, "/admin/v1_1/acme-shop/video/upload", r.Path)
		assert.Empty(t, r.Holds(secret))
	}

	other := newChunkServer(t, nil)
	_, err = localClient(t, other.URL, media.WithAPIKey(key)).Upload(context.Background(), media.FromReader("a.mp4", bytes.NewReader(elevenMiB)), nil)
	require.NoError(t, err)
	require.Len(t, other.chunks(), 1, "11 MiB is under LargeFileSize: one request")
	assert.Empty(t, other.chunks()[0].rng)
	assert.Empty(t, other.chunks()[0].id)
}

func TestUploadOfAnUnsizedStreamIsOneRequest(t *testing.T) {
	cs := newChunkServer(t, nil)
	_, err := localClient(t, cs.URL).Upload(context.Background(), media.FromReader("a.bin", io.MultiReader(bytes.NewReader(elevenMiB))),
		&media.UploadParams{ChunkSize: media.MinChunkSize})
	require.NoError(t, err)
	require.Len(t, cs.chunks(), 1, "a reader that cannot tell its size is streamed whole")
	assert.Equal(t, int64(len(elevenMiB)), cs.chunks()[0].size)
}

func TestChunkedUploadResumesTheFailedChunkOnly(t *testing.T) {
	cs := newChunkServer(t, func(n int, w http.ResponseWriter) bool {
		if n != 1 {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, `{"error":{"message":"try again"}}`)
		return true
	})
	a, err := localClient(t, cs.URL).Upload(context.Background(), media.FromSizedReader("film.mp4", io.MultiReader(bytes.NewReader(elevenMiB)), int64(len(elevenMiB))),
		&media.UploadParams{ChunkSize: media.MinChunkSize})
	require.NoError(t, err, "a chunk is idempotent under its upload id: a 5xx is retried, though the upload is a write")
	assert.Equal(t, "products/teapot-white", a.PublicID)
	seen := cs.chunks()
	require.Len(t, seen, 4)
	assert.Equal(t, []string{"bytes 0-5242879/11534336", "bytes 5242880-10485759/11534336", "bytes 5242880-10485759/11534336", "bytes 10485760-11534335/11534336"},
		[]string{seen[0].rng, seen[1].rng, seen[2].rng, seen[3].rng}, "the failed chunk again, then on; not the first again")
	assert.Equal(t, seen[0].id, seen[2].id, "the retry keeps the upload id")
	assert.Equal(t, chunkHashes(elevenMiB, five), cs.accepted(), "the retried chunk carried the same bytes, from the one buffer")
}

func TestChunkAnsweredOutOfProtocolEndsTheUpload(t *testing.T) {
	final := func(at int) func(int, http.ResponseWriter) bool {
		return func(n int, w http.ResponseWriter) bool {
			if n != at {
				return false
			}
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"public_id":"products/teapot-white","bytes":5242880}`)
			return true
		}
	}
	cs := newChunkServer(t, final(0))
	_, err := localClient(t, cs.URL).Upload(context.Background(), media.FromReader("f", bytes.NewReader(elevenMiB)), &media.UploadParams{ChunkSize: media.MinChunkSize})
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "media", Op: "Upload", Code: "done"})
	assert.Contains(t, e.Message, "bytes 0-5242879/11534336")
	assert.Equal(t, 1, cs.Hits(), "no chunk after a first one taken for the whole file")

	cs = newChunkServer(t, func(n int, w http.ResponseWriter) bool {
		if n != 2 {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"done":false,"bytes":10485760}`)
		return true
	})
	_, err = localClient(t, cs.URL).Upload(context.Background(), media.FromReader("f", bytes.NewReader(elevenMiB)), &media.UploadParams{ChunkSize: media.MinChunkSize})
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "media", Op: "Upload", Code: "done",
		Message: "the service left the upload unfinished after its last chunk"})
	assert.Equal(t, 3, cs.Hits())
}

type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }

func TestChunkedUploadOfABadReader(t *testing.T) {
	ctx := context.Background()
	p := &media.UploadParams{ChunkSize: media.MinChunkSize}
	size := int64(len(elevenMiB))

	boom := errors.New("disk on fire")
	cs := newChunkServer(t, nil)
	_, err := localClient(t, cs.URL).Upload(ctx, media.FromSizedReader("f", io.MultiReader(bytes.NewReader(elevenMiB[:five+10]), failingReader{boom}), size), p)
	require.ErrorIs(t, err, boom, "the reader's own error")
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "file", e.Field)
	assert.Equal(t, 1, cs.Hits(), "the first chunk went; the second was never complete")

	cs = newChunkServer(t, nil)
	_, err = localClient(t, cs.URL).Upload(ctx, media.FromSizedReader("f", bytes.NewReader(append(slicesClone(elevenMiB), 'x')), size), p)
	testkit.InvalidParam(t, err, "file")
	assert.Contains(t, err.Error(), "more than the bytes declared")
	assert.Equal(t, 2, cs.Hits(), "the last chunk, which would complete a truncated asset, is never sent")

	cs = newChunkServer(t, nil)
	_, err = localClient(t, cs.URL).Upload(ctx, media.FromSizedReader("f", bytes.NewReader(elevenMiB[:8<<20]), size), p)
	testkit.InvalidParam(t, err, "file")
	assert.Contains(t, err.Error(), "ended after 8388608 of the 11534336 bytes declared")
	assert.Equal(t, 1, cs.Hits())

	for _, bad := range []media.UploadParams{{ChunkSize: media.MinChunkSize - 1}, {ChunkSize: -1}} {
		_, err = localClient(t, cs.URL).Upload(ctx, media.FromReader("f", bytes.NewReader(elevenMiB)), &bad)
		testkit.InvalidParam(t, err, "chunk_size")
	}
	_, err = localClient(t, cs.URL).Upload(ctx, media.FromSizedReader("f", bytes.NewReader(nil), -1), nil)
	testkit.InvalidParam(t, err, "file")
	assert.Equal(t, 1, cs.Hits(), "bad sizes are refused before any I/O")
}

// generated is a stream of n bytes made as they are read, never held.
type generated struct{ off, n int64 }

func (g *generated) Read(p []byte) (int, error) {
	if g.off >= g.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), g.n-g.off)]
	for i := range p {
		p[i] = byte((g.off + int64(i)) / 7)
	}
	g.off += int64(len(p))
	return len(p), nil
}

// A stream over LargeFileSize goes in default chunks with one chunk's
// buffer: what the upload keeps live, measured as each chunk arrives, is
// about one chunk, never the file.
func TestChunkedUploadHoldsOneChunkInMemory(t *testing.T) {
	const size = 6*media.DefaultChunkSize + 1234
	var live testkit.LivePeak
	cs := newChunkServer(t, func(int, http.ResponseWriter) bool { live.Probe(); return false })
	c := localClient(t, cs.URL)
	live.Reset()
	a, err := c.Upload(context.Background(), media.FromSizedReader("film.mp4", &generated{n: size}, size), &media.UploadParams{ResourceType: media.Video})
	require.NoError(t, err)
	require.NotNil(t, a)
	seen := cs.chunks()
	require.Len(t, seen, 7, "six chunks of DefaultChunkSize and the rest")
	var sent int64
	for _, s := range seen {
		sent += s.size
	}
	assert.Equal(t, int64(size), sent)
	assert.Greater(t, live.Peak, uint64(media.DefaultChunkSize), "the probe sees the chunk buffer")
	assert.Less(t, live.Peak, uint64(2*media.DefaultChunkSize), "%d bytes live for a %d-byte stream", live.Peak, size)
}
