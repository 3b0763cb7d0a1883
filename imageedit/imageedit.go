// Package imageedit is a client for the image-editing interface: it edits an
// image fetched from a URL (background removal, shadows, new backgrounds,
// resizing), removes the background of an uploaded file, and reports the
// account's credits.
//
// Base URLs, one placeholder per host:
//   - image_edit_url (Edit; the default): conduit.WithBaseURL or CONDUIT_IMAGE_EDIT_URL
//   - image_url (Account): WithAccountURL or CONDUIT_IMAGE_URL
//   - segment_url (Segment): WithSegmentURL or CONDUIT_SEGMENT_URL
//
// Credentials: every operation sends the API key in the x-api-key header,
// and nowhere else. Set it with WithAPIKey or CONDUIT_IMAGEEDIT_API_KEY.
// Keys that start with "sandbox_" are free test keys whose results carry a
// watermark; IsSandboxKey tells them apart. The spec publishes no rate limit.
//
// Edited images are streamed: Edit and Segment return the open response
// body, never a buffer, and Segment sends its upload straight from the
// io.Reader it is given.
//
//	c, err := imageedit.New(imageedit.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	img, err := c.Edit(ctx, "https://example.com/shoe.jpg", &imageedit.EditParams{RemoveBackground: true})
//	if err != nil {
//		return err
//	}
//	defer img.Body.Close()
//	_, err = io.Copy(out, img.Body)
package imageedit

import (
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const (
	editURL    = "image_edit_url"
	accountURL = "image_url"
	segmentURL = "segment_url"
)

var service = &transport.Service{
	Name:   "imageedit",
	Bases:  []string{editURL, accountURL, segmentURL},
	Auth:   transport.Auth{Scheme: transport.Header, Name: "x-api-key", Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "imageedit.WithAPIKey", Secret: true}},
}

// Client calls the image-editing interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment. A
// missing key or base URL is reported by the first call that needs it.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// WithAPIKey sets the key sent as x-api-key, overriding
// CONDUIT_IMAGEEDIT_API_KEY.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// WithAccountURL sets the image_url base that Account uses, overriding
// CONDUIT_IMAGE_URL.
func WithAccountURL(u string) Option { return transport.WithNamedBaseURL(accountURL, u) }

// WithSegmentURL sets the segment_url base that Segment uses, overriding
// CONDUIT_SEGMENT_URL.
func WithSegmentURL(u string) Option { return transport.WithNamedBaseURL(segmentURL, u) }

// IsSandboxKey reports whether key is a sandbox key, which the service
// accepts free of charge but answers with watermarked images.
func IsSandboxKey(key string) bool { return strings.HasPrefix(key, "sandbox_") }
