package imageedit

import (
	"context"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// imageTypes are the answers accepted as an image; anything else declared
// (a JSON or HTML failure page at status 200) is an *Error.
var imageTypes = []string{"image/*", "application/octet-stream"}

// EditParams are Edit's optional inputs.
type EditParams struct {
	// RemoveBackground asks for the subject cut out of its background.
	RemoveBackground bool
	// Extra passes the query parameters the spec does not name (shadows,
	// new backgrounds, resizing), sent after imageUrl and removeBackground
	// in sorted name order. It may not set imageUrl or removeBackground.
	Extra url.Values
}

// Edit fetches the image at imageURL (an absolute http or https URL), edits
// it as p says and returns the result as a stream: the caller reads and
// closes Image.Body. A 200 answer that is not an image (a JSON failure body)
// is an *Error.
func (c *Client) Edit(ctx context.Context, imageURL string, p *EditParams, opts ...Option) (*Image, error) {
	if p == nil {
		p = &EditParams{}
	}
	if u, err := url.Parse(imageURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, editOp.Invalid("imageUrl", "must be an absolute http or https URL")
	}
	q := []string{"imageUrl", imageURL, "removeBackground", strconv.FormatBool(p.RemoveBackground)}
	keys := make([]string, 0, len(p.Extra))
	for k := range p.Extra {
		switch {
		case k == "":
			return nil, editOp.Invalid("Extra", "has an empty parameter name")
		case strings.EqualFold(k, "imageUrl") || strings.EqualFold(k, "removeBackground"):
			return nil, editOp.Invalid(k, "is set by Edit's own arguments, not by Extra")
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range p.Extra[k] {
			q = append(q, k, v)
		}
	}
	return image(editOp.Open(ctx, c.t, transport.Call{Query: q}, opts))
}

// image sends req and hands back the image it answers with, unread.
func image(body io.ReadCloser, contentType string, err error) (*Image, error) {
	if err != nil {
		return nil, err
	}
	return &Image{Body: body, ContentType: contentType}, nil
}

// Account returns the account record of the key: its credits, and whatever
// else the service sends, through RawJSON and Decode.
func (c *Client) Account(ctx context.Context, opts ...Option) (*Account, error) {
	return accountOp.Do(ctx, c.t, transport.Call{}, opts)
}
