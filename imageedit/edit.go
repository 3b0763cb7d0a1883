package imageedit

import (
	"context"
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
func (c *Client) Edit(ctx context.Context, imageURL string, p *EditParams) (*Image, error) {
	const op = "Edit"
	if p == nil {
		p = &EditParams{}
	}
	if u, err := url.Parse(imageURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, c.t.InvalidParam(op, "imageUrl", "must be an absolute http or https URL")
	}
	q := []string{"imageUrl", imageURL, "removeBackground", strconv.FormatBool(p.RemoveBackground)}
	keys := make([]string, 0, len(p.Extra))
	for k := range p.Extra {
		switch {
		case k == "":
			return nil, c.t.InvalidParam(op, "Extra", "has an empty parameter name")
		case strings.EqualFold(k, "imageUrl") || strings.EqualFold(k, "removeBackground"):
			return nil, c.t.InvalidParam(op, k, "is set by Edit's own arguments, not by Extra")
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range p.Extra[k] {
			q = append(q, k, v)
		}
	}
	return c.image(ctx, &transport.Request{Op: op, Method: "GET", Path: "/v2/edit", Query: q})
}

// image sends req and hands back the image it answers with, unread.
func (c *Client) image(ctx context.Context, req *transport.Request) (*Image, error) {
	req.Accept = "image/*"
	body, ct, err := c.t.StreamMedia(ctx, req, imageTypes...)
	if err != nil {
		return nil, err
	}
	return &Image{Body: body, ContentType: ct}, nil
}

// Account returns the account record of the key: its credits, and whatever
// else the service sends, through RawJSON and Decode.
func (c *Client) Account(ctx context.Context) (*Account, error) {
	var a Account
	if err := c.t.Do(ctx, &transport.Request{Op: "Account", Method: "GET", Base: accountURL, Path: "/v1/account"}, &a); err != nil {
		return nil, err
	}
	return &a, nil
}
