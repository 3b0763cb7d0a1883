package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// The sizes of chunked uploads. Cloudinary's SDKs send a file in chunks
// when it is larger than 100 MB, the Upload API's limit on a single
// request for most plans, in chunks of 20 MB by default; the service
// refuses a chunk under 5 MB unless it is the last.
const (
	// LargeFileSize is the size above which Upload sends a file of known
	// size in chunks without being asked to.
	LargeFileSize int64 = 100_000_000
	// DefaultChunkSize is the size of each chunk unless
	// UploadParams.ChunkSize says otherwise.
	DefaultChunkSize int64 = 20_000_000
	// MinChunkSize is the smallest chunk the service accepts, but for the
	// last.
	MinChunkSize int64 = 5 << 20
)

// uploadChunks sends size bytes of f's reader in chunks of chunk bytes,
// with the form's other params, and returns the asset the last chunk's
// answer describes. It holds one chunk in memory, reused from chunk to
// chunk: the core has stopped reading a chunk's body when its call
// returns.
func (c *Client) uploadChunks(ctx context.Context, rt string, f File, size, chunk int64, params []string, opts []Option) (*AssetDetails, error) {
	id := uniqueUploadID()
	buf := make([]byte, min(chunk, size))
	for start := int64(0); ; {
		n := min(chunk, size-start)
		last := start+n == size
		if got, err := io.ReadFull(f.r, buf[:n]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, uploadOp.Invalid("file", "the reader ended after %d of the %d bytes declared", start+int64(got), size)
			}
			return nil, uploadOp.ReadFailed("file", err)
		}
		if last {
			if err := atEOF(f.r); err != nil {
				return nil, err
			}
		}
		signed, err := c.signed(uploadOp.Op, slices.Clone(params), time.Now())
		if err != nil {
			return nil, err
		}
		call := transport.Call{
			Args:   []string{c.cloud, rt},
			Header: []string{"X-Unique-Upload-Id", id, "Content-Range", contentRange(start, n, size)},
			Upload: transport.MultipartForm(append(formParts(signed), f.part(bytes.NewReader(buf[:n])))...),
			// The service keeps each chunk under the upload id: a chunk
			// sent twice is stored once.
			Idempotent: true,
		}
		a, err := uploadOp.Do(ctx, c.t, call, opts)
		if err != nil {
			return nil, err
		}
		switch finished := chunkFinished(a); {
		case last && !finished:
			return nil, uploadOp.Fail(c.t, call, transport.Problem{Code: "done", Message: "the service left the upload unfinished after its last chunk", Kind: conduit.ErrMalformedResponse})
		case !last && finished:
			return nil, uploadOp.Fail(c.t, call, transport.Problem{Code: "done",
				Message: "the service answered chunk " + contentRange(start, n, size) + " with a finished asset, before the last chunk", Kind: conduit.ErrMalformedResponse})
		case last:
			return a, nil
		}
		start += n
	}
}

// atEOF checks that r holds nothing more after the last chunk: a reader
// larger than declared would otherwise be cut short without a word.
func atEOF(r io.Reader) error {
	var one [1]byte
	for {
		n, err := r.Read(one[:])
		switch {
		case n > 0:
			return uploadOp.Invalid("file", "the reader holds more than the bytes declared")
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return uploadOp.ReadFailed("file", err)
		}
	}
}

// contentRange is the Content-Range of n bytes from start in a file of
// size bytes: "bytes start-end/size", end inclusive.
func contentRange(start, n, size int64) string {
	return "bytes " + strconv.FormatInt(start, 10) + "-" + strconv.FormatInt(start+n-1, 10) + "/" + strconv.FormatInt(size, 10)
}

// chunkFinished says whether a chunk's answer is the finished asset rather
// than the {"done": false, "bytes": …} the service sends while chunks are
// missing.
func chunkFinished(a *AssetDetails) bool {
	done, ok := wire.Member(a.RawJSON(), "done")
	return !ok || string(done) != "false"
}

// uniqueUploadID is a fresh X-Unique-Upload-Id: 16 random hex digits, the
// form Cloudinary's SDKs use.
func uniqueUploadID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
