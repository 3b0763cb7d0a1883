package imageedit

import (
	"context"
	"io"
	"net/url"
	"path/filepath"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// imageTypes are the answers accepted as an image; anything else declared
// (a JSON or HTML failure page at status 200) is an *Error.
var imageTypes = []string{"image/*", "application/octet-stream"}

// EditFileField is the form field EditFile puts the image in, as the
// service documents for POST /v2/edit.
const EditFileField = "imageFile"

// Edit fetches the image at imageURL (an absolute http or https URL), edits
// it as p says (GET /v2/edit) and returns the result as a stream: the
// caller reads and closes Image.Body. A 200 answer that is not an image (a
// JSON failure body) is an *Error.
func (c *Client) Edit(ctx context.Context, imageURL string, p *EditParams, opts ...Option) (*Image, error) {
	if p == nil {
		p = &EditParams{}
	}
	if u, err := url.Parse(imageURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, editOp.Invalid("imageUrl", "must be an absolute http or https URL")
	}
	q, err := p.values(editOp.Op)
	if err != nil {
		return nil, err
	}
	return c.image(ctx, editOp, transport.Call{Query: append([]string{"imageUrl", imageURL}, q...)}, opts)
}

// EditFile uploads file as the imageFile of a multipart/form-data POST
// /v2/edit, with p's parameters as form fields before it, and returns the
// edited image as a stream the caller reads and closes: the alternative to
// Edit for an image that has no URL. Both ways are streamed: the upload is
// copied from file as it is sent. Like Segment it is a write (each edit is
// charged), sent again only when it provably never left or was answered
// 429, and then only when file is an io.Seeker. name is the file name sent
// with the part; empty means the base name of an *os.File, else "image".
func (c *Client) EditFile(ctx context.Context, file io.Reader, name string, p *EditParams, opts ...Option) (*Image, error) {
	if p == nil {
		p = &EditParams{}
	}
	if err := editFileOp.Reader(EditFileField, file); err != nil {
		return nil, err
	}
	name, ctype := partNames(file, name, "")
	fields, err := p.values(editFileOp.Op)
	if err != nil {
		return nil, err
	}
	m := transport.MultipartFile(EditFileField, name, ctype, file)
	m.Fields(fields...)
	return c.image(ctx, editFileOp, transport.Call{Upload: m}, opts)
}

// image sends call and hands back the image it answers with, unread, with
// the metadata its headers carry.
func (c *Client) image(ctx context.Context, op *transport.DownloadEndpoint, call transport.Call, opts []Option) (*Image, error) {
	var resp conduit.Response
	body, contentType, err := op.Open(ctx, c.t, call, append(opts[:len(opts):len(opts)], conduit.WithResponse(&resp)))
	if err != nil {
		return nil, err
	}
	img := &Image{Body: body, ContentType: contentType}
	img.readHeaders(resp.Header)
	return img, nil
}

// Account returns the account record of the key: its credits, and whatever
// else the service sends, through RawJSON and Decode.
func (c *Client) Account(ctx context.Context, opts ...Option) (*Account, error) {
	return accountOp.Do(ctx, c.t, transport.Call{}, opts)
}

// fileName is the name an upload goes by when the caller gives none.
func fileName(file io.Reader) string {
	if f, ok := file.(interface{ Name() string }); ok && f.Name() != "" {
		return filepath.Base(f.Name())
	}
	return "image"
}
