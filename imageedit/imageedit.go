// Package imageedit is a client for the image-editing interface: it edits an
// image fetched from a URL (Edit) or uploaded (EditFile) — background
// removal, new or generated backgrounds, shadows, relighting, resizing and
// positioning, export format, and the rest of the v2 edit parameters,
// typed in EditParams and checked before sending — removes the background
// of an uploaded file with its documented options (Segment), and reports
// the account's credits.
//
// Base URLs, one placeholder per host, each by default the service's own
// address:
//   - image_edit_url (Edit, EditFile; the default placeholder): by default
//     https://image-api.photoroom.com; conduit.WithBaseURL or
//     CONDUIT_IMAGEEDIT_IMAGE_EDIT_URL
//   - image_url (Account): by default https://image-api.photoroom.com;
//     WithAccountURL or CONDUIT_IMAGEEDIT_IMAGE_URL
//   - segment_url (Segment): by default https://sdk.photoroom.com;
//     WithSegmentURL or CONDUIT_IMAGEEDIT_SEGMENT_URL
//
// Credentials: every operation sends the API key in the x-api-key header,
// and nowhere else. Set it with WithAPIKey or CONDUIT_IMAGEEDIT_API_KEY.
// Keys that start with "sandbox_" are free test keys whose results carry a
// watermark; IsSandboxKey tells them apart. The spec publishes no rate limit.
//
// Edited images are streamed: Edit, EditFile and Segment return the open
// response body, never a buffer, and EditFile and Segment send their
// upload straight from the io.Reader they are given. What the service says
// of the image in its headers (the cut-out's uncertainty score, the seed of
// a generated background, the texts found) is typed on Image.
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
//
// # Failures
//
// Failures are JSON in one of two shapes: {"detail", "status_code", "type"}
// from the segmentation API, whose type is Error.Code and detail
// Error.Message, and {"error": {"message"}} from the edit and account APIs,
// which name no code. A parameter the service refuses comes as {"detail":
// [{"loc", "msg", "type"}]}: msg is the Message, type the Reason. The
// service sends no request id, no wait and no budget headers.
//
//	service sends                                   conduit reports
//	403 (invalid_api_key, forbidden,                ErrUnauthorized, not retried
//	  insufficient_permissions, or no type); 401
//	402 (credits spent), 403 plan_limit_exceeded    ErrRateLimited, not retried: no wait lifts it
//	429 (rate_limit_exceeded, 500 images a minute)  ErrRateLimited; retried after Retry-After or
//	                                                  the backoff, the upload too (a seekable one)
//	400, 422 (a bad image, an unreachable           ErrAPI, not retried
//	  imageUrl, a bad parameter)
//	404                                             ErrNotFound
//	5xx                                             ErrAPI; Edit and Account retried, EditFile
//	                                                  and Segment (charged uploads) not
//	a 200 that is not an image (JSON, HTML)         ErrAPI with the JSON's code and message, or
//	                                                  ErrMalformedResponse for a page
//
// For an endpoint this package does not type, use Do; conduit.WithBase
// sends it to image_url or segment_url. Not typed: GET /v2/account (the
// v1 record is the spec's), the template render endpoint, and the edit
// parameters that are their own products or deprecated — flat lay, ghost
// mannequin, virtual model, edit with AI and image from prompt, layers, the
// shadow overrides of the 2026-04-15 model, background.expandPrompt, the
// legacy background.negativePrompt, and the image-file forms of the
// background and guidance images; EditParams.Extra sends any of them.
package imageedit

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

const (
	editURL    = "image_edit_url"
	accountURL = "image_url"
	segmentURL = "segment_url"
)

// service reads the failures the service sends: {"detail", "status_code",
// "type"} from the edit API, {"error": {"message"}} from the older
// endpoints. A 402 means the credits are spent: a rate limit no wait lifts.
var service = transport.Register(&transport.Service{
	Name: "imageedit",
	Bases: []transport.Base{
		{Name: editURL, Option: "conduit.WithBaseURL", PathVersion: "v2", Default: "https://image-api.photoroom.com"},
		{Name: accountURL, Option: "imageedit.WithAccountURL", PathVersion: "v1", Default: "https://image-api.photoroom.com"},
		{Name: segmentURL, Option: "imageedit.WithSegmentURL", PathVersion: "v1", Default: "https://sdk.photoroom.com"},
	},
	Auth:   transport.Auth{Scheme: transport.Header, Name: "x-api-key", Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "imageedit.WithAPIKey", Secret: true}},
	Errors: transport.Profile{
		Code:    []string{"type", "error.type", "error.code"},
		Message: []string{"error.message", "error.detail", "detail", "detail.0.msg", "message"},
		Reason:  []string{"detail.0.type"},
		Status: map[int]transport.Meaning{
			402: transport.QuotaExceeded,
		},
		Codes: map[string]transport.Meaning{
			"invalid_api_key":          transport.Unauthorized,
			"forbidden":                transport.Unauthorized,
			"insufficient_permissions": transport.Unauthorized,
			"plan_limit_exceeded":      transport.QuotaExceeded,
			"rate_limit_exceeded":      transport.RateLimited,
		},
	},
})

var (
	editOp     = transport.DeclareDownload(service, transport.Op{Name: "Edit", Method: "GET", Path: "/v2/edit", Accept: "image/*"}, imageTypes...)
	editFileOp = transport.DeclareDownload(service, transport.Op{Name: "EditFile", Method: "POST", Path: "/v2/edit", Accept: "image/*", Write: true}, imageTypes...)
	accountOp  = transport.Declare[Account](service, transport.Op{Name: "Account", Method: "GET", Base: accountURL, Path: "/v1/account"}, nil)
	segmentOp  = transport.DeclareDownload(service, transport.Op{Name: "Segment", Method: "POST", Base: segmentURL, Path: "/v1/segment",
		Accept: "image/*", Write: true}, imageTypes...)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the key, limits, retries and errors of the typed methods; see
// conduit's documentation of Do. Paths are relative to image_edit_url;
// conduit.WithBase names another base.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// WithAPIKey sets the key sent as x-api-key, overriding
// CONDUIT_IMAGEEDIT_API_KEY.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// WithAccountURL sets the image_url base that Account uses, overriding
// CONDUIT_IMAGEEDIT_IMAGE_URL.
func WithAccountURL(u string) Option { return service.SetBase(accountURL, u) }

// WithSegmentURL sets the segment_url base that Segment uses, overriding
// CONDUIT_IMAGEEDIT_SEGMENT_URL.
func WithSegmentURL(u string) Option { return service.SetBase(segmentURL, u) }

// IsSandboxKey reports whether key is a sandbox key, which the service
// accepts free of charge but answers with watermarked images.
func IsSandboxKey(key string) bool { return strings.HasPrefix(key, "sandbox_") }
