package transport

import (
	"context"
	"fmt"
	"io"
	"mime"
	"strings"
)

// StreamMedia is Stream for a download that must be one of the media types
// in want ("image/*" matches every image type). Some services answer a bad
// request with status 200 and a JSON or HTML page instead of the file; such
// a body, of a declared type not in want, is read (capped), redacted and
// returned as an *Error carrying its provider code and message; its cause is
// ErrAPI when the body names a failure, else ErrMalformedResponse. A
// response without a Content-Type is passed through: nothing says it is not
// the download. It returns the open body, which the caller must close, and
// its Content-Type.
func (c *Client) StreamMedia(ctx context.Context, req *Request, want ...string) (io.ReadCloser, string, error) {
	resp, red, attempts, err := c.send(ctx, req)
	if err != nil {
		return nil, "", err
	}
	ct := resp.Header.Get("Content-Type")
	if ct == "" || MediaTypeMatches(ct, want...) {
		return resp.Body, ct, nil
	}
	e := errorFromResponse(resp, red)
	e.Service, e.Op, e.Endpoint, e.Attempts = c.svc.Name, req.Op, req.Endpoint(), attempts
	e.Err = ErrMalformedResponse
	if e.Code != "" || (e.Message != "" && isJSON(e.BodyType, e.Body)) {
		e.Err = ErrAPI
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("expected %s, got %s", strings.Join(want, " or "), red.string(ct))
	}
	return nil, "", e
}

// MediaTypeMatches reports whether the Content-Type ct is one of patterns,
// each a media type ("image/png") or a type wildcard ("image/*"), compared
// without parameters or case.
func MediaTypeMatches(ct string, patterns ...string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	for _, p := range patterns {
		p = strings.ToLower(p)
		if mt == p || (strings.HasSuffix(p, "/*") && strings.HasPrefix(mt, p[:len(p)-1])) {
			return true
		}
	}
	return false
}
