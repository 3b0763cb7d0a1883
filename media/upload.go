package media

import (
	"cmp"
	"context"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// signedAuth is the scheme of Upload API calls: no Basic header, but the
// api_key beside a signature made with the API secret, both text parts of
// the form the method builds. Declaring api_key here makes a missing one
// fail before any I/O and keeps the call from following a redirect to
// another host.
var signedAuth = &transport.Auth{Scheme: transport.Body, Values: []string{"api_key"}}

var (
	uploadOp = transport.Declare(service, transport.Op{Name: "Upload", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/upload",
		Write: true, Auth: signedAuth}, (*AssetDetails).problem)
	destroyOp = transport.Declare(service, transport.Op{Name: "Destroy", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/destroy",
		Write: true, Auth: signedAuth}, (*DestroyResult).problem)
	addTagOp = transport.Declare(service, transport.Op{Name: "AddTag", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/tags",
		Write: true, Auth: signedAuth}, (*TagResult).problem)
	removeTagOp = transport.Declare(service, transport.Op{Name: "RemoveTag", Method: "POST", Path: "/v1_1/{cloud}/{resource_type}/tags",
		Write: true, Auth: signedAuth}, (*TagResult).problem)
)

// ResourceType is the kind of asset a path addresses.
type ResourceType string

// The resource types; Auto lets Upload detect it from the file.
const (
	Image ResourceType = "image"
	Video ResourceType = "video"
	Raw   ResourceType = "raw"
	Auto  ResourceType = "auto"
)

// resourceType checks rt for op ("" is Image); Auto is for uploads only.
func resourceType(op *transport.Op, rt ResourceType, auto bool) (string, error) {
	switch rt {
	case "":
		return string(Image), nil
	case Image, Video, Raw:
		return string(rt), nil
	case Auto:
		if auto {
			return string(rt), nil
		}
	}
	return "", op.Invalid("resource_type", "%q is not image, video or raw", string(rt))
}

// File is what Upload sends: a reader streamed as the file, or an address
// Cloudinary fetches itself. Build one with FromReader, FromSizedReader or
// FromURL.
type File struct {
	r     io.Reader
	name  string
	url   string
	size  int64
	sized bool
}

// FromReader is a file streamed from r, never held in memory, under name
// (the original_filename Cloudinary records). A reader that is an
// io.Seeker can be sent again if the connection fails before the service
// answers; any other is sent once. An io.Seeker also tells its size, so a
// large one is sent in chunks (see Upload); for any other reader,
// FromSizedReader declares it.
func FromReader(name string, r io.Reader) File { return File{r: r, name: name} }

// FromSizedReader is a file of size bytes streamed from r under name: a
// pipe, a network body, any reader that cannot tell its size itself. The
// size decides whether Upload sends it in chunks; a chunked upload fails,
// before its last chunk completes the asset, if r holds fewer or more
// bytes than size.
func FromSizedReader(name string, r io.Reader, size int64) File {
	return File{r: r, name: name, size: size, sized: true}
}

// length is how many bytes f's reader holds from where it stands: the size
// declared, or what an io.Seeker says; false when neither tells.
func (f File) length() (int64, bool) {
	if f.sized {
		return f.size, true
	}
	s, ok := f.r.(io.Seeker)
	if !ok {
		return 0, false
	}
	cur, err := s.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, false
	}
	end, err := s.Seek(0, io.SeekEnd)
	if _, err2 := s.Seek(cur, io.SeekStart); err != nil || err2 != nil {
		return 0, false
	}
	return end - cur, true
}

// FromURL is a file Cloudinary fetches: an http, https, ftp, s3 or gs
// address, or a Base64 data URI ("data:image/png;base64,…").
func FromURL(address string) File { return File{url: address} }

// remoteSchemes are the address forms Cloudinary documents for file.
var remoteSchemes = []string{"http://", "https://", "ftp://", "s3://", "gs://", "data:"}

// UploadParams are the optional inputs of Upload.
type UploadParams struct {
	// ResourceType is the path segment: Image when empty, or Video, Raw,
	// or Auto to let Cloudinary decide.
	ResourceType ResourceType
	// PublicID names the asset (public_id), folders included ("products/
	// mug"); empty lets Cloudinary generate one.
	PublicID string
	// Folder puts the asset in a folder (folder).
	Folder string
	// Tags are set on the asset (tags, sent comma-separated, so no tag
	// may hold a comma).
	Tags []string
	// Overwrite says whether an asset of the same public id is replaced
	// (overwrite); nil leaves Cloudinary's default, true.
	Overwrite *bool
	// ChunkSize is the size of each chunk of a chunked upload, at least
	// MinChunkSize; 0 is DefaultChunkSize. Setting it also asks for chunks
	// for any file of known size larger than one chunk, not only for files
	// over LargeFileSize.
	ChunkSize int64
}

// Upload stores a file as a new asset through the signed Upload API. The
// request carries the api_key and a signature of its parameters made with
// the API secret (SHA-1 unless WithSignatureAlgorithm says SHA256); the
// secret itself is never sent. Upload is a write: it is not repeated once
// the file may have reached the service.
//
// A file read from a reader whose size is known (an io.Seeker, or
// FromSizedReader) and over LargeFileSize, or over p.ChunkSize when that
// is set, is sent in chunks, as Cloudinary's SDKs send large files: one
// request a chunk of ChunkSize bytes (the last one shorter), all under one
// X-Unique-Upload-Id with its Content-Range ("bytes 0-19999999/73400320"),
// each signed anew. The service assembles them and answers the last with
// the asset. At most one chunk is held in memory at a time. A chunk is
// idempotent under its upload id, so a chunk whose request fails is sent
// again as a read would be (on a reset, a 5xx, a 429), and only that chunk:
// the upload resumes where it stopped. A chunk answered otherwise than as
// the protocol says (a finished asset before the last chunk, an unfinished
// upload after it) ends the upload with ErrMalformedResponse.
func (c *Client) Upload(ctx context.Context, f File, p *UploadParams, opts ...Option) (*AssetDetails, error) {
	if p == nil {
		p = &UploadParams{}
	}
	rt, err := resourceType(uploadOp.Op, p.ResourceType, true)
	if err != nil {
		return nil, err
	}
	switch {
	case f.r == nil && f.url == "":
		return nil, uploadOp.Invalid("file", "missing: build it with media.FromReader or media.FromURL")
	case f.r == nil && !hasRemoteScheme(f.url):
		return nil, uploadOp.Invalid("file", "%.40q is not an http, https, ftp, s3 or gs address or a data URI", f.url)
	case f.r != nil:
		if err := uploadOp.Reader("file", f.r); err != nil {
			return nil, err
		}
	}
	if f.sized && f.size < 0 {
		return nil, uploadOp.Invalid("file", "declared size %d is negative", f.size)
	}
	chunk, threshold := p.ChunkSize, p.ChunkSize
	switch {
	case chunk == 0:
		chunk, threshold = DefaultChunkSize, LargeFileSize
	case chunk < MinChunkSize:
		return nil, uploadOp.Invalid("chunk_size", "%d is below Cloudinary's minimum of %d bytes a chunk", chunk, MinChunkSize)
	}
	var params []string
	if f.url != "" {
		params = append(params, "file", f.url)
	}
	for _, kv := range [][2]string{{"public_id", p.PublicID}, {"folder", p.Folder}} {
		if controlChar(kv[1]) {
			return nil, uploadOp.Invalid(kv[0], "contains a control character")
		}
		if kv[1] != "" {
			params = append(params, kv[0], kv[1])
		}
	}
	if len(p.Tags) > 0 {
		if err := checkTags(uploadOp.Op, p.Tags); err != nil {
			return nil, err
		}
		params = append(params, "tags", strings.Join(p.Tags, ","))
	}
	if p.Overwrite != nil {
		params = append(params, "overwrite", strconv.FormatBool(*p.Overwrite))
	}
	if f.r != nil {
		if size, known := f.length(); known && size > threshold {
			return c.uploadChunks(ctx, rt, f, size, chunk, params, opts)
		}
	}
	params, err = c.signed(uploadOp.Op, params, time.Now())
	if err != nil {
		return nil, err
	}
	parts := formParts(params)
	if f.r != nil {
		parts = append(parts, f.part(f.r))
	}
	return uploadOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud, rt}, Upload: transport.MultipartForm(parts...)}, opts)
}

// part is the form's file part, carrying body under f's name.
func (f File) part(body io.Reader) transport.FormPart {
	return transport.FormPart{Field: "file", Filename: cmp.Or(f.name, "file"), ContentType: "application/octet-stream", Body: body,
		Names: transport.PartNames{Filename: "file"}}
}

// formParts turns name, value pairs into the text parts of a form, in
// order; each can be read again, so a form of text alone can be resent.
func formParts(params []string) []transport.FormPart {
	parts := make([]transport.FormPart, 0, len(params)/2+1)
	for i := 0; i+1 < len(params); i += 2 {
		parts = append(parts, transport.FormPart{Field: params[i], Body: strings.NewReader(params[i+1])})
	}
	return parts
}

func hasRemoteScheme(u string) bool {
	for _, s := range remoteSchemes {
		if len(u) > len(s) && strings.EqualFold(u[:len(s)], s) {
			return true
		}
	}
	return false
}

func controlChar(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}

// DestroyParams are the optional inputs of Destroy.
type DestroyParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type (type): "upload" when empty, "private",
	// "authenticated"…
	Type string
	// Invalidate asks the CDN to drop cached copies (invalidate).
	Invalidate bool
}

// Destroy deletes one asset through the signed Upload API. An asset that
// does not exist is ErrNotFound (the service says {"result":"not found"}
// with status 200). Destroy is a write.
func (c *Client) Destroy(ctx context.Context, publicID string, p *DestroyParams, opts ...Option) (*DestroyResult, error) {
	if p == nil {
		p = &DestroyParams{}
	}
	rt, err := resourceType(destroyOp.Op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	if bad := publicIDProblem(publicID); bad != "" {
		return nil, destroyOp.Invalid("public_id", "%s", bad)
	}
	params, err := appendText(destroyOp.Op, []string{"public_id", publicID}, "type", p.Type)
	if err != nil {
		return nil, err
	}
	if p.Invalidate {
		params = append(params, "invalidate", "true")
	}
	return signedCall(ctx, c, destroyOp, rt, params, opts)
}

// publicIDProblem says why id cannot name an asset, or returns "".
func publicIDProblem(id string) string {
	switch {
	case id == "":
		return "is empty"
	case controlChar(id):
		return "contains a control character"
	}
	for _, seg := range strings.Split(id, "/") {
		if seg == "" || transport.DotSegment(seg) {
			return "has an empty, . or .. segment (or one percent-encoded)"
		}
	}
	return ""
}

// TagParams are the optional inputs of AddTag and RemoveTag.
type TagParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type of the assets (type): "upload" when empty.
	Type string
}

// AddTag adds tag to the assets named by publicIDs (at most 1000, the
// service's limit) through the signed Upload API, and returns the public
// ids it tagged. It is a write, though adding a tag twice changes nothing.
func (c *Client) AddTag(ctx context.Context, tag string, publicIDs []string, p *TagParams, opts ...Option) (*TagResult, error) {
	return c.tags(ctx, addTagOp, "add", tag, publicIDs, p, opts)
}

// RemoveTag removes tag from the assets named by publicIDs (at most 1000)
// through the signed Upload API, and returns the public ids it changed.
func (c *Client) RemoveTag(ctx context.Context, tag string, publicIDs []string, p *TagParams, opts ...Option) (*TagResult, error) {
	return c.tags(ctx, removeTagOp, "remove", tag, publicIDs, p, opts)
}

// maxTagged is how many public ids one tags call may name.
const maxTagged = 1000

func (c *Client) tags(ctx context.Context, op *transport.Endpoint[TagResult], command, tag string, ids []string, p *TagParams, opts []Option) (*TagResult, error) {
	if p == nil {
		p = &TagParams{}
	}
	rt, err := resourceType(op.Op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	if tag == "" || controlChar(tag) {
		return nil, op.Invalid("tag", "must be a non-empty tag without control characters")
	}
	params, err := appendIDs(op.Op, []string{"command", command, "tag", tag}, ids)
	if err != nil {
		return nil, err
	}
	if params, err = appendText(op.Op, params, "type", p.Type); err != nil {
		return nil, err
	}
	return signedCall(ctx, c, op, rt, params, opts)
}
